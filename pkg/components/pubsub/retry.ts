import type { ComponentMetadata } from "../metadata.js";

/**
 * Defaults a component gives the runtime's delivery retry policy (DeliveryPolicy) for its
 * subscriptions; a subscription's own metadata (maxRetries, retryInitialInterval, retryMaxInterval)
 * still wins. Fields left out keep the runtime's defaults.
 */
export interface RetryDefaults {
  /** Attempts after the first before dead-letter (or drop); -1: for ever. */
  maxRetries?: number;
  retryInitialMs?: number;
  retryMaxMs?: number;
}

/** Optional ability, found at run time: a component whose metadata sets the runtime's retry policy. */
export interface RetryDefaultsProvider {
  retryDefaults(): RetryDefaults;
}

export function hasRetryDefaults(component: object): component is RetryDefaultsProvider {
  return typeof (component as Partial<RetryDefaultsProvider>).retryDefaults === "function";
}

const BACKOFF_FIELDS = [
  "backOffPolicy",
  "backOffDuration",
  "backOffInitialInterval",
  "backOffMaxInterval",
  "backOffMaxRetries",
  "backOffMultiplier",
  "backOffRandomizationFactor",
  "backOffMaxElapsedTime",
] as const;

/**
 * Dapr's common retry metadata (components-contrib `pkg/retry`) mapped onto the runtime's policy, so a
 * Dapr manifest keeps its meaning: `backOffMaxRetries` -> maxRetries (-1 for ever, 0 none);
 * `backOffPolicy: constant` (Dapr's default) waits `backOffDuration` (5s) between attempts,
 * `exponential` grows from `backOffInitialInterval` (500ms) to `backOffMaxInterval` (60s).
 * `backOffMultiplier`, `backOffRandomizationFactor` and `backOffMaxElapsedTime` are accepted and checked
 * but not used: the runtime doubles with jitter and counts attempts, not elapsed time.
 * Nothing set: no defaults (the runtime's own: 100ms doubling to 30s, for ever).
 */
export function parseBackOffMetadata(metadata: ComponentMetadata): RetryDefaults {
  if (!BACKOFF_FIELDS.some((field) => metadata.string(field) !== undefined)) return {};
  const policy = (metadata.string("backOffPolicy") ?? "constant").trim().toLowerCase();
  if (policy !== "constant" && policy !== "exponential") throw metadata.error("backOffPolicy", `must be constant or exponential, got ${JSON.stringify(policy)}`);
  const maxRetries = metadata.int("backOffMaxRetries", -1, { min: -1 });
  metadata.durationMs("backOffMaxElapsedTime", 0);
  for (const field of ["backOffMultiplier", "backOffRandomizationFactor"] as const) {
    const raw = metadata.string(field);
    if (raw !== undefined && !(Number.isFinite(Number(raw)) && Number(raw) >= 0)) throw metadata.error(field, `must be a non-negative number, got ${JSON.stringify(raw)}`);
  }
  if (policy === "constant") {
    const every = positive(metadata, "backOffDuration", 5000);
    return { maxRetries, retryInitialMs: every, retryMaxMs: every };
  }
  const initial = positive(metadata, "backOffInitialInterval", 500);
  const max = positive(metadata, "backOffMaxInterval", 60_000);
  if (max < initial) throw metadata.error("backOffMaxInterval", `must not be below backOffInitialInterval (${initial}ms)`);
  return { maxRetries, retryInitialMs: initial, retryMaxMs: max };
}

function positive(metadata: ComponentMetadata, field: string, fallbackMs: number): number {
  const value = metadata.durationMs(field, fallbackMs);
  if (value <= 0) throw metadata.error(field, "must be greater than 0");
  return value;
}
