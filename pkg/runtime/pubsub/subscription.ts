import type { SubscriptionResource } from "../../apis/types.js";
import { RETRY_DEFAULTS, type RetryDefaults } from "../../util/backoff.js";
import { metadataBool, metadataDurationMs, metadataInt, metadataValue, RequestMetadataError } from "../../components/pubsub/metadata.js";

/** One subscription, whichever way it was declared (spec "Subscription declaration", with the bulk opt-in of docs/api.md). */
export interface Subscription {
  pubsubName: string;
  topic: string;
  rules: Array<{ match: string; path: string }>;
  defaultRoute?: string;
  metadata: Record<string, string>;
  deadLetterTopic?: string;
  bulk?: { maxMessagesCount: number; maxAwaitDurationMs: number };
  /** Set by a stream's own request; a declared subscription says it in its metadata (`maxInFlight`). */
  maxInFlight?: number;
  /** STREAMING: opened at run time by a subscriber's stream (pkg/runtime/pubsub/streams), gone when it ends. */
  type: "PROGRAMMATIC" | "DECLARATIVE" | "STREAMING";
}

/** Delivery settings read from a subscription's metadata: each subscription may tune its own. */
export interface DeliveryPolicy {
  rawPayload: boolean;
  /** Concurrent deliveries (or bulk requests) to the app; RuntimeOptions.appMaxConcurrency by default. */
  maxConcurrency: number;
  /**
   * Messages delivered and not yet acknowledged at once (bulk entries count one each), whatever the
   * concurrency; unset: only maxConcurrency bounds them (dapr/dapr#7680 asks for it per subscription).
   */
  maxInFlight?: number;
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

/**
 * `retry`: the component's defaults (its backOff* metadata), below the subscription's own metadata.
 * Read with the same reader as publish metadata (components/pubsub/metadata.ts), so a value means
 * the same on either side.
 */
export function deliveryPolicy(subscription: Subscription, defaultConcurrency: number, retry: RetryDefaults = {}): DeliveryPolicy {
  const { metadata } = subscription;
  try {
    return {
      rawPayload: metadataBool(metadata, "rawPayload", false),
      maxConcurrency: metadataInt(metadata, "maxConcurrency", defaultConcurrency, 1),
      maxInFlight: subscription.maxInFlight ?? (metadataValue(metadata, "maxInFlight") === undefined ? undefined : metadataInt(metadata, "maxInFlight", 0, 1)),
      maxRetries: metadataInt(metadata, "maxRetries", retry.maxRetries ?? RETRY_DEFAULTS.delivery.maxRetries, -1),
      retryInitialMs: metadataDurationMs(metadata, "retryInitialInterval", retry.retryInitialMs ?? RETRY_DEFAULTS.delivery.initialMs),
      retryMaxMs: metadataDurationMs(metadata, "retryMaxInterval", retry.retryMaxMs ?? RETRY_DEFAULTS.delivery.maxMs),
    };
  } catch (error) {
    if (error instanceof RequestMetadataError) throw new SubscriptionError(`subscription ${subscription.pubsubName}/${subscription.topic}: ${error.message}`);
    throw error;
  }
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
