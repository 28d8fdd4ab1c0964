import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { readFileSync } from "node:fs";
import { RUNTIMED } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";

/** The built `runtimed` as a user runs it from a shell: its own HOME and state folder, real pipes. */

export interface CliRun {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

const started: CliRun[] = [];
const strays = new Set<number>();

/** A HOME and a run-records folder of the test's own (no ~/.dapr/components, no other run's records). */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: tempDir("runtimed-home-"), RUNTIMED_STATE_DIR: tempDir("runtimed-state-"), ...extra };
}

export function runtimed(args: string[], options: { cwd?: string; env?: Record<string, string>; stdio?: StdioOptions; node?: string } = {}): CliRun {
  const child = spawn(options.node ?? process.execPath, [RUNTIMED, ...args], { cwd: options.cwd, env: options.env ?? cliEnv(), stdio: options.stdio ?? ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const run: CliRun = { child, stdout: () => stdout, stderr: () => stderr, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
  started.push(run);
  return run;
}

export function runtimedSync(args: string[], env: Record<string, string> = cliEnv(), node = process.execPath): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(node, [RUNTIMED, ...args], { encoding: "utf8", timeout: 20_000, env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Running, not a zombie left for init to reap. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !["Z", "X"].includes(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!);
  } catch {
    return false;
  }
}

/** A pid the test saw, killed after the test if a failed assertion left it running. */
export function remember(...pids: number[]): number[] {
  for (const pid of pids) strays.add(pid);
  return pids;
}

/** For afterEach: every run this file started ends, and whatever they left is killed. */
export async function endRuns(): Promise<void> {
  for (const run of started.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
    await run.exited;
  }
  for (const pid of strays) if (alive(pid)) process.kill(pid, "SIGKILL");
  strays.clear();
}
