/**
 * The reasons a sidecar reports on a Component (pkg/diagnostics' event reporter writes them), and
 * how the status controller folds them into the Loaded condition: per pod, its latest report counts.
 */
import type { LoadedSummary } from "./conditions.js";

export interface SidecarEvent {
  pod: string;
  reason: string;
  message: string;
  /** The Component's metadata.generation the sidecar acted on (NaN when unknown). */
  generation: number;
  at: number;
}

const LOADED = new Set(["Loaded", "Reloaded"]);
const FAILED = new Set(["InitFailed", "ReloadFailed"]);

/** Which pods run the given generation and which failed on it (older generations do not count). */
export function summariseSidecarEvents(events: readonly SidecarEvent[], generation: number | undefined): LoadedSummary {
  const latest = new Map<string, SidecarEvent>();
  for (const e of events) {
    if (!LOADED.has(e.reason) && !FAILED.has(e.reason)) continue;
    if (generation !== undefined && e.generation !== generation) continue;
    const before = latest.get(e.pod);
    if (!before || e.at >= before.at) latest.set(e.pod, e);
  }
  const summary: LoadedSummary = { loaded: [], failed: [] };
  for (const [pod, e] of [...latest].sort(([a], [b]) => a.localeCompare(b))) {
    if (LOADED.has(e.reason)) summary.loaded.push(pod);
    else summary.failed.push({ pod, reason: e.reason, message: e.message });
  }
  return summary;
}
