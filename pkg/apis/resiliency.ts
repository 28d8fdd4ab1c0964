import { createRequire } from "node:module";
import type { CelInput } from "@bufbuild/cel";
import { RETRY_DEFAULTS } from "../util/backoff.js";
import { parseDurationMs } from "../util/parse.js";

/**
 * Dapr's `Resiliency` resource (docs "Resiliency policies"; dapr/dapr pkg/apis/resiliency/v1alpha1),
 * parsed into typed policies. Defaults are daprd's: a retry's are RETRY_DEFAULTS.dapr (util/backoff.ts); a breaker half-opens after `timeout` 60s, lets
 * `maxRequests` 1 through, trips at `consecutiveFailures > 5`, and never clears its counts while closed
 * unless `interval` is set.
 */
export interface RetryPolicySpec {
  policy: "constant" | "exponential";
  durationMs: number;
  /** exponential: the first wait (Dapr's backoff starts at 500ms) and the cap. */
  initialIntervalMs: number;
  maxIntervalMs: number;
  /** -1: forever. */
  maxRetries: number;
  /** Retry only answers with these HTTP statuses (`"500-599,429"`); undefined: every failure. */
  httpStatusCodes?: Array<[number, number]>;
}

export interface CircuitBreakerSpec {
  maxRequests: number;
  intervalMs: number;
  timeoutMs: number;
  /** A CEL expression over requests, totalSuccesses, totalFailures, consecutiveSuccesses, consecutiveFailures. */
  trip: string;
}

export interface TargetPolicies {
  timeout?: string;
  retry?: string;
  circuitBreaker?: string;
}

export interface ResiliencySpec {
  timeouts: Map<string, number>;
  retries: Map<string, RetryPolicySpec>;
  circuitBreakers: Map<string, CircuitBreakerSpec>;
  /** components.<name>.outbound / .inbound */
  components: Map<string, { outbound?: TargetPolicies; inbound?: TargetPolicies }>;
}

/** The counts a breaker's `trip` expression sees (sony/gobreaker's Counts, as Dapr exposes them). */
export interface BreakerCounts {
  requests: number;
  totalSuccesses: number;
  totalFailures: number;
  consecutiveSuccesses: number;
  consecutiveFailures: number;
}

export type TripProgram = (counts: BreakerCounts) => boolean;

type CelModule = typeof import("@bufbuild/cel");
let cel: CelModule | undefined;
const compiled = new Map<string, TripProgram>();

/**
 * Compiles a `trip` expression (cached by its text); throws with the CEL message when it does not
 * compile. Synchronous so validation can reject a bad trip by field like any other mistake; the CEL
 * library (megabytes) is loaded on the first breaker only, through require, which loads lazily
 * without making validation asynchronous.
 */
export function compileTrip(expression: string): TripProgram {
  const known = compiled.get(expression);
  if (known) return known;
  cel ??= createRequire(import.meta.url)("@bufbuild/cel") as CelModule;
  const { celEnv, isCelError, parse, plan } = cel;
  const program = plan(celEnv({}), parse(expression)) as unknown as (bindings: Record<string, CelInput>) => unknown;
  const trip: TripProgram = (counts) => {
    // CEL integers are bigints in @bufbuild/cel.
    const bindings: Record<string, CelInput> = {};
    for (const [k, v] of Object.entries(counts)) bindings[k] = BigInt(v as number);
    const result = program(bindings);
    return !isCelError(result) && result === true;
  };
  compiled.set(expression, trip);
  return trip;
}

interface FieldError {
  field: string;
  message: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const DEFAULT_TRIP = "consecutiveFailures > 5";

function duration(value: unknown, field: string, errors: FieldError[], fallback: number): number {
  if (value === undefined) return fallback;
  const ms = typeof value === "string" || typeof value === "number" ? parseDurationMs(value) : undefined;
  if (ms === undefined) {
    errors.push({ field, message: `${JSON.stringify(value)} is not a duration such as 500ms, 5s or 1m30s` });
    return fallback;
  }
  return ms;
}

function integer(value: unknown, field: string, errors: FieldError[], fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < min) {
    errors.push({ field, message: `${JSON.stringify(value)} must be an integer >= ${min}` });
    return fallback;
  }
  return n;
}

/** `"500-599,429"` -> [[500, 599], [429, 429]]; undefined when malformed. */
export function parseStatusRanges(text: string): Array<[number, number]> | undefined {
  const ranges: Array<[number, number]> = [];
  for (const part of text.split(",")) {
    const match = /^\s*(\d{3})\s*(?:-\s*(\d{3})\s*)?$/.exec(part);
    if (!match) return undefined;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 100 || to > 599 || from > to) return undefined;
    ranges.push([from, to]);
  }
  return ranges;
}

function namedMap(value: unknown, field: string, errors: FieldError[]): Array<[string, unknown]> {
  if (value === undefined) return [];
  if (!isObject(value)) {
    errors.push({ field, message: "must be a mapping of named policies" });
    return [];
  }
  return Object.entries(value);
}

function parseRetry(value: unknown, at: string, errors: FieldError[]): RetryPolicySpec {
  const dapr = RETRY_DEFAULTS.dapr;
  const spec: RetryPolicySpec = { policy: dapr.policy, durationMs: dapr.durationMs, initialIntervalMs: dapr.initialMs, maxIntervalMs: dapr.maxMs, maxRetries: dapr.maxRetries };
  if (!isObject(value)) {
    errors.push({ field: at, message: "must be a mapping" });
    return spec;
  }
  if (value.policy !== undefined) {
    if (value.policy === "constant" || value.policy === "exponential") spec.policy = value.policy;
    else errors.push({ field: `${at}.policy`, message: `${JSON.stringify(value.policy)} must be constant or exponential` });
  }
  spec.durationMs = duration(value.duration, `${at}.duration`, errors, spec.durationMs);
  spec.initialIntervalMs = duration(value.initialInterval, `${at}.initialInterval`, errors, spec.initialIntervalMs);
  spec.maxIntervalMs = duration(value.maxInterval, `${at}.maxInterval`, errors, spec.maxIntervalMs);
  spec.maxRetries = integer(value.maxRetries, `${at}.maxRetries`, errors, -1, -1);
  const matching = value.matching;
  if (matching !== undefined) {
    if (!isObject(matching)) errors.push({ field: `${at}.matching`, message: "must be a mapping" });
    else if (matching.httpStatusCodes !== undefined) {
      const ranges = typeof matching.httpStatusCodes === "string" ? parseStatusRanges(matching.httpStatusCodes) : undefined;
      if (!ranges) errors.push({ field: `${at}.matching.httpStatusCodes`, message: `${JSON.stringify(matching.httpStatusCodes)} must list statuses and ranges such as "500-599,429"` });
      else spec.httpStatusCodes = ranges;
    }
  }
  return spec;
}

function parseBreaker(value: unknown, at: string, errors: FieldError[]): CircuitBreakerSpec {
  const spec: CircuitBreakerSpec = { maxRequests: 1, intervalMs: 0, timeoutMs: 60_000, trip: DEFAULT_TRIP };
  if (!isObject(value)) {
    errors.push({ field: at, message: "must be a mapping" });
    return spec;
  }
  spec.maxRequests = integer(value.maxRequests, `${at}.maxRequests`, errors, 1, 1);
  spec.intervalMs = duration(value.interval, `${at}.interval`, errors, 0);
  spec.timeoutMs = duration(value.timeout, `${at}.timeout`, errors, 60_000);
  if (value.trip !== undefined) {
    if (typeof value.trip !== "string" || value.trip.trim() === "") errors.push({ field: `${at}.trip`, message: "must be a CEL expression such as consecutiveFailures > 5" });
    else {
      spec.trip = value.trip;
      try {
        compileTrip(value.trip);
      } catch (error) {
        errors.push({ field: `${at}.trip`, message: `${JSON.stringify(value.trip)} is not a valid CEL expression: ${(error as Error).message.split("\n")[0]}` });
      }
    }
  }
  return spec;
}

function parseTarget(value: unknown, at: string, spec: ResiliencySpec, errors: FieldError[]): TargetPolicies | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) return void errors.push({ field: at, message: "must be a mapping of timeout, retry, circuitBreaker" });
  const target: TargetPolicies = {};
  const refs = [
    ["timeout", spec.timeouts],
    ["retry", spec.retries],
    ["circuitBreaker", spec.circuitBreakers],
  ] as const;
  for (const [key, policies] of refs) {
    const name = value[key];
    if (name === undefined) continue;
    if (typeof name !== "string" || !policies.has(name)) {
      errors.push({ field: `${at}.${key}`, message: `${JSON.stringify(name)} names no policy in spec.policies.${key === "circuitBreaker" ? "circuitBreakers" : `${key}s`}` });
      continue;
    }
    target[key] = name;
  }
  for (const key of Object.keys(value)) if (!refs.some(([k]) => k === key)) errors.push({ field: `${at}.${key}`, message: "is not timeout, retry or circuitBreaker" });
  return target;
}

/** Parses a Resiliency's `spec`; every problem is pushed with its field, e.g. `spec.targets.components.orders.inbound.retry`. */
export function parseResiliencySpec(value: unknown, errors: FieldError[]): ResiliencySpec {
  const spec: ResiliencySpec = { timeouts: new Map(), retries: new Map(), circuitBreakers: new Map(), components: new Map() };
  if (!isObject(value)) {
    errors.push({ field: "spec", message: "must be a mapping" });
    return spec;
  }
  const policies = value.policies ?? {};
  if (!isObject(policies)) errors.push({ field: "spec.policies", message: "must be a mapping" });
  else {
    for (const [name, timeout] of namedMap(policies.timeouts, "spec.policies.timeouts", errors)) {
      spec.timeouts.set(name, duration(timeout, `spec.policies.timeouts.${name}`, errors, 0));
    }
    for (const [name, retry] of namedMap(policies.retries, "spec.policies.retries", errors)) spec.retries.set(name, parseRetry(retry, `spec.policies.retries.${name}`, errors));
    for (const [name, breaker] of namedMap(policies.circuitBreakers, "spec.policies.circuitBreakers", errors)) {
      spec.circuitBreakers.set(name, parseBreaker(breaker, `spec.policies.circuitBreakers.${name}`, errors));
    }
  }
  const targets = value.targets ?? {};
  if (!isObject(targets)) errors.push({ field: "spec.targets", message: "must be a mapping" });
  else {
    // apps and actors are Dapr targets of service invocation and actors, which this sidecar does not have:
    // accepted so Dapr manifests load unchanged, and ignored.
    for (const [name, target] of namedMap(targets.components, "spec.targets.components", errors)) {
      const at = `spec.targets.components.${name}`;
      if (!isObject(target)) {
        errors.push({ field: at, message: "must be a mapping of outbound and inbound" });
        continue;
      }
      spec.components.set(name, { outbound: parseTarget(target.outbound, `${at}.outbound`, spec, errors), inbound: parseTarget(target.inbound, `${at}.inbound`, spec, errors) });
    }
  }
  return spec;
}
