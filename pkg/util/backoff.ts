import { setTimeout as delay } from "node:timers/promises";
import { ExponentialBackoff, halfJitterGenerator, noJitterGenerator, type IBackoff } from "cockatiel";

export interface BackoffOptions {
  /** The first delay (default 200 ms). */
  initialMs?: number;
  /** The cap (default 30 s). */
  maxMs?: number;
  /** "half": each delay is drawn from its upper half, so retries of many messages spread out. Default none. */
  jitter?: "none" | "half";
}

/**
 * Capped exponential backoff from cockatiel (the policy library the Resiliency support builds on),
 * with the attempt count kept: `next()` is the delay before the next try, `reset()` follows a
 * success (controller-runtime's rate limiter, Dapr's retry backoff).
 */
export class Backoff {
  private readonly factory: ExponentialBackoff<number>;
  private current?: IBackoff<unknown>;
  private attempts = 0;

  constructor(options: BackoffOptions = {}) {
    this.factory = new ExponentialBackoff({
      initialDelay: options.initialMs ?? 200,
      maxDelay: options.maxMs ?? 30_000,
      generator: options.jitter === "half" ? halfJitterGenerator : noJitterGenerator,
    });
  }

  /** The delay before the next attempt: the initial delay, doubling up to the cap. */
  next(): number {
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
