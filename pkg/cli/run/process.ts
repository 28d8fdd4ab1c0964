import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { constants } from "node:os";
import { pipeLines, type LineSink } from "./output.js";

export interface ProcessSpec {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string | undefined>;
  sink: LineSink;
}

export interface Exit {
  /** The exit status, or 128 + the signal number when a signal ended it (as a shell reports it). */
  code: number;
  signal?: NodeJS.Signals;
  /** Set when the command could not start at all (ENOENT, EACCES). */
  spawnError?: NodeJS.ErrnoException;
}

/**
 * A child in its own process group (`detached`), so that stopping it stops everything it started too
 * (`npm run start` -> sh -> node): signals go to the group, and the group is killed when its leader has
 * gone, so nothing is left behind on any path.
 */
export class GroupProcess {
  readonly exited: Promise<Exit>;
  /** Resolves once stdout and stderr have been read to their end. */
  readonly drained: Promise<void>;
  private readonly child: ChildProcess;
  private exit?: Exit;
  private readonly lastLines: string[] = [];

  constructor(spec: ProcessSpec) {
    this.child = spawn(spec.command, [...spec.args], { cwd: spec.cwd, env: spec.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const remember = (line: string): void => {
      this.lastLines.push(line);
      if (this.lastLines.length > 20) this.lastLines.shift();
    };
    this.drained = Promise.all([pipeLines(this.child.stdout!, "out", spec.sink, remember), pipeLines(this.child.stderr!, "err", spec.sink, remember)]).then(() => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error: NodeJS.ErrnoException) => {
        // Only a failed spawn has no pid; other errors (a failed kill) are followed by "exit".
        if (this.child.pid !== undefined) return;
        this.exit = { code: error.code === "ENOENT" ? 127 : 126, spawnError: error };
        resolve(this.exit);
      });
      this.child.once("exit", (code, signal) => {
        this.exit = { code: code ?? 128 + (signal ? constants.signals[signal] : 0), signal: signal ?? undefined };
        resolve(this.exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  /** The last lines it printed, to explain a failure in one line. */
  recentOutput(): readonly string[] {
    return this.lastLines;
  }

  /** Sends `signal` to the whole group; false when nothing in it is left. */
  signalGroup(signal: NodeJS.Signals | 0): boolean {
    if (this.child.pid === undefined) return false;
    try {
      process.kill(-this.child.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * SIGTERM to the group, then SIGKILL when the leader or any member outlives `graceMs`. Resolves with
   * the leader's exit once the group is empty.
   */
  async stop(graceMs: number): Promise<Exit> {
    this.signalGroup("SIGTERM");
    const deadline = Date.now() + graceMs;
    const timer = new AbortController();
    const timedOut = await Promise.race([this.exited.then(() => false), delay(graceMs, true, { signal: timer.signal }).catch(() => false)]);
    timer.abort();
    if (timedOut) this.signalGroup("SIGKILL");
    const exit = await this.exited;
    await this.reapGroup(deadline);
    return exit;
  }

  /**
   * Waits for the group's other members (orphans of the leader) to go, killing them at the deadline.
   * A zombie waiting for its new parent to reap it holds nothing, so it does not count.
   */
  async reapGroup(deadline: number): Promise<void> {
    const pgid = this.child.pid;
    if (pgid === undefined) return;
    let killedAt: number | undefined;
    while (groupAlive(pgid)) {
      if (killedAt !== undefined && Date.now() - killedAt > 1000) return;
      if (killedAt === undefined && Date.now() >= deadline) {
        this.signalGroup("SIGKILL");
        killedAt = Date.now();
      }
      await delay(20);
    }
  }

  /** For a second Ctrl-C: no more waiting. */
  kill(): void {
    this.signalGroup("SIGKILL");
  }
}

/** Whether any process of group `pgid` still runs: /proc where there is one (zombies excluded), else kill(-pgid, 0). */
export function groupAlive(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ")".
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}
