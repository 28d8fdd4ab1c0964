/**
 * A heap sized to the container: read the cgroup memory limit, decide whether V8's old space needs
 * a size of its own. The decision is pure; acting on it (re-executing Node with
 * --max-old-space-size) is cmd/'s, the only place that may read the environment or start processes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Gauge } from "./prom.js";
import { METRIC_PREFIX, type Metrics } from "./metrics.js";

/**
 * The share of the memory limit given to V8's old space. The rest holds the young generation (three
 * semi-spaces, see semiSpaceFor), and what lives outside the heap: Node's own code and data, Buffers of
 * socket reads and writes (broker clients batch there), TLS and native modules. Measured on an idle
 * sidecar: RSS about 75 MB with about 25 MB of it heap, so some 50 MB is outside (docs/operations.md "Heap").
 */
export const OLD_SPACE_SHARE = 0.6;
/** Below this V8 collects so often that a sidecar spends its time in GC; a limit this small is refused, not obeyed. */
export const MIN_OLD_SPACE_MIB = 48;
const MIB = 1024 * 1024;
/** cgroup v1 writes "no limit" as a huge page-rounded number (PAGE_COUNTER_MAX pages). */
const V1_UNLIMITED = 2 ** 62;

export interface CgroupLimit {
  bytes: number;
  /** The file it came from. */
  source: string;
}

/**
 * The memory limit of the process's cgroup: v2 `memory.max` under `root`, else v1
 * `memory/memory.limit_in_bytes`; undefined when neither exists or says unlimited. In a container
 * the cgroup namespace puts the container's own cgroup at /sys/fs/cgroup.
 */
export function readCgroupMemoryLimit(root = "/sys/fs/cgroup"): CgroupLimit | undefined {
  const candidates = [path.join(root, "memory.max"), path.join(root, "memory", "memory.limit_in_bytes")];
  for (const file of candidates) {
    let text: string;
    try {
      text = readFileSync(file, "utf8").trim();
    } catch {
      continue;
    }
    if (text === "max") return undefined;
    const bytes = Number(text);
    if (!Number.isFinite(bytes) || bytes <= 0 || bytes >= V1_UNLIMITED) return undefined;
    return { bytes, source: file };
  }
  return undefined;
}

export type HeapDecision =
  | { action: "none"; reason: string }
  | { action: "resize"; flags: string[]; reason: string };

export interface HeapInputs {
  limit?: CgroupLimit;
  /** V8's heap_size_limit now (v8.getHeapStatistics()). */
  heapSizeLimitBytes: number;
  /** NODE_OPTIONS and process.execArgv: a --max-old-space-size there is the user's choice. */
  nodeOptions: string;
  execArgv: readonly string[];
}

/** The old-space size for a memory limit: OLD_SPACE_SHARE of it, in MiB. */
export function oldSpaceFor(limitBytes: number): number {
  return Math.floor((limitBytes * OLD_SPACE_SHARE) / MIB);
}

/**
 * The semi-space size, in MiB. Given an old-space size on a host with much memory, V8 sizes its young
 * generation from the host (64 MiB semi-spaces, 192 MiB in all: measured on Node 24), which alone would
 * fill a small container; 8 MiB (16 from 1 GiB) keeps scavenges cheap and rare enough.
 */
export function semiSpaceFor(limitBytes: number): number {
  return limitBytes >= 1024 * MIB ? 16 : 8;
}

/** The V8 flags for a memory limit (what cmd/ re-executes with and the injector puts in NODE_OPTIONS). */
export function heapFlags(limitBytes: number): string[] {
  return [`--max-old-space-size=${oldSpaceFor(limitBytes)}`, `--max-semi-space-size=${semiSpaceFor(limitBytes)}`];
}

/**
 * Resize only where Node did not already size the heap from the limit: Node 20+ hands V8 the cgroup
 * limit (libuv's constrained memory) and V8 then takes a quarter of it, but a limit libuv does not
 * see (cgroup v1 on some hosts) leaves the heap sized from the host's memory, far above the limit,
 * and the kernel kills the process before V8 collects.
 */
export function decideHeap(inputs: HeapInputs): HeapDecision {
  if (!inputs.limit) return { action: "none", reason: "no cgroup memory limit" };
  const user = /--max-old-space-size[=\s]/.test(` ${inputs.nodeOptions} `) || inputs.execArgv.some((a) => a.startsWith("--max-old-space-size"));
  if (user) return { action: "none", reason: "--max-old-space-size is set (NODE_OPTIONS or the command line)" };
  const target = oldSpaceFor(inputs.limit.bytes);
  if (target < MIN_OLD_SPACE_MIB) return { action: "none", reason: `the limit leaves less than ${MIN_OLD_SPACE_MIB} MiB of old space; V8's own sizing is kept` };
  // Old space plus a young generation of three 8 MiB semi-spaces: what heapFlags gives, or less.
  if (inputs.heapSizeLimitBytes <= (target + 3 * semiSpaceFor(inputs.limit.bytes)) * MIB) return { action: "none", reason: "Node already sized the heap from the limit" };
  return { action: "resize", flags: heapFlags(inputs.limit.bytes), reason: `V8's heap limit (${Math.round(inputs.heapSizeLimitBytes / MIB)} MiB) exceeds ${OLD_SPACE_SHARE * 100}% of the memory limit and a small young generation` };
}

/** runtime_process_memory_limit_bytes and runtime_process_heap_limit_bytes, set once at start. */
export function exportHeapSizing(metrics: Metrics, limit: CgroupLimit | undefined, heapSizeLimitBytes: number): void {
  new Gauge({ name: `${METRIC_PREFIX}process_memory_limit_bytes`, help: "The cgroup memory limit read at start (0: none)", registers: [metrics.registry] }).set(limit?.bytes ?? 0);
  new Gauge({ name: `${METRIC_PREFIX}process_heap_limit_bytes`, help: "V8's heap size limit chosen at start (v8 heap_size_limit)", registers: [metrics.registry] }).set(heapSizeLimitBytes);
}

/**
 * How far past its live size the old generation may grow before the next full collection, in percent
 * (V8's --heap-growing-percent; the limit is live × (1 + percent/100), never past --max-old-space-size).
 * V8's own factor follows how fast the old generation fills: a publish path that allocates little makes it
 * 1.1-1.5 over a sidecar's ~20 MB live heap, and V8 also starts marking once the room left is below the young
 * generation's size, so it marked the whole heap again and again (benchmark 30's Kafka gRPC publish: 22 full
 * collections per 10,000 publishes, V8's worker threads 95-124 us of the 260-380 us per publish). Fixed at 3x:
 * 6.6 per 10,000 and 193 against 291 us per publish; in-memory's RSS under load unchanged.
 */
export const HEAP_GROWING_PERCENT = 200;

/** The flag to set at start, unless the command line sets V8's growing factor itself. */
export function heapGrowingFlags(execArgv: readonly string[]): string[] {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return [];
  return [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`];
}
