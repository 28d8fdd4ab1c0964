import { setFlagsFromString } from "node:v8";

/**
 * Flags that choose the compilers on the command line or in NODE_OPTIONS: an operator who set one keeps
 * what they asked for, and start-up leaves the compilers alone.
 */
const COMPILER_FLAGS = /--(?:no[-_])?(?:turbofan|maglev|sparkplug|opt|jitless|lite[-_]mode)(?:[=\s]|$)/;

let paused = false;

/** True when the command line or NODE_OPTIONS chooses V8's compilers (--no-opt, --jitless, --no-sparkplug...). */
export function choosesCompilers(execArgv: readonly string[], nodeOptions: string): boolean {
  return [...execArgv, nodeOptions].some((arg) => COMPILER_FLAGS.test(arg));
}

/**
 * Keeps V8's compilers (Sparkplug, Maglev, TurboFan) off while the sidecar loads: start-up runs on the
 * bytecode interpreter. Loading some 600 modules calls Node's module resolver thousands of times, and V8
 * compiles those functions: the compilers' code (pages of the node binary), the machine code and their
 * working memory then stay resident in a process that will idle, about 7 MB of an idle sidecar (benchmark 6),
 * for functions never called again; start-up itself takes no more CPU. `resumeTiering` turns the compilers
 * back on once it is over, and the hot paths of a loaded sidecar are compiled as before. V8 reads these flags
 * at each tiering decision, which is what makes setting them at run time take effect.
 */
export function pauseTieringForStartup(execArgv: readonly string[], nodeOptions: string): boolean {
  if (choosesCompilers(execArgv, nodeOptions)) return false;
  setFlagsFromString("--no-sparkplug");
  setFlagsFromString("--no-maglev");
  setFlagsFromString("--no-turbofan");
  paused = true;
  return true;
}

/** Turns the compilers back on (once; nothing when start-up did not pause them). */
export function resumeTiering(): void {
  if (!paused) return;
  paused = false;
  setFlagsFromString("--turbofan");
  setFlagsFromString("--maglev");
  setFlagsFromString("--sparkplug");
}
