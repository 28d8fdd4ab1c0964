import { spawn } from "node:child_process";
import { getHeapStatistics } from "node:v8";
import { decideHeap, readCgroupMemoryLimit, type CgroupLimit, type HeapDecision } from "../../pkg/diagnostics/heap.js";

/** Set in the re-executed child: its heap is sized, and it exits when its parent goes. */
const SIZED_ENV = "RUNTIME_HEAP_SIZED";

export interface HeapPlan {
  limit?: CgroupLimit;
  decision: HeapDecision;
  /** True in the child a resize started. */
  resized: boolean;
}

/** Reads the limit (RUNTIME_CGROUP_ROOT points elsewhere: tests, unusual mounts) and decides. */
export function planHeap(env: NodeJS.ProcessEnv): HeapPlan {
  const limit = readCgroupMemoryLimit(env.RUNTIME_CGROUP_ROOT || undefined);
  if (env[SIZED_ENV]) return { limit, decision: { action: "none", reason: `sized to the limit: ${env[SIZED_ENV]}` }, resized: true };
  return { limit, decision: decideHeap({ limit, heapSizeLimitBytes: getHeapStatistics().heap_size_limit, nodeOptions: env.NODE_OPTIONS ?? "", execArgv: process.execArgv }), resized: false };
}

/**
 * V8 fixes its heap limits when the isolate is created, so a new size needs a new process: the same
 * command under --max-old-space-size and --max-semi-space-size. The parent forwards signals and returns the child's exit code;
 * the child leaves when the parent does (an IPC channel that closes with it). The injector sets
 * NODE_OPTIONS from the container's limit, so pods it creates never take this path.
 */
export function reexecWithHeap(flags: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [...flags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, [SIZED_ENV]: flags.join(" ") },
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1))));
}

/** In the re-executed child: stop when the parent is gone (killed without forwarding anything). */
export function followParent(plan: HeapPlan): void {
  if (!plan.resized || !process.channel) return;
  process.channel.unref();
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
