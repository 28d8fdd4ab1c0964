import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Cluster, Redis } from "ioredis";
import { tcpReachable } from "./brokers.js";
import { freePort, waitFor } from "./ports.js";

/**
 * Private Redis deployments for tests that kill or fail over servers: a Redis Cluster and a
 * Sentinel-managed primary, in a temp folder on free loopback ports, never the shared Redis.
 * Start one per test file (beforeAll) and stop it in afterAll: every process is killed by pid and
 * the folder removed.
 */

const HOST = "127.0.0.1";

/** The deployments this test file started: conformance targets (targets.ts) point at them. */
const running: { cluster?: RedisClusterUnderTest; sentinel?: RedisSentinelUnderTest } = {};

export function runningRedisCluster(): RedisClusterUnderTest {
  if (!running.cluster) throw new Error("no private Redis Cluster runs in this test file: start one with RedisClusterUnderTest.start() in beforeAll");
  return running.cluster;
}

export function runningRedisSentinel(): RedisSentinelUnderTest {
  if (!running.sentinel) throw new Error("no private Redis Sentinel deployment runs in this test file: start one with RedisSentinelUnderTest.start() in beforeAll");
  return running.sentinel;
}

/** One redis-server (or Sentinel) process. */
class Server {
  private exited: Promise<void>;

  constructor(
    readonly port: number,
    readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
  }

  get address(): string {
    return `${HOST}:${this.port}`;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL by pid: a crash, not a shutdown. */
  async kill(): Promise<void> {
    if (this.alive) this.child.kill("SIGKILL");
    await this.exited;
  }
}

async function spawnServer(port: number, args: string[]): Promise<Server> {
  const child = spawn("redis-server", args, { stdio: "ignore" });
  const server = new Server(port, child);
  await waitFor(() => tcpReachable(HOST, port, 200), { timeoutMs: 5000, what: `redis-server on ${port}` });
  return server;
}

/** Runs a command on one server with a short-lived connection. */
async function on<T>(port: number, run: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis({ host: HOST, port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    return await run(redis);
  } finally {
    redis.disconnect();
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}: ${output}`))));
  });
}

interface ClusterNodeLine {
  id: string;
  port: number;
  flags: string[];
  masterId: string;
  slots: Array<[number, number]>;
}

function parseClusterNodes(text: string): ClusterNodeLine[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const [id, address, flags, masterId, , , , , ...slots] = line.trim().split(" ");
      const port = Number(/:(\d+)@/.exec(address!)![1]);
      return {
        id: id!,
        port,
        flags: flags!.split(","),
        masterId: masterId!,
        slots: slots.filter((s) => /^\d+(-\d+)?$/.test(s)).map((s) => {
          const [from, to] = s.split("-").map(Number);
          return [from!, to ?? from!] as [number, number];
        }),
      };
    });
}

/** A Redis Cluster: `primaries` primaries with `replicasPerPrimary` replicas each. */
export class RedisClusterUnderTest {
  private constructor(
    private readonly dir: string,
    readonly servers: Server[],
  ) {}

  static async start({ primaries = 3, replicasPerPrimary = 0 } = {}): Promise<RedisClusterUnderTest> {
    const dir = await mkdtemp(join(tmpdir(), "redis-cluster-"));
    const servers: Server[] = [];
    const cluster = new RedisClusterUnderTest(dir, servers);
    try {
      const count = primaries * (1 + replicasPerPrimary);
      for (let i = 0; i < count; i++) {
        // The cluster bus gets its own free port (cluster-port), not port + 10000, which may be taken or out of range.
        const [port, busPort] = [await freePort(), await freePort()];
        const args = ["--port", String(port), "--cluster-port", String(busPort), "--bind", HOST, "--cluster-enabled", "yes"];
        args.push("--cluster-config-file", join(dir, `nodes-${port}.conf`), "--dir", dir, "--save", "", "--appendonly", "no");
        // Fail over within about a second of a primary's death; any replica may take over, however long it was cut off.
        args.push("--cluster-node-timeout", "1000", "--cluster-replica-validity-factor", "0");
        servers.push(await spawnServer(port, args));
      }
      await run("redis-cli", ["--cluster", "create", ...servers.map((s) => s.address), "--cluster-replicas", String(replicasPerPrimary), "--cluster-yes"]);
      await waitFor(() => cluster.healthy(), { timeoutMs: 15_000, intervalMs: 100, what: "the cluster to be ok on every node" });
      running.cluster = cluster;
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  /** A client of the test's own that follows the cluster as any application would; disconnect it when done. */
  client(): Cluster {
    const client = new Cluster(this.servers.map((s) => ({ host: HOST, port: s.port })));
    client.on("error", () => undefined);
    return client;
  }

  /** `redisHost` for a component: every node as a seed. */
  get seeds(): string {
    return this.servers.map((s) => s.address).join(",");
  }

  /** Every live node reports cluster_state:ok and agrees on every slot's primary. */
  async healthy(): Promise<boolean> {
    const live = this.servers.filter((s) => s.alive);
    const views = await Promise.all(
      live.map((s) =>
        on(s.port, async (r) => {
          const info = String(await r.call("CLUSTER", "INFO"));
          return { ok: info.includes("cluster_state:ok"), nodes: parseClusterNodes(String(await r.call("CLUSTER", "NODES"))) };
        }),
      ),
    );
    if (!views.every((v) => v.ok)) return false;
    const owners = views.map((v) => JSON.stringify(v.nodes.filter((n) => n.flags.includes("master") && !n.flags.includes("fail") && n.slots.length > 0).map((n) => [n.port, n.slots]).sort()));
    return owners.every((o) => o === owners[0]);
  }

  private live(): Server {
    const server = this.servers.find((s) => s.alive);
    if (!server) throw new Error("no cluster node is alive");
    return server;
  }

  /** The primary serving `key`'s slot, as the live nodes see it. */
  async primaryOf(key: string): Promise<Server> {
    return on(this.live().port, async (r) => {
      const slot = Number(await r.call("CLUSTER", "KEYSLOT", key));
      const nodes = parseClusterNodes(String(await r.call("CLUSTER", "NODES")));
      const owner = nodes.find((n) => n.flags.includes("master") && !n.flags.includes("fail") && n.slots.some(([from, to]) => slot >= from && slot <= to));
      const server = owner && this.servers.find((s) => s.port === owner.port);
      if (!server) throw new Error(`no primary serves slot ${slot}`);
      return server;
    });
  }

  /** Kills the primary of `key`'s slot and resolves once a replica took its slots over (cluster ok again). */
  async killPrimaryOf(key: string): Promise<{ killed: Server; promoted: Server }> {
    const killed = await this.primaryOf(key);
    await killed.kill();
    let promoted: Server | undefined;
    await waitFor(
      async () => {
        if (!(await this.healthy())) return false;
        promoted = await this.primaryOf(key);
        return promoted !== killed;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: `a replica to take over from ${killed.address}` },
    );
    return { killed, promoted: promoted! };
  }

  async stop(): Promise<void> {
    if (running.cluster === this) running.cluster = undefined;
    await Promise.all(this.servers.map((s) => s.kill()));
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** A primary, its replica(s) and three Sentinels monitoring it as `masterName`. */
export class RedisSentinelUnderTest {
  readonly masterName = "runtime-primary";

  private constructor(
    private readonly dir: string,
    readonly redis: Server[],
    readonly sentinels: Server[],
  ) {}

  /**
   * `minReplicasToWrite` on the first primary: Redis replicates asynchronously, so without it the
   * old primary keeps accepting writes between the replica's promotion and the clients' switch,
   * and those writes vanish when the Sentinels turn it into a replica (Redis' documented advice).
   */
  static async start({ replicas = 1, minReplicasToWrite = 1 } = {}): Promise<RedisSentinelUnderTest> {
    const dir = await mkdtemp(join(tmpdir(), "redis-sentinel-"));
    const deployment = new RedisSentinelUnderTest(dir, [], []);
    try {
      const base = ["--bind", HOST, "--save", "", "--appendonly", "no", "--dir", dir];
      const primaryPort = await freePort();
      deployment.redis.push(await spawnServer(primaryPort, ["--port", String(primaryPort), ...base, "--min-replicas-to-write", String(minReplicasToWrite), "--min-replicas-max-lag", "10"]));
      for (let i = 0; i < replicas; i++) {
        const port = await freePort();
        deployment.redis.push(await spawnServer(port, ["--port", String(port), ...base, "--replicaof", HOST, String(primaryPort)]));
      }
      // The Sentinels learn the replicas from the primary's INFO when they connect: replicas first.
      // Online replicas only count towards min-replicas-to-write.
      await waitFor(async () => ((await on(primaryPort, (r) => r.info("replication"))).match(/state=online/g) ?? []).length === replicas, { timeoutMs: 10_000, what: "replicas to sync" });
      for (let i = 0; i < 3; i++) {
        const port = await freePort();
        const conf = join(dir, `sentinel-${port}.conf`);
        await writeFile(
          conf,
          [
            `port ${port}`,
            `bind ${HOST}`,
            `dir ${dir}`,
            `sentinel monitor ${deployment.masterName} ${HOST} ${primaryPort} 2`,
            `sentinel down-after-milliseconds ${deployment.masterName} 1000`,
            `sentinel failover-timeout ${deployment.masterName} 10000`,
            "",
          ].join("\n"),
        );
        const child = spawn("redis-server", [conf, "--sentinel"], { stdio: "ignore" });
        const server = new Server(port, child);
        deployment.sentinels.push(server);
        await waitFor(() => tcpReachable(HOST, port, 200), { timeoutMs: 5000, what: `sentinel on ${port}` });
      }
      await waitFor(
        async () => (await Promise.all(deployment.sentinels.map((s) => on(s.port, (r) => r.call("SENTINEL", "REPLICAS", deployment.masterName))))).every((list) => (list as unknown[]).length === replicas),
        { timeoutMs: 15_000, intervalMs: 100, what: "every Sentinel to know the replicas" },
      );
      running.sentinel = deployment;
      return deployment;
    } catch (error) {
      await deployment.stop();
      throw error;
    }
  }

  /** A client of the test's own that follows the primary through the Sentinels; disconnect it when done. */
  client(): Redis {
    const client = new Redis({ sentinels: this.sentinels.map((s) => ({ host: HOST, port: s.port })), name: this.masterName, failoverDetector: true });
    client.on("error", () => undefined);
    return client;
  }

  /** `redisHost` for a component with failover: the Sentinels. */
  get sentinelHosts(): string {
    return this.sentinels.map((s) => s.address).join(",");
  }

  /** The primary's port as the Sentinels announce it (all of them agreeing). */
  async primaryPort(): Promise<number> {
    const answers = await Promise.all(this.sentinels.filter((s) => s.alive).map((s) => on(s.port, (r) => r.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", this.masterName))));
    const ports = new Set(answers.map((a) => Number((a as string[])[1])));
    if (ports.size !== 1) throw new Error(`the Sentinels disagree on the primary: ${[...ports].join(", ")}`);
    return [...ports][0]!;
  }

  /** SENTINEL FAILOVER, then waits until every Sentinel announces the promoted replica and it answers as primary. */
  async failover(): Promise<{ from: number; to: number }> {
    const from = await this.primaryPort();
    await on(this.sentinels[0]!.port, (r) => r.call("SENTINEL", "FAILOVER", this.masterName));
    let to = from;
    await waitFor(
      async () => {
        to = await this.primaryPort();
        return to !== from && (await on(to, (r) => r.info("replication"))).includes("role:master");
      },
      { timeoutMs: 20_000, intervalMs: 50, what: "the Sentinels to promote a replica" },
    );
    return { from, to };
  }

  async stop(): Promise<void> {
    if (running.sentinel === this) running.sentinel = undefined;
    await Promise.all([...this.sentinels, ...this.redis].map((s) => s.kill()));
    await rm(this.dir, { recursive: true, force: true });
  }
}
