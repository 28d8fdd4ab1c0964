import type { SubscriptionResource } from "../../apis/types.js";
import type { RetryDefaults } from "../../components/pubsub/retry.js";
import { parseBool, parseDurationMs } from "../../util/parse.js";

/** One subscription, whichever way it was declared (spec "Subscription declaration", with the bulk opt-in of docs/api.md). */
export interface Subscription {
  pubsubName: string;
  topic: string;
  rules: Array<{ match: string; path: string }>;
  defaultRoute?: string;
  metadata: Record<string, string>;
  deadLetterTopic?: string;
  bulk?: { maxMessagesCount: number; maxAwaitDurationMs: number };
  type: "PROGRAMMATIC" | "DECLARATIVE";
}

/** Delivery settings read from a subscription's metadata (the issue: "configurable per subscription"). */
export interface DeliveryPolicy {
  rawPayload: boolean;
  /** Concurrent deliveries (or bulk requests) to the app; RuntimeOptions.appMaxConcurrency by default. */
  maxConcurrency: number;
  /** Attempts after the first before the message goes to the dead-letter topic (or is dropped); -1: forever. */
  maxRetries: number;
  retryInitialMs: number;
  retryMaxMs: number;
}

export const BULK_DEFAULTS = { maxMessagesCount: 100, maxAwaitDurationMs: 1000 } as const;

export class SubscriptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SubscriptionError";
  }
}

/** Subscription metadata is matched case-insensitively, like component metadata. */
function metaValue(metadata: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(metadata)) if (key.toLowerCase() === lower && value !== "") return value;
  return undefined;
}

/** `retry`: the component's defaults (its backOff* metadata), below the subscription's own metadata. */
export function deliveryPolicy(subscription: Subscription, defaultConcurrency: number, retry: RetryDefaults = {}): DeliveryPolicy {
  const { metadata } = subscription;
  const where = `subscription ${subscription.pubsubName}/${subscription.topic}: metadata`;
  const int = (name: string, fallback: number, min: number): number => {
    const raw = metaValue(metadata, name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min) throw new SubscriptionError(`${where} ${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
    return value;
  };
  const duration = (name: string, fallback: number): number => {
    const raw = metaValue(metadata, name);
    if (raw === undefined) return fallback;
    const value = parseDurationMs(raw);
    if (value === undefined) throw new SubscriptionError(`${where} ${name} must be a duration such as 500ms, got ${JSON.stringify(raw)}`);
    return value;
  };
  const rawText = metaValue(metadata, "rawPayload");
  const rawPayload = rawText === undefined ? false : parseBool(rawText);
  if (rawPayload === undefined) throw new SubscriptionError(`${where} rawPayload must be true or false, got ${JSON.stringify(rawText)}`);
  return {
    rawPayload,
    maxConcurrency: int("maxConcurrency", defaultConcurrency, 1),
    maxRetries: int("maxRetries", retry.maxRetries ?? -1, -1),
    retryInitialMs: duration("retryInitialInterval", retry.retryInitialMs ?? 100),
    retryMaxMs: duration("retryMaxInterval", retry.retryMaxMs ?? 30_000),
  };
}

/**
 * Parses the app's answer to `GET /runtime/subscribe` (spec A1). Accepts Dapr's two shapes: v2
 * (`routes: {rules, default}`) and v1 (`route: "/path"`). Bad entries are reported, not fatal: one
 * typo must not cost the app its other subscriptions.
 */
export function parseDeclarations(body: unknown): { subscriptions: Subscription[]; errors: string[] } {
  const subscriptions: Subscription[] = [];
  const errors: string[] = [];
  if (!Array.isArray(body)) return { subscriptions, errors: ["the subscription list is not a JSON array"] };
  body.forEach((item: unknown, index) => {
    try {
      subscriptions.push(parseOne(item, "PROGRAMMATIC"));
    } catch (error) {
      errors.push(`subscription #${index}: ${(error as Error).message}`);
    }
  });
  return { subscriptions, errors };
}

export function fromResource(resource: SubscriptionResource): Subscription {
  return parseOne(resource.spec, "DECLARATIVE");
}

function parseOne(item: unknown, type: Subscription["type"]): Subscription {
  if (typeof item !== "object" || item === null) throw new SubscriptionError("is not an object");
  const decl = item as Record<string, unknown>;
  const pubsubName = str(decl["pubsubname"] ?? decl["pubsubName"], "pubsubname", true)!;
  const topic = str(decl["topic"], "topic", true)!;
  const routes = decl["routes"];
  const rules: Subscription["rules"] = [];
  let defaultRoute = str(decl["route"], "route", false);
  if (routes !== undefined && routes !== null) {
    if (typeof routes !== "object") throw new SubscriptionError("routes is not an object");
    const r = routes as Record<string, unknown>;
    defaultRoute = str(r["default"], "routes.default", false) ?? defaultRoute;
    if (r["rules"] !== undefined && r["rules"] !== null) {
      if (!Array.isArray(r["rules"])) throw new SubscriptionError("routes.rules is not an array");
      for (const rule of r["rules"] as unknown[]) {
        if (typeof rule !== "object" || rule === null) throw new SubscriptionError("a routes.rules entry is not an object");
        const { match, path } = rule as Record<string, unknown>;
        // An empty match always matches, as daprd's CreateRoutingRule (spec silent): a catch-all rule.
        rules.push({ match: str(match, "routes.rules[].match", false) ?? "", path: normalisePath(str(path, "routes.rules[].path", true)!) });
      }
    }
  }
  if (rules.length === 0 && defaultRoute === undefined) throw new SubscriptionError(`topic ${topic} names no route (route, routes.default or routes.rules)`);
  const metadata: Record<string, string> = {};
  const rawMeta = decl["metadata"];
  if (rawMeta !== undefined && rawMeta !== null) {
    if (typeof rawMeta !== "object" || Array.isArray(rawMeta)) throw new SubscriptionError("metadata is not an object");
    for (const [k, v] of Object.entries(rawMeta as Record<string, unknown>)) metadata[k] = String(v);
  }
  return {
    pubsubName,
    topic,
    rules,
    defaultRoute: defaultRoute === undefined ? undefined : normalisePath(defaultRoute),
    metadata,
    deadLetterTopic: str(decl["deadLetterTopic"], "deadLetterTopic", false),
    bulk: parseBulk(decl["bulkSubscribe"]),
    type,
  };
}

function parseBulk(value: unknown): Subscription["bulk"] {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object") throw new SubscriptionError("bulkSubscribe is not an object");
  const b = value as Record<string, unknown>;
  if (b["enabled"] !== true && b["enabled"] !== "true") return undefined;
  const positive = (v: unknown, name: string, fallback: number): number => {
    if (v === undefined || v === null) return fallback;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw new SubscriptionError(`bulkSubscribe.${name} must be a positive integer`);
    return n;
  };
  return {
    maxMessagesCount: positive(b["maxMessagesCount"], "maxMessagesCount", BULK_DEFAULTS.maxMessagesCount),
    maxAwaitDurationMs: positive(b["maxAwaitDurationMs"], "maxAwaitDurationMs", BULK_DEFAULTS.maxAwaitDurationMs),
  };
}

function str(value: unknown, field: string, required: boolean): string | undefined {
  if (value === undefined || value === null || value === "") {
    if (required) throw new SubscriptionError(`${field} is required`);
    return undefined;
  }
  if (typeof value !== "string") throw new SubscriptionError(`${field} must be a string`);
  return value;
}

/**
 * Routes are paths on the app: a leading `/` is added, and anything that could leave the path
 * (a scheme, `..`, control characters) is refused (ARCHITECTURE.md "Hardening").
 */
function normalisePath(path: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(path) || path.includes("://") || path.split("/").includes("..")) throw new SubscriptionError(`route ${JSON.stringify(path)} is not a plain path`);
  return path.startsWith("/") ? path : `/${path}`;
}
