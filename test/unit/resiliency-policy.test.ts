import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { BrokenCircuitError, CircuitState, TaskCancelledError } from "cockatiel";
import { parseResiliencySpec } from "../../pkg/apis/resiliency.js";
import { compileTrip, targetPolicy } from "../../pkg/runtime/resiliency/policy.js";

function spec(policies: unknown, components: unknown = {}): ReturnType<typeof parseResiliencySpec> {
  const errors: Array<{ field: string; message: string }> = [];
  const parsed = parseResiliencySpec({ policies, targets: { components } }, errors);
  expect(errors).toEqual([]);
  return parsed;
}

class HttpError extends Error {
  constructor(readonly httpStatus: number) {
    super(`status ${httpStatus}`);
  }
}

/** A call that fails `failures` times (with `error`) and then succeeds; counts its attempts. */
function flaky(failures: number, error: () => Error = () => new Error("boom")): { calls: () => number; fn: () => Promise<string> } {
  let calls = 0;
  return { calls: () => calls, fn: async () => (++calls <= failures ? Promise.reject(error()) : "ok") };
}

describe("Resiliency policies (cockatiel), timed with fake timers", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("a constant retry waits `duration` between attempts and stops once the call succeeds", async () => {
    const policy = targetPolicy(spec({ retries: { r: { policy: "constant", duration: "1s", maxRetries: 5 } } }), { retry: "r" });
    const call = flaky(3);
    const result = policy.execute(call.fn);
    await jest.advanceTimersByTimeAsync(0);
    expect(call.calls()).toBe(1);
    await jest.advanceTimersByTimeAsync(2999);
    expect(call.calls()).toBe(3);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe("ok");
    expect(call.calls()).toBe(4);
  });

  it("gives up after maxRetries retries (maxRetries + 1 attempts) with the last error", async () => {
    const policy = targetPolicy(spec({ retries: { r: { duration: "10ms", maxRetries: 2 } } }), { retry: "r" });
    const call = flaky(100);
    const result = policy.execute(call.fn);
    const settled = expect(result).rejects.toThrow("boom");
    await jest.advanceTimersByTimeAsync(1000);
    await settled;
    expect(call.calls()).toBe(3);
  });

  it("maxRetries -1 retries without limit", async () => {
    const policy = targetPolicy(spec({ retries: { r: { duration: "1ms", maxRetries: -1 } } }), { retry: "r" });
    const call = flaky(500);
    const result = policy.execute(call.fn);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe("ok");
    expect(call.calls()).toBe(501);
  });

  it("matching.httpStatusCodes retries only the statuses listed (and errors without a status)", async () => {
    const policy = targetPolicy(spec({ retries: { r: { duration: "1ms", maxRetries: 3, matching: { httpStatusCodes: "500-599,429" } } } }), { retry: "r" });
    const notListed = flaky(1, () => new HttpError(404));
    await expect(policy.execute(notListed.fn)).rejects.toThrow("status 404");
    expect(notListed.calls()).toBe(1);
    for (const status of [503, 429]) {
      const listed = flaky(2, () => new HttpError(status));
      const result = policy.execute(listed.fn);
      await jest.advanceTimersByTimeAsync(10);
      await expect(result).resolves.toBe("ok");
      expect(listed.calls()).toBe(3);
    }
    const network = flaky(1);
    const result = policy.execute(network.fn);
    await jest.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toBe("ok");
  });

  it("an exponential retry grows its wait up to maxInterval", async () => {
    const policy = targetPolicy(spec({ retries: { r: { policy: "exponential", maxInterval: "2s", maxRetries: 20 } } }), { retry: "r" });
    const call = flaky(10);
    const result = policy.execute(call.fn);
    // Ten waits, none above maxInterval: done within 20s of fake time, and not all at once.
    await jest.advanceTimersByTimeAsync(100);
    expect(call.calls()).toBeLessThan(5);
    await jest.advanceTimersByTimeAsync(20_000);
    await expect(result).resolves.toBe("ok");
    expect(call.calls()).toBe(11);
  });

  it("a timeout aborts the call's signal and rejects once the duration passes", async () => {
    const policy = targetPolicy(spec({ timeouts: { t: "500ms" } }), { timeout: "t" });
    let aborted = false;
    const result = policy.execute((signal) => new Promise<string>((_resolve, reject) => signal.addEventListener("abort", () => ((aborted = true), reject(new Error("aborted"))))));
    const settled = expect(result).rejects.toThrow("aborted");
    await jest.advanceTimersByTimeAsync(499);
    expect(aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await settled;
    expect(aborted).toBe(true);
    // A call that ignores its signal is not waited for.
    const deaf = policy.execute(() => new Promise<string>(() => undefined));
    const cancelled = expect(deaf).rejects.toBeInstanceOf(TaskCancelledError);
    await jest.advanceTimersByTimeAsync(500);
    await cancelled;
  });

  it("a breaker opens when `trip` holds, fails fast while open, half-opens after `timeout`, and closes on a success", async () => {
    const policy = targetPolicy(spec({ circuitBreakers: { cb: { trip: "consecutiveFailures >= 3", timeout: "10s", maxRequests: 1 } } }), { circuitBreaker: "cb" });
    const failing = flaky(3);
    for (let i = 0; i < 3; i++) await expect(policy.execute(failing.fn)).rejects.toThrow("boom");
    expect(policy.breaker!.state).toBe(CircuitState.Open);
    await expect(policy.execute(failing.fn)).rejects.toBeInstanceOf(BrokenCircuitError);
    expect(failing.calls()).toBe(3);
    await jest.advanceTimersByTimeAsync(10_000);
    await expect(policy.execute(failing.fn)).resolves.toBe("ok");
    expect(policy.breaker!.state).toBe(CircuitState.Closed);
  });

  it("a breaker's counts are cleared every `interval` while closed", async () => {
    const policy = targetPolicy(spec({ circuitBreakers: { cb: { trip: "totalFailures >= 3", interval: "1s", timeout: "5s" } } }), { circuitBreaker: "cb" });
    const failing = flaky(100);
    for (let i = 0; i < 2; i++) await expect(policy.execute(failing.fn)).rejects.toThrow("boom");
    await jest.advanceTimersByTimeAsync(1000);
    for (let i = 0; i < 2; i++) await expect(policy.execute(failing.fn)).rejects.toThrow("boom");
    expect(policy.breaker!.state).toBe(CircuitState.Closed);
    await expect(policy.execute(failing.fn)).rejects.toThrow("boom");
    expect(policy.breaker!.state).toBe(CircuitState.Open);
  });

  it("composes as Dapr does: each attempt is timed out and counted by the breaker, the retry spans attempts", async () => {
    const policy = targetPolicy(
      spec({ timeouts: { t: "100ms" }, retries: { r: { duration: "1s", maxRetries: 10 } }, circuitBreakers: { cb: { trip: "consecutiveFailures >= 2", timeout: "3s" } } }),
      { timeout: "t", retry: "r", circuitBreaker: "cb" },
    );
    let calls = 0;
    const result = policy.execute((signal) => (++calls <= 2 ? new Promise<string>((_r, reject) => signal.addEventListener("abort", () => reject(new Error("slow")))) : Promise.resolve("ok")));
    await jest.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe("ok");
    // Two timed-out attempts opened the breaker; retries waited it out (fast failures, no calls) until half-open.
    expect(calls).toBe(3);
  });
});

describe("trip expressions", () => {
  it("compile once and read the counts", async () => {
    const trip = await compileTrip("consecutiveFailures > 5 || (requests > 10 && totalFailures * 2 > requests)");
    expect(trip({ requests: 6, totalSuccesses: 0, totalFailures: 6, consecutiveSuccesses: 0, consecutiveFailures: 6 })).toBe(true);
    expect(trip({ requests: 12, totalSuccesses: 5, totalFailures: 7, consecutiveSuccesses: 0, consecutiveFailures: 1 })).toBe(true);
    expect(trip({ requests: 12, totalSuccesses: 7, totalFailures: 5, consecutiveSuccesses: 0, consecutiveFailures: 1 })).toBe(false);
  });

  it("that do not compile throw with the CEL message", async () => {
    await expect(compileTrip("consecutiveFailures >")).rejects.toThrow();
  });
});

describe("parseResiliencySpec reports each problem by field", () => {
  it("names unknown policies, bad durations, bad numbers and status lists", () => {
    const errors: Array<{ field: string; message: string }> = [];
    parseResiliencySpec(
      {
        policies: {
          timeouts: { general: "5 seconds" },
          retries: { r: { policy: "linear", maxRetries: -2, matching: { httpStatusCodes: "5xx" } } },
          circuitBreakers: { cb: { maxRequests: 0, trip: "" } },
        },
        targets: { components: { orders: { outbound: { retry: "nope", timeout: "general" }, inbound: { circuitBreaker: "missing", speed: "fast" } } }, apps: { other: {} } },
      },
      errors,
    );
    expect(errors.map((e) => e.field).sort()).toEqual(
      [
        "spec.policies.timeouts.general",
        "spec.policies.retries.r.policy",
        "spec.policies.retries.r.maxRetries",
        "spec.policies.retries.r.matching.httpStatusCodes",
        "spec.policies.circuitBreakers.cb.maxRequests",
        "spec.policies.circuitBreakers.cb.trip",
        "spec.targets.components.orders.outbound.retry",
        "spec.targets.components.orders.inbound.circuitBreaker",
        "spec.targets.components.orders.inbound.speed",
      ].sort(),
    );
  });

  it("fills daprd's defaults", () => {
    const parsed = spec({ retries: { r: {} }, circuitBreakers: { cb: {} } });
    expect(parsed.retries.get("r")).toEqual({ policy: "constant", durationMs: 5000, initialIntervalMs: 500, maxIntervalMs: 60_000, maxRetries: -1 });
    expect(parsed.circuitBreakers.get("cb")).toEqual({ maxRequests: 1, intervalMs: 0, timeoutMs: 60_000, trip: "consecutiveFailures > 5" });
  });
});

describe("inbound: waiting out an open breaker", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("waitWhileOpen holds the call until half-open, spends no retry on the open breaker, and reports state changes", async () => {
    const states: string[] = [];
    const activations: string[] = [];
    const policy = targetPolicy(
      spec({ retries: { r: { duration: "10ms", maxRetries: 1 } }, circuitBreakers: { cb: { trip: "consecutiveFailures >= 2", timeout: "5s" } } }),
      { retry: "r", circuitBreaker: "cb" },
      { breakerState: (s) => states.push(s), activation: (k) => activations.push(k) },
    );
    const failing = flaky(2);
    const first = expect(policy.execute(failing.fn, { waitWhileOpen: true })).rejects.toThrow("boom");
    await jest.advanceTimersByTimeAsync(10);
    await first;
    // Two failures (one retry) opened the breaker.
    expect(policy.breaker!.state).toBe(CircuitState.Open);
    const held = policy.execute(failing.fn, { waitWhileOpen: true });
    await jest.advanceTimersByTimeAsync(4000);
    expect(failing.calls()).toBe(2);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(held).resolves.toBe("ok");
    expect(failing.calls()).toBe(3);
    expect(states).toEqual(["open", "half-open", "closed"]);
    expect(activations).toEqual(["retry", "circuitbreaker"]);
  });
});

describe("the caller's signal", () => {
  it("ends waits between attempts but never an attempt under way (a stopping subscription drains)", async () => {
    const policy = targetPolicy(spec({ retries: { r: { duration: "1h", maxRetries: 5 } } }), { retry: "r" });
    const stop = new AbortController();
    let attemptAborted = false;
    let finish!: () => void;
    const running = policy.execute(
      (signal) =>
        new Promise<string>((resolve) => {
          signal.addEventListener("abort", () => (attemptAborted = true));
          finish = () => resolve("done");
        }),
      { signal: stop.signal },
    );
    await new Promise((r) => setImmediate(r));
    stop.abort();
    finish();
    await expect(running).resolves.toBe("done");
    expect(attemptAborted).toBe(false);
    // A failed attempt followed by a stop: the hour-long wait ends at once with the attempt's error.
    const again = new AbortController();
    const failing = policy.execute(() => Promise.reject(new Error("down")), { signal: again.signal });
    await new Promise((r) => setImmediate(r));
    again.abort();
    await expect(failing).rejects.toThrow("down");
  });
});
