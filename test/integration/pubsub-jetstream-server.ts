import type { ChildProcess } from "node:child_process";
import { spawnListening } from "../support/brokers.js";
import { freePort } from "../support/ports.js";
import { tempDir } from "../support/tempdirs.js";

/**
 * A private nats-server with JetStream and file storage on a free loopback port, for tests that
 * kill or restart NATS: the shared one on 4222 is never touched. Its store directory outlives a
 * restart (so streams, consumers and unacknowledged messages do) and goes with the test file's temp folders.
 */
export class PrivateNats {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  private constructor(readonly port: number, readonly storeDir: string) {}

  static async start(): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), tempDir("runtimed-nats-"));
    await nats.restart();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on the same port and store, and waits until it accepts connections. */
  async restart(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    if (this.child) await this.kill(signal);
    ({ child: this.child, exited: this.exited } = await spawnListening("nats-server", ["-a", "127.0.0.1", "-p", String(this.port), "-js", "-sd", this.storeDir], this.port));
  }

  /** SIGSTOP freezes the server with its connections open (a server that stopped answering), SIGCONT thaws it. */
  signal(signal: "SIGSTOP" | "SIGCONT"): void {
    this.child?.kill(signal);
  }

  /** Stops the server by pid: SIGKILL is a crash, SIGTERM a shutdown. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await this.exited;
  }
}
