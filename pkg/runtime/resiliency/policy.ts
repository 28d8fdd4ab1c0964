import {
  CircuitState,
  ConstantBackoff,
  ExponentialBackoff,
  TimeoutStrategy,
  circuitBreaker,
  handleAll,
  handleWhen,
  noop,
  retry,
  timeout,
  wrap,
  type CircuitBreakerPolicy,
  type IBreaker,
  type IPolicy,
} from "cockatiel";
import { compileTrip as compileTripSync, type BreakerCounts, type CircuitBreakerSpec, type ResiliencySpec, type RetryPolicySpec, type TargetPolicies, type TripProgram } from "../../apis/resiliency.js";

/** An error that carries the HTTP status that caused it, so `matching.httpStatusCodes` can choose what to retry. */
export interface StatusCarrying {
  httpStatus?: number;
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
    if (state === CircuitState.HalfOpen) return this.reset();
    this.roll();
    this.counts.requests++;
    this.counts.totalSuccesses++;
    this.counts.consecutiveSuccesses++;
    this.counts.consecutiveFailures = 0;
  }

  failure(state: CircuitState): boolean {
    if (state === CircuitState.HalfOpen) {
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
  if (!ranges) return () => true;
  return (error) => {
    const status = (error as StatusCarrying | undefined)?.httpStatus;
    // An error without a status (a refused connection, a timeout) is always retried, as in Dapr.
    return status === undefined || ranges.some(([from, to]) => status >= from && status <= to);
  };
}

export function retryPolicy(spec: RetryPolicySpec): IPolicy {
  const backoff = spec.policy === "constant" ? new ConstantBackoff(spec.durationMs) : new ExponentialBackoff({ initialDelay: spec.initialIntervalMs, maxDelay: spec.maxIntervalMs, exponent: 1.5 });
  return retry(spec.httpStatusCodes ? handleWhen(matches(spec)) : handleAll, { maxAttempts: spec.maxRetries < 0 ? Infinity : spec.maxRetries, backoff });
}

export async function breakerPolicy(spec: CircuitBreakerSpec, now?: () => number): Promise<CircuitBreakerPolicy> {
  // cockatiel lets one call through when half-open and closes on its success: gobreaker's maxRequests 1.
  return circuitBreaker(handleAll, { halfOpenAfter: spec.timeoutMs, breaker: new CelBreaker(await compileTrip(spec.trip), spec.intervalMs, now) });
}

/** The policies of one target (`components.<name>.outbound|inbound`), composed as Dapr does: retry( breaker( timeout(call) ) ). */
export interface TargetPolicy {
  readonly names: TargetPolicies;
  readonly breaker?: CircuitBreakerPolicy;
  /** `fn` gets an AbortSignal that aborts when the timeout fires or `signal` aborts. */
  execute<T>(fn: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export async function targetPolicy(spec: ResiliencySpec, names: TargetPolicies): Promise<TargetPolicy> {
  const layers: IPolicy[] = [];
  if (names.retry) layers.push(retryPolicy(spec.retries.get(names.retry)!));
  const breaker = names.circuitBreaker ? await breakerPolicy(spec.circuitBreakers.get(names.circuitBreaker)!) : undefined;
  if (breaker) layers.push(breaker);
  if (names.timeout) layers.push(timeout(spec.timeouts.get(names.timeout)!, TimeoutStrategy.Aggressive));
  const policy: IPolicy = layers.length === 0 ? noop : wrap(...layers);
  return {
    names,
    breaker,
    execute: (fn, signal) => policy.execute((context) => fn(context.signal), signal),
  };
}
