// Private Apache Kafka instances in KRaft mode (no ZooKeeper) for tests and benchmarks: a storage format step, then
// `kafka.Kafka server.properties` on the machine's Java, from the jars `make kafka` copies into .tools/kafka/libs.
// Plain JavaScript on Node's built-ins only, so the benchmarks (.mjs) and the Jest support (test/support/kafka.ts)
// share it. Every node is a child process killed by pid; its folder goes with it.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const KAFKA_LIBS = path.join(ROOT, ".tools/kafka/libs");
const LOG4J_CONFIG = path.join(ROOT, "test/kafka/log4j2.properties");
/** The log line Kafka prints once the node serves clients (INFO of kafka.server.KafkaRaftServer, see log4j2.properties). */
const STARTED = /Kafka Server started/;

// The machine has two shared cores: a small heap, the serial collector and the C1 compiler only keep a node at about
// 300 MB RSS and start it in about 3 s.
const JVM_FLAGS = ["-Xms64m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k", "-Djava.awt.headless=true"];

/** Whether `make kafka` brought the jars a node runs from. */
export function kafkaInstalled() {
  return existsSync(path.join(KAFKA_LIBS, "kafka_2.13-4.4.0.jar"));
}

/** Nodes started and not yet stopped: killed if the process leaves without stopping them (a crashed test run). */
const live = new Set();
process.once("exit", () => {
  for (const node of live) node.child?.kill("SIGKILL");
});

/**
 * Starts `nodes` combined controller+broker nodes (1 or 3) on free loopback ports and resolves once every one
 * printed that it started. A node that exits while starting rejects at once with its exit status and the tail of
 * its log (a bad config, a taken port, a missing Java), never a long timeout.
 * `fullJit` lets the JVM compile hot code fully (benchmarks: more start-up CPU, faster under load).
 * @param {{ nodes?: number, startTimeoutMs?: number, extraConfig?: Record<string, string>, fullJit?: boolean }} [options]
 */
export async function startKafka({ nodes = 1, startTimeoutMs = 90_000, extraConfig = {}, fullJit = false } = {}) {
  if (!kafkaInstalled()) {
    throw new Error(`Kafka's jars are missing from ${KAFKA_LIBS}: run \`make kafka\` (Maven Central, test/kafka/pom.xml)`);
  }
  const root = mkdtempSync(path.join(os.tmpdir(), "kafka-"));
  const members = [];
  for (let id = 1; id <= nodes; id++) members.push({ id, port: await freePort(), controllerPort: await freePort(), dir: path.join(root, `node-${id}`) });
  const voters = members.map((m) => `${m.id}@127.0.0.1:${m.controllerPort}`).join(",");
  const replication = String(Math.min(nodes, 3));
  const clusterId = base64Uuid();
  const cluster = {
    bootstrap: members.map((m) => `127.0.0.1:${m.port}`).join(","),
    root,
    nodes: members.map((m) => makeNode(m, { voters, replication, minIsr: nodes >= 3 ? "2" : "1", extraConfig, clusterId, startTimeoutMs, fullJit })),
    async stop() {
      await Promise.all(cluster.nodes.map((n) => n.kill()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    for (const node of cluster.nodes) node.format();
    await Promise.all(cluster.nodes.map((n) => n.start()));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

function makeNode(member, { voters, replication, minIsr, extraConfig, clusterId, startTimeoutMs, fullJit }) {
  mkdirSync(member.dir, { recursive: true });
  const config = path.join(member.dir, "server.properties");
  const properties = {
    "process.roles": "broker,controller",
    "node.id": String(member.id),
    "controller.quorum.voters": voters,
    listeners: `PLAINTEXT://127.0.0.1:${member.port},CONTROLLER://127.0.0.1:${member.controllerPort}`,
    "advertised.listeners": `PLAINTEXT://127.0.0.1:${member.port}`,
    "controller.listener.names": "CONTROLLER",
    "inter.broker.listener.name": "PLAINTEXT",
    "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
    "log.dirs": path.join(member.dir, "data"),
    "num.partitions": "1",
    "default.replication.factor": replication,
    "min.insync.replicas": minIsr,
    "offsets.topic.replication.factor": replication,
    // 50 partitions (the default) make the first consumer group wait for their creation; tests need few.
    "offsets.topic.num.partitions": "4",
    "transaction.state.log.replication.factor": replication,
    "transaction.state.log.min.isr": minIsr,
    "share.coordinator.state.topic.replication.factor": replication,
    "share.coordinator.state.topic.min.isr": minIsr,
    // A test's consumer group should start at once, not after the default 3 s wait for more members.
    "group.initial.rebalance.delay.ms": "0",
    "group.consumer.min.session.timeout.ms": "1000",
    "group.classic.min.session.timeout.ms": "1000",
    "auto.create.topics.enable": "true",
    ...extraConfig,
  };
  writeFileSync(config, Object.entries(properties).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  const node = {
    id: member.id,
    port: member.port,
    address: `127.0.0.1:${member.port}`,
    dir: member.dir,
    child: undefined,
    log: [],
    format() {
      const result = spawnSync("java", [...jvm(), "kafka.tools.StorageTool", "format", `--cluster-id=${clusterId}`, "--config", config, "--ignore-formatted"], { encoding: "utf8" });
      if (result.error) throw new Error(`java could not run (${result.error.message}): Kafka needs Java 17 on PATH`);
      if (result.status !== 0) throw new Error(`formatting Kafka node ${member.id} failed (exit ${result.status}): ${(result.stderr || result.stdout).trim().slice(-2000)}`);
    },
    /** Starts the node (again, on the same ports and data after a kill) and resolves once it serves clients. */
    start() {
      const child = spawn("java", [...jvm(fullJit), "kafka.Kafka", config], { stdio: ["ignore", "pipe", "pipe"] });
      node.child = child;
      node.log = [];
      live.add(node);
      const exited = new Promise((resolve) => child.once("close", resolve));
      node.exited = exited;
      return new Promise((resolve, reject) => {
        let pending = "";
        const timer = setTimeout(() => fail(new Error(`Kafka node ${member.id} did not start within ${startTimeoutMs} ms:\n${node.log.slice(-30).join("\n")}`)), startTimeoutMs);
        const onData = (chunk) => {
          pending += chunk.toString("utf8");
          const lines = pending.split("\n");
          pending = lines.pop() ?? "";
          for (const line of lines) {
            node.log.push(line);
            if (node.log.length > 200) node.log.shift();
            if (STARTED.test(line)) done();
          }
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.once("error", (error) => fail(new Error(`java could not start (${error.message}): Kafka needs Java 17 on PATH`)));
        child.once("exit", (code, signal) => fail(new Error(`Kafka node ${member.id} exited while starting (${signal ?? `code ${code}`}):\n${node.log.slice(-30).join("\n")}`)));
        let settled = false;
        function done() {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(node);
        }
        function fail(error) {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          child.kill("SIGKILL");
          reject(error);
        }
      });
    },
    /** SIGKILL by pid (a crashed broker), resolving once the process is gone; the data folder stays for a restart. */
    async kill() {
      const child = node.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await node.exited;
      live.delete(node);
    },
  };
  return node;
}

function jvm(fullJit = false) {
  return [...JVM_FLAGS.filter((flag) => !(fullJit && flag.startsWith("-XX:TieredStopAtLevel"))), `-Dlog4j2.configurationFile=${LOG4J_CONFIG}`, "-cp", `${KAFKA_LIBS}/*`];
}

/**
 * Kafka's cluster ids are 16 random bytes in URL-safe base64 without padding (what `StorageTool random-uuid` prints).
 * One may start with "-": it is passed as `--cluster-id=<id>`, or the argument parser takes it for an option.
 */
function base64Uuid() {
  return randomBytes(16).toString("base64url");
}

/**
 * A loopback port below Linux's ephemeral range, bindable now and not handed out before by this process (a
 * node's two ports are drawn before it binds either); under Jest, from the slice test/support/ports.ts gives the
 * worker, so a second Jest process (TEST_PORT_SLICE) never draws the ports a first one is about to bind.
 */
async function freePort() {
  const worker = Number(process.env.JEST_WORKER_ID);
  const size = 1596;
  const [first, end] = Number.isInteger(worker) && worker >= 1 ? ((slice) => [20_000 + slice * size, 20_000 + (slice + 1) * size])((worker - 1 + (Number(process.env.TEST_PORT_SLICE) || 0)) % 8) : [20_000, 32_768];
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = first + Math.floor(Math.random() * (end - first));
    if (handedOut.has(port)) continue;
    if (await new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    })) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${first}-${end - 1} after 200 draws`);
}

const handedOut = new Set();
