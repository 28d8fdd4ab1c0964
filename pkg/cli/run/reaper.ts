import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as delay } from "node:timers/promises";
import { groupAlive } from "./process.js";

/**
 * The reaper: a small process `runtimed run` starts in its own process group, holding the read end of
 * a pipe from it. The kernel closes that pipe whenever `runtimed run` ends, SIGKILL included; the
 * reaper then stops what is still registered: an app's group gets SIGTERM, then SIGKILL after its
 * grace period; a sidecar stops by itself when its parent goes (it watches it), and gets SIGKILL only
 * if it outlives its grace and drain margin. On a normal end everything is unregistered first.
 *
 * Lines on the pipe: `app <pgid> <graceMs>`, `sidecar <pgid> <graceMs>`, `gone <pgid>`.
 */

type Role = "app" | "sidecar";

export class ReaperClient {
  private constructor(private readonly child: ChildProcess) {}

  /** Starts the reaper with `node script`; it lives on its own and keeps nothing of the caller alive. */
  static start(node: string, script: string): ReaperClient {
    const child = spawn(node, [script], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
    child.unref();
    child.stdin!.on("error", () => undefined);
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    return new ReaperClient(child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  watch(role: Role, pgid: number | undefined, graceMs: number): void {
    if (pgid !== undefined) this.child.stdin!.write(`${role} ${pgid} ${graceMs}\n`);
  }

  gone(pgid: number | undefined): void {
    if (pgid !== undefined) this.child.stdin!.write(`gone ${pgid}\n`);
  }

  /** Nothing left to watch: the reaper exits. */
  close(): void {
    this.child.stdin!.end();
  }
}

/** The reaper's side: reads registrations until the pipe closes, then stops what is left. */
export async function reap(lines: AsyncIterable<string>): Promise<void> {
  const watched = new Map<number, { role: Role; graceMs: number }>();
  for await (const line of lines) {
    const [verb, pgidText, graceText] = line.trim().split(" ");
    const pgid = Number(pgidText);
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    if (verb === "gone") watched.delete(pgid);
    else if (verb === "app" || verb === "sidecar") watched.set(pgid, { role: verb, graceMs: Number(graceText) || 5000 });
  }
  await Promise.all([...watched.entries()].map(([pgid, { role, graceMs }]) => stopGroup(pgid, role, graceMs)));
}

async function stopGroup(pgid: number, role: Role, graceMs: number): Promise<void> {
  if (role === "app") signal(pgid, "SIGTERM");
  // The sidecar drains for its grace period and exits hard 2 s after it (cmd/runtimed/cli.ts).
  const deadline = Date.now() + graceMs + (role === "sidecar" ? 4000 : 0);
  while (groupAlive(pgid) && Date.now() < deadline) await delay(50);
  if (groupAlive(pgid)) signal(pgid, "SIGKILL");
}

function signal(pgid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pgid, name);
  } catch {
    // already gone
  }
}
