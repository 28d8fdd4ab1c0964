import type { CircuitBreakerPolicy, CircuitState, IBackoff, IBackoffFactory, IBreaker, IPolicy } from "cockatiel";
import { cockatiel } from "../../util/cockatiel.js";
import { compileTrip as compileTripSync, type BreakerCounts, type CircuitBreakerSpec, type ResiliencySpec, type RetryPolicySpec, type TargetPolicies, type TripProgram } from "../../apis/resiliency.js";
import { NEVER_ABORTED } from "../../util/abort.js";

/**
 * An error that carries the HTTP status that caused it, so `matching.httpStatusCodes` can choose what to
 * retry; `retryable: false` marks a failure no retry can fix (a malformed request).
 */
export interface StatusCarrying {
  httpStatus?: number;
  retryable?: boolean;
}

function permanent(error: unknown): boolean {
  return (error as StatusCarrying | undefined)?.retryable === false;
}

export type { BreakerCounts, TripProgram } from "../../apis/resiliency.js";

/** Compiles a `trip` expression once; rejects with the CEL message when it does not compile. */
export async function compileTrip(expression: string): Promise<TripProgram> {
  return compileTripSync(expression);
}

/**
 * A cockatiel breaker counting as gobreaker does: counts grow while closed, are cleared every
 * `interval` (0: never) and on every state change, and `trip` is evaluated on each failure.
 */
export class CelBreaker implements IBreaker {
  private counts: BreakerCounts = zero();
  private windowStarted: number;

  constructor(
    private readonly trip: TripProgram,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStarted = now();
  }

  get state(): unknown {
    return { ...this.counts };
  }

  set state(value: unknown) {
    this.counts = { ...zero(), ...(value as Partial<BreakerCounts>) };
  }

  success(state: CircuitState): void {
    if (state === cockatiel().CircuitState.HalfOpen) return this.reset();
    this.roll();
    this.counts.requests++;
    this.counts.totalSuccesses++;
    this.counts.consecutiveSuccesses++;
    this.counts.consecutiveFailures = 0;
  }

  failure(state: CircuitState): boolean {
    if (state === cockatiel().CircuitState.HalfOpen) {
      this.reset();
      return true;
    }
    this.roll();
    this.counts.requests++;
    this.counts.totalFailures++;
    this.counts.consecutiveFailures++;
    this.counts.consecutiveSuccesses = 0;
    const open = this.trip(this.counts);
    if (open) this.reset();
    return open;
  }

  private roll(): void {
    if (this.intervalMs > 0 && this.now() - this.windowStarted >= this.intervalMs) this.reset();
  }

  private reset(): void {
    this.counts = zero();
    this.windowStarted = this.now();
  }
}

function zero(): BreakerCounts {
  return { requests: 0, totalSuccesses: 0, totalFailures: 0, consecutiveSuccesses: 0, consecutiveFailures: 0 };
}

function matches(spec: RetryPolicySpec): (error: unknown) => boolean {
  const ranges = spec.httpStatusCodes;
  if (!ranges) return (error) => !permanent(error);
  return (error) => {
    if (permanent(error)) return false;
    const status = (error as StatusCarrying | undefined)?.httpStatus;
    // An error without a status (a refused connection, a timeout, an open breaker) is always retried, as in Dapr.
    return status === undefined || ranges.some(([from, to]) => status >= from && status <= to);
  };
}

/** How a retry waits and how long it keeps going: a Resiliency retry policy, or a built-in default. */
export interface RetrySchedule {
  backoff: IBackoffFactory<unknown>;
  /** Retries after the first attempt; -1: forever. */
  maxRetries: number;
  retryable: (error: unknown) => boolean;
}

export function retrySchedule(spec: RetryPolicySpec): RetrySchedule {
  const { ConstantBackoff, ExponentialBackoff } = cockatiel();
  const backoff = spec.policy === "constant" ? new ConstantBackoff(spec.durationMs) : new ExponentialBackoff({ initialDelay: spec.initialIntervalMs, maxDelay: spec.maxIntervalMs, exponent: 1.5 });
  return { backoff, maxRetries: spec.maxRetries, retryable: matches(spec) };
}

export function breakerPolicy(spec: CircuitBreakerSpec, now?: () => number): CircuitBreakerPolicy {
  // cockatiel lets one call through when half-open and closes on its success: gobreaker's maxRequests 1.
  const { circuitBreaker, handleAll } = cockatiel();
  return circuitBreaker(handleAll, { halfOpenAfter: spec.timeoutMs, breaker: new CelBreaker(compileTripSync(spec.trip), spec.intervalMs, now) });
}

export type ActivationKind = "retry" | "timeout" | "circuitbreaker";
export type BreakerStateName = "closed" | "open" | "half-open";

/** What a target's policies report: for metrics (activations, breaker state) and the state-change log lines. */
export interface PolicyEvents {
  activation?(kind: ActivationKind): void;
  breakerState?(state: BreakerStateName): void;
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  /**
   * Inbound delivery: while the breaker is open, wait until it half-opens instead of failing, and do
   * not spend a retry on it (the caller holds the broker's message meanwhile, so the broker pauses).
   */
  waitWhileOpen?: boolean;
}

/** The policies of one target (`components.<name>.outbound|inbound`), composed as Dapr does: retry( breaker( timeout(call) ) ). */
export interface TargetPolicy {
  readonly names: TargetPolicies;
  readonly breaker?: CircuitBreakerPolicy;
  /** `fn` gets an AbortSignal that aborts when the timeout fires; the caller's `signal` cuts waits between attempts short. */
  execute<T>(fn: (signal: AbortSignal) => Promise<T>, options?: AbortSignal | ExecuteOptions): Promise<T>;
  /** Resolves once a call may be tried: the breaker is closed, or open long enough to half-open. */
  whenCallable(signal?: AbortSignal): Promise<void>;
}

export interface PolicyParts {
  names?: TargetPolicies;
  timeoutMs?: number;
  retry?: RetrySchedule;
  breaker?: CircuitBreakerSpec;
}

/** Builds a target's policy from its parts (a Resiliency target, or a built-in default with only a retry). */
export function composePolicy(parts: PolicyParts, events: PolicyEvents = {}): TargetPolicy {
  const breaker = parts.breaker ? breakerPolicy(parts.breaker) : undefined;
  let openedAt = 0;
  const stateWaiters = new Set<() => void>();
  if (breaker) {
    const { CircuitState } = cockatiel();
    breaker.onStateChange((state) => {
      if (state === CircuitState.Open) openedAt = Date.now();
      for (const wake of stateWaiters) wake();
      stateWaiters.clear();
      const name: BreakerStateName = state === CircuitState.Closed ? "closed" : state === CircuitState.HalfOpen ? "half-open" : "open";
      events.breakerState?.(name);
    });
    breaker.onBreak(() => events.activation?.("circuitbreaker"));
  }
  const timeoutPolicy = parts.timeoutMs !== undefined ? cockatiel().timeout(parts.timeoutMs, cockatiel().TimeoutStrategy.Aggressive) : undefined;
  timeoutPolicy?.onTimeout(() => events.activation?.("timeout"));
  const inner: IPolicy | undefined = breaker && timeoutPolicy ? cockatiel().wrap(breaker, timeoutPolicy) : (breaker ?? timeoutPolicy);
  // With neither a breaker nor a timeout (the built-in delivery policy), the attempt is called directly:
  // cockatiel's noop policy costs some 1.5 us and 1.1 KB per call (bench/profile-delivery.mjs), on every delivery.
  const attempt = !inner ? <T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> => fn(NEVER_ABORTED) : <T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> => inner.execute((context) => fn(context.signal));

  const whenCallable = async (signal?: AbortSignal): Promise<void> => {
    if (!breaker) return;
    const { CircuitState } = cockatiel();
    while (!signal?.aborted) {
      const state = breaker.state;
      if (state === CircuitState.Closed) return;
      if (state === CircuitState.Open) {
        const wait = openedAt + parts.breaker!.timeoutMs - Date.now();
        if (wait <= 0) return;
        await pause(wait, signal);
        continue;
      }
      // Half-open with its trial call running (or isolated): wait for the next state change.
      await new Promise<void>((resolve) => {
        const done = (): void => {
          stateWaiters.delete(done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        stateWaiters.add(done);
        signal?.addEventListener("abort", done, { once: true });
      });
    }
  };

  /**
   * The attempts after `failure` (the first attempt's error), or from the first when there is none. An error
   * that is not retried, or retries run out, rejects with the last attempt's error.
   */
  const retried = async <T>(fn: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined, waitWhileOpen: boolean | undefined, failure?: { error: unknown }): Promise<T> => {
    const retry = parts.retry;
    let backoff: IBackoff<unknown> | undefined;
    for (let retries = 0; ; ) {
      if (!failure) {
        // Without a breaker there is nothing to wait for: no await (a tick and a promise per delivery).
        if (waitWhileOpen && breaker) await whenCallable(signal);
        // Stopped while waiting: no new attempt (the caller hands the message back to the broker).
        if (signal?.aborted) throw new (cockatiel().TaskCancelledError)("stopped before the next attempt");
        try {
          // The caller's signal ends waits (the gate, backoff), never an attempt under way: a stopping
          // subscription lets in-flight deliveries finish. The attempt's signal aborts on a timeout only.
          return await attempt(fn);
        } catch (error) {
          failure = { error };
        }
      }
      const { error } = failure;
      failure = undefined;
      if (waitWhileOpen && error instanceof cockatiel().BrokenCircuitError && !signal?.aborted) continue;
      if (!retry || signal?.aborted || !retry.retryable(error) || (retry.maxRetries >= 0 && retries >= retry.maxRetries)) throw error;
      retries++;
      backoff = backoff ? backoff.next(undefined) : retry.backoff.next(undefined);
      events.activation?.("retry");
      await pause(backoff.duration, signal);
      if (signal?.aborted) throw error;
    }
  };

  /**
   * Not an async function where no breaker gates the first attempt: that attempt's own promise, with a
   * rejection handler that goes on to the retries, rather than an async frame and an await around it on
   * every call (every delivery takes this path).
   */
  const execute = <T>(fn: (signal: AbortSignal) => Promise<T>, options?: AbortSignal | ExecuteOptions): Promise<T> => {
    const { signal, waitWhileOpen } = options instanceof AbortSignal ? { signal: options, waitWhileOpen: false } : (options ?? {});
    if (waitWhileOpen && breaker) return retried(fn, signal, waitWhileOpen);
    if (signal?.aborted) return Promise.reject(new (cockatiel().TaskCancelledError)("stopped before the next attempt"));
    let first: Promise<T>;
    try {
      first = attempt(fn);
    } catch (error) {
      return retried(fn, signal, waitWhileOpen, { error });
    }
    return first.then(undefined, (error: unknown) => retried(fn, signal, waitWhileOpen, { error }));
  };
  return { names: parts.names ?? {}, breaker, execute, whenCallable };
}

export function targetPolicy(spec: ResiliencySpec, names: TargetPolicies, events?: PolicyEvents): TargetPolicy {
  return composePolicy(
    {
      names,
      timeoutMs: names.timeout ? spec.timeouts.get(names.timeout) : undefined,
      retry: names.retry ? retrySchedule(spec.retries.get(names.retry)!) : undefined,
      breaker: names.circuitBreaker ? spec.circuitBreakers.get(names.circuitBreaker) : undefined,
    },
    events,
  );
}

/** Waits `ms` (timers the tests can fake), or less when `signal` aborts; never rejects. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
