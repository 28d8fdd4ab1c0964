import { setTimeout as delay } from "node:timers/promises";
import type { ExponentialBackoff, IBackoff } from "cockatiel";
import { cockatiel } from "./cockatiel.js";

/**
 * The one source of retry timing in the runtime: every default below is stated here and nowhere
 * else, and every retry loop draws its delays from cockatiel through this module. It sits in util
 * because its users span layers (components read Dapr's backOff* fields, the runtime delivers and
 * notifies, the controller requeues) and util is the leaf they all may import.
 */
export const RETRY_DEFAULTS = {
  /**
   * A pub/sub delivery the app refused or could not take, without a Resiliency policy naming the
   * component: for ever, 100ms doubling to 30s, each wait from its upper half so redeliveries of many
   * messages spread out (docs/api.md "Subscriptions and delivery": never a loss). A subscription's maxRetries,
   * retryInitialInterval and retryMaxInterval, or the component's backOff* fields, override it.
   */
  delivery: { maxRetries: -1, initialMs: 100, maxMs: 30_000 },
  /**
   * Dapr's retry policy, where Dapr's defaults apply: a Resiliency `retries` entry and a component's
   * backOff* fields (components-contrib pkg/retry). Constant every 5s, or exponential from 500ms to
   * 60s; retries for ever.
   */
  dapr: { policy: "constant", durationMs: 5000, initialMs: 500, maxMs: 60_000, maxRetries: -1 },
  /** A configuration update the app did not take: 100ms doubling to 5s, dropped (logged) after 10 attempts. */
  configurationNotification: { initialMs: 100, maxMs: 5000, maxAttempts: 10 },
  /** The controller's pass after a failed one: 500ms doubling to 30s, reset by a pass that succeeds. */
  controllerRequeue: { initialMs: 500, maxMs: 30_000 },
  /** Broker reconnection loops and readers waiting out an outage: 200ms doubling to 2s. */
  reconnect: { initialMs: 200, maxMs: 2000 },
  /** A Kubernetes informer that stopped on an error: restarted after 200ms doubling to 30s. */
  informerRestart: { initialMs: 200, maxMs: 30_000 },
} as const;

/** Delays growing from `initialMs` to `maxMs`, optionally drawn from each step's upper half (cockatiel's factory, for policies). */
export function exponentialBackoff(options: { initialMs: number; maxMs: number; jitter?: "none" | "half" }): ExponentialBackoff<unknown> {
  const { ExponentialBackoff, halfJitterGenerator, noJitterGenerator } = cockatiel();
  return new ExponentialBackoff({ initialDelay: options.initialMs, maxDelay: options.maxMs, generator: options.jitter === "half" ? halfJitterGenerator : noJitterGenerator });
}

/** Retry settings a component gives its subscriptions (Dapr's backOff* fields); fields left out keep RETRY_DEFAULTS.delivery. */
export interface RetryDefaults {
  /** Attempts after the first before dead-letter (or drop); -1: for ever. */
  maxRetries?: number;
  retryInitialMs?: number;
  retryMaxMs?: number;
}

/** What parseBackOffFields reads a component's metadata through (ComponentMetadata has this shape). */
export interface BackOffMetadataReader {
  string(name: string): string | undefined;
  int(name: string, fallback: number, bounds?: { min?: number }): number;
  durationMs(name: string, fallbackMs: number): number;
  error(field: string, problem: string): Error;
}

const BACKOFF_FIELDS = ["backOffPolicy", "backOffDuration", "backOffInitialInterval", "backOffMaxInterval", "backOffMaxRetries", "backOffMultiplier", "backOffRandomizationFactor", "backOffMaxElapsedTime"] as const;

/**
 * Dapr's per-component retry fields mapped onto the delivery retry, so a Dapr manifest keeps its
 * meaning: `backOffMaxRetries` -> maxRetries (-1 for ever, 0 none); `backOffPolicy: constant` waits
 * `backOffDuration` between attempts, `exponential` grows from `backOffInitialInterval` to
 * `backOffMaxInterval` (defaults: RETRY_DEFAULTS.dapr). `backOffMultiplier`,
 * `backOffRandomizationFactor` and `backOffMaxElapsedTime` are checked but not used: the delivery
 * retry doubles with jitter and counts attempts, not elapsed time. Nothing set: no defaults.
 */
export function parseBackOffFields(metadata: BackOffMetadataReader): RetryDefaults {
  if (!BACKOFF_FIELDS.some((field) => metadata.string(field) !== undefined)) return {};
  const dapr = RETRY_DEFAULTS.dapr;
  const policy = (metadata.string("backOffPolicy") ?? dapr.policy).trim().toLowerCase();
  if (policy !== "constant" && policy !== "exponential") throw metadata.error("backOffPolicy", `must be constant or exponential, got ${JSON.stringify(policy)}`);
  const maxRetries = metadata.int("backOffMaxRetries", dapr.maxRetries, { min: -1 });
  metadata.durationMs("backOffMaxElapsedTime", 0);
  for (const field of ["backOffMultiplier", "backOffRandomizationFactor"] as const) {
    const raw = metadata.string(field);
    if (raw !== undefined && !(Number.isFinite(Number(raw)) && Number(raw) >= 0)) throw metadata.error(field, `must be a non-negative number, got ${JSON.stringify(raw)}`);
  }
  const positive = (field: string, fallbackMs: number): number => {
    const value = metadata.durationMs(field, fallbackMs);
    if (value <= 0) throw metadata.error(field, "must be greater than 0");
    return value;
  };
  if (policy === "constant") {
    const every = positive("backOffDuration", dapr.durationMs);
    return { maxRetries, retryInitialMs: every, retryMaxMs: every };
  }
  const initial = positive("backOffInitialInterval", dapr.initialMs);
  const max = positive("backOffMaxInterval", dapr.maxMs);
  if (max < initial) throw metadata.error("backOffMaxInterval", `must not be below backOffInitialInterval (${initial}ms)`);
  return { maxRetries, retryInitialMs: initial, retryMaxMs: max };
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** "half": each delay is drawn from its upper half, so retries of many messages spread out. Default none. */
  jitter?: "none" | "half";
}

/**
 * Capped exponential backoff from cockatiel (the policy library the Resiliency support builds on),
 * with the attempt count kept: `next()` is the delay before the next try, `reset()` follows a
 * success (controller-runtime's rate limiter, Dapr's retry backoff).
 */
export class Backoff {
  /** Made at the first failure: most loops that hold a Backoff never fail, and cockatiel then stays unloaded. */
  private factory?: ExponentialBackoff<number>;
  private current?: IBackoff<unknown>;
  private attempts = 0;

  constructor(private readonly options: BackoffOptions) {}

  /** The delay before the next attempt: the initial delay, doubling up to the cap. */
  next(): number {
    this.factory ??= exponentialBackoff(this.options) as ExponentialBackoff<number>;
    this.current = this.current ? this.current.next(undefined) : this.factory.next();
    this.attempts++;
    return this.current.duration;
  }

  reset(): void {
    this.current = undefined;
    this.attempts = 0;
  }

  get failures(): number {
    return this.attempts;
  }
}

/** Waits `ms`, or less when `signal` aborts; never rejects (callers check the signal afterwards). */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal }).catch(() => undefined);
}
