import type { ChildProcess } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawnListening } from "../support/brokers.js";
import { freePort } from "../support/ports.js";

/**
 * A private Mosquitto on a free loopback port, for tests that stop or restart the broker: the shared
 * one on 1883 is never touched. Persistence is on, so a restart (SIGTERM, which saves) keeps sessions,
 * subscriptions and queued messages, as a production broker would.
 */
export class PrivateMosquitto {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  private constructor(readonly port: number, private readonly dir: string) {}

  static async start(): Promise<PrivateMosquitto> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "runtimed-mosquitto-"));
    // Mosquitto started as root drops to its own user, which must be able to write the database.
    await chmod(dir, 0o777);
    const broker = new PrivateMosquitto(await freePort(), dir);
    await writeFile(
      path.join(dir, "mosquitto.conf"),
      [`listener ${broker.port} 127.0.0.1`, "allow_anonymous true", "persistence true", `persistence_location ${dir}/`, "log_dest none", ""].join("\n"),
    );
    await broker.restart();
    return broker;
  }

  get url(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  /** Starts the broker (again) on the same port and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) await this.stop();
    ({ child: this.child, exited: this.exited } = await spawnListening("mosquitto", ["-c", path.join(this.dir, "mosquitto.conf")], this.port));
  }

  /** SIGTERM by pid: Mosquitto saves its state and exits. */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await this.exited;
  }

  /** Stops the broker and removes its folder. */
  async remove(): Promise<void> {
    await this.stop("SIGKILL");
    await rm(this.dir, { recursive: true, force: true });
  }
}
