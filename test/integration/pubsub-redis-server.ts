import { spawn, type ChildProcess } from "node:child_process";
import { tcpReachable } from "../support/brokers.js";
import { freePort, waitFor } from "../support/ports.js";

/**
 * A private redis-server on a free loopback port, for tests that kill or restart Redis: the shared
 * one on 6379 is never touched. No persistence, so a restart loses streams and groups (NOGROUP).
 */
export class PrivateRedis {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  private constructor(readonly port: number, private readonly extraArgs: string[]) {}

  static async start(extraArgs: string[] = []): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), extraArgs);
    await redis.restart();
    return redis;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server (again) on the same port and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) await this.kill();
    const args = ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...this.extraArgs];
    const child = spawn("redis-server", args, { stdio: "ignore" });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    await waitFor(() => tcpReachable("127.0.0.1", this.port, 200), { timeoutMs: 5000, what: `redis-server on ${this.port}` });
  }

  /** SIGKILL by pid: a crash, not a shutdown. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await this.exited;
  }
}
