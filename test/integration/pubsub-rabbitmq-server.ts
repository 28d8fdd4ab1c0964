import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { connect } from "amqplib";
import { freePort, waitFor } from "../support/ports.js";
import { tempDir } from "../support/tempdirs.js";

/** The server script itself: /usr/sbin/rabbitmq-server is a wrapper that switches to the rabbitmq user and logs to /var/log. */
const SERVER = "/usr/lib/rabbitmq/bin/rabbitmq-server";
/** A node boots in 5-15 s on the shared two-core machine. */
const START_TIMEOUT_MS = 60_000;
const STARTED = /Server startup complete/;

export function rabbitmqInstalled(): boolean {
  return existsSync(SERVER);
}

/**
 * A private RabbitMQ node for tests that stop or restart the broker: the shared one on 5672 is never touched. Its
 * own node name, AMQP and distribution ports, data, logs, configuration and Erlang cookie (HOME) in a temp folder;
 * no plugins. Its data survive a kill, so durable queues and persistent messages come back with a restart. Stopped
 * by pid; the folder goes with the test file's temp folders.
 */
export class PrivateRabbitMQ {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private output: string[] = [];

  private constructor(
    readonly port: number,
    private readonly distPort: number,
    private readonly dir: string,
    private readonly nodeName: string,
  ) {}

  static async start(): Promise<PrivateRabbitMQ> {
    const dir = tempDir("rabbitmq-");
    for (const sub of ["home", "log", "mnesia"]) mkdirSync(path.join(dir, sub));
    const node = new PrivateRabbitMQ(await freePort(), await freePort(), dir, `runtimed-${randomUUID().slice(0, 8)}@localhost`);
    writeFileSync(path.join(dir, "rabbitmq.conf"), `listeners.tcp.1 = 127.0.0.1:${node.port}\n`);
    writeFileSync(path.join(dir, "enabled_plugins"), "");
    // The machine's rabbitmq-env.conf names the shared node: an empty one of our own instead.
    writeFileSync(path.join(dir, "rabbitmq-env.conf"), "");
    await node.restart();
    return node;
  }

  /** What the node printed since it last started. */
  get log(): string {
    return this.output.join("");
  }

  get url(): string {
    return `amqp://guest:guest@127.0.0.1:${this.port}`;
  }

  /** Starts the node (again) with the same name, ports and data, and waits until it serves clients. */
  async restart(): Promise<void> {
    if (this.child) await this.kill();
    const { dir } = this;
    const env = {
      ...process.env,
      HOME: path.join(dir, "home"),
      RABBITMQ_NODENAME: this.nodeName,
      RABBITMQ_NODE_PORT: String(this.port),
      RABBITMQ_DIST_PORT: String(this.distPort),
      RABBITMQ_MNESIA_BASE: path.join(dir, "mnesia"),
      RABBITMQ_LOG_BASE: path.join(dir, "log"),
      RABBITMQ_LOGS: "-",
      RABBITMQ_CONFIG_FILE: path.join(dir, "rabbitmq.conf"),
      RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, "enabled_plugins"),
      RABBITMQ_CONF_ENV_FILE: path.join(dir, "rabbitmq-env.conf"),
      // The script then execs the Erlang VM instead of waiting on it in a shell: the pid is the node's.
      RUNNING_UNDER_SYSTEMD: "1",
    };
    const child = spawn(SERVER, [], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    this.output = [];
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    let started = false;
    const collect = (chunk: Buffer): void => {
      const text = chunk.toString("utf8");
      this.output.push(text);
      if (STARTED.test(text)) started = true;
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    let gone = false;
    void this.exited.then(() => (gone = true));
    try {
      await waitFor(() => {
        if (gone) throw new Error("exited");
        return started;
      }, { timeoutMs: START_TIMEOUT_MS, intervalMs: 100, what: `RabbitMQ node ${this.nodeName} on ${this.port}` });
    } catch (error) {
      await this.kill();
      throw new Error(`${(error as Error).message}; its output ended with:\n${this.output.join("").slice(-3000)}`);
    }
    if (gone) throw new Error(`RabbitMQ node ${this.nodeName} exited while starting:\n${this.output.join("").slice(-3000)}`);
  }

  /** SIGTERM by pid, the Erlang VM's orderly shutdown; waits for the node to exit (SIGKILL after 60 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** SIGKILL by pid: a crash, not a shutdown. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await this.exited;
  }

  /** `rabbitmqctl list_queues` of the node (name, type, messages, consumers): what a failing drill reports. */
  listQueues(): string {
    const result = spawnSync("/usr/lib/rabbitmq/bin/rabbitmqctl", ["-n", this.nodeName, "list_queues", "name", "type", "messages", "consumers", "--no-table-headers"], { env: { ...process.env, HOME: path.join(this.dir, "home") }, encoding: "utf8", timeout: 30_000 });
    return `${result.stdout}${result.stderr}`;
  }

  /** The node's bindings whose source or destination starts with `prefix`, one per line (for a drill's diagnosis). */
  listBindings(): string {
    const result = spawnSync("/usr/lib/rabbitmq/bin/rabbitmqctl", ["-n", this.nodeName, "list_bindings", "source_name", "destination_name", "destination_kind", "routing_key", "--no-table-headers"], { env: { ...process.env, HOME: path.join(this.dir, "home") }, encoding: "utf8", timeout: 30_000 });
    return `${result.stdout}${result.stderr}`.split("\n").filter((line) => !/^runtime-delay\.L\d+\t/.test(line) && !line.startsWith("\t")).join("\n");
  }

  /**
   * A quorum queue's Raft state machine as the node sees it: `rabbit_fifo:overview/1` (ready, discarded and
   * checked-out counts, its config) and the head message's header (its `expiry`), with the node's clock.
   */
  quorumState(queue: string): string {
    const expr = `Id = {list_to_atom("%2F_${queue}"), node()}, {ra:local_query(Id, fun rabbit_fifo:overview/1), ra:local_query(Id, fun(S) -> catch rabbit_fifo:query_peek(1, S) end), erlang:system_time(millisecond)}.`;
    const result = spawnSync("/usr/lib/rabbitmq/bin/rabbitmqctl", ["-n", this.nodeName, "eval", expr], { env: { ...process.env, HOME: path.join(this.dir, "home") }, encoding: "utf8", timeout: 30_000 });
    return `${result.stdout}${result.stderr}`;
  }

  /** Waits until `queue` has `count` consumers (a subscription bound and consuming). */
  async waitForConsumers(queue: string, count = 1, timeoutMs = 15_000): Promise<void> {
    const model = await connect(this.url);
    try {
      await waitFor(async () => {
        // checkQueue on a missing queue closes the channel (404), so each check gets its own.
        const channel = await model.createChannel();
        channel.on("error", () => undefined);
        const consumers = await channel.checkQueue(queue).then((q) => q.consumerCount, () => -1);
        await channel.close().catch(() => undefined);
        return consumers >= count;
      }, { timeoutMs, what: `${count} consumer(s) on queue ${queue}` });
    } finally {
      await model.close();
    }
  }
}
