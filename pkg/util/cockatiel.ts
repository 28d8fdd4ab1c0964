import { createRequire } from "node:module";
import type * as Cockatiel from "cockatiel";

let library: typeof Cockatiel | undefined;

/**
 * cockatiel, required when a retry, a backoff or a Resiliency policy is first built rather than imported with
 * the modules that use it: a sidecar with no subscription and no Resiliency does not hold its 28 modules
 * (about 1 MB idle, benchmark 6). An ES module, loaded by require (Node >= 22.12), so the instance is the one an
 * `import` gives and its error classes match.
 */
export function cockatiel(): typeof Cockatiel {
  return (library ??= createRequire(import.meta.url)("cockatiel") as typeof Cockatiel);
}
