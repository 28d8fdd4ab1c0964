import type { ComponentMetadata } from "../metadata.js";
import { parseDurationMs } from "../../util/parse.js";

/**
 * The one reader of pub/sub request metadata (publish query parameters, bulk entries, a subscription's
 * metadata). The runtime reads Dapr's common names once into typed options and hands brokers those;
 * a broker reads only its own names (`routingKey`, `queueName`) with `metadataValue`. One set of rules:
 * names match case-insensitively, an empty value counts as absent, and a value that cannot be read is a
 * RequestMetadataError naming the field and the value (the API answers 400 ERR_PUBSUB_REQUEST_METADATA,
 * whichever broker is behind it).
 */

/** A request metadata value that cannot be read; names the field and the value. */
export class RequestMetadataError extends Error {
  constructor(
    readonly field: string,
    readonly value: string,
    expected: string,
  ) {
    super(`metadata ${field} must be ${expected}, got ${JSON.stringify(value)}`);
    this.name = "RequestMetadataError";
  }
}

/** What a publish request's metadata says, read once (one entry of a bulk publish: its metadata over the request's). */
export interface PublishOptions {
  /** The payload is not wrapped in a CloudEvent (`rawPayload`). */
  rawPayload: boolean;
  /** How long the message lives unread (`ttlInSeconds`, or Dapr's `ttl`); undefined: for ever. */
  ttlMs?: number;
}

/**
 * The longest TTL kept: Go's largest duration, where daprd's TryGetTTL clamps an overflow. Brokers
 * with a smaller limit of their own (RabbitMQ's per-message expiration) leave the expiry to the
 * runtime's check on delivery beyond it.
 */
export const MAX_TTL_MS = 9_223_372_036_854;

/** The value of `name` (or the first alias present), case-insensitively; undefined when absent or empty. */
export function metadataValue(metadata: Readonly<Record<string, string>>, name: string, aliases: readonly string[] = []): string | undefined {
  for (const candidate of [name, ...aliases]) {
    const wanted = candidate.toLowerCase();
    for (const [key, value] of Object.entries(metadata)) if (key.toLowerCase() === wanted && value !== "") return value;
  }
  return undefined;
}

/** A whole number at least `min`; `fallback` when absent. */
export function metadataInt(metadata: Readonly<Record<string, string>>, name: string, fallback: number, min = Number.MIN_SAFE_INTEGER): number {
  const raw = metadataValue(metadata, name);
  if (raw === undefined) return fallback;
  const value = /^[+-]?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new RequestMetadataError(name, raw, min > Number.MIN_SAFE_INTEGER ? `an integer >= ${min}` : "an integer");
  return value;
}

/** Go's strconv.ParseBool forms (what daprd accepts for rawPayload), and true/false in any case; `fallback` when absent. */
export function metadataBool(metadata: Readonly<Record<string, string>>, name: string, fallback: boolean): boolean {
  const raw = metadataValue(metadata, name);
  if (raw === undefined) return fallback;
  const text = raw.trim().toLowerCase();
  if (text === "true" || text === "t" || text === "1") return true;
  if (text === "false" || text === "f" || text === "0") return false;
  throw new RequestMetadataError(name, raw, "true or false");
}

/** Milliseconds of a Go duration (`500ms`, `1m30s`) or a bare number of milliseconds; `fallback` when absent. */
export function metadataDurationMs(metadata: Readonly<Record<string, string>>, name: string, fallbackMs: number): number {
  const raw = metadataValue(metadata, name);
  if (raw === undefined) return fallbackMs;
  const value = parseDurationMs(raw);
  if (value === undefined) throw new RequestMetadataError(name, raw, "a duration such as 500ms or 1m30s");
  return value;
}

/**
 * Message expiry, daprd's TryGetTTL forms: `ttlInSeconds` (or `ttl`) as a whole number of seconds or a
 * Go duration with its unit (`90s`, `1m30s`). It must be above zero: daprd would accept `0` and a
 * negative duration and then drop the message unread, which a caller never means, so the request is
 * refused instead. A TTL beyond MAX_TTL_MS is clamped there, as daprd clamps an overflow.
 */
export function metadataTtlMs(metadata: Readonly<Record<string, string>>): number | undefined {
  const field = metadataValue(metadata, "ttlInSeconds") !== undefined ? "ttlInSeconds" : "ttl";
  const raw = metadataValue(metadata, field);
  if (raw === undefined) return undefined;
  const text = raw.trim();
  // A bare number is seconds; anything else needs a unit (parseDurationMs alone would read "1.5" as ms).
  const ms = /^\+?\d+$/.test(text) ? Number(text) * 1000 : /[a-zµ]$/.test(text) ? parseDurationMs(text) : undefined;
  if (ms === undefined || !(ms > 0)) throw new RequestMetadataError(field, raw, "a positive whole number of seconds or a duration such as 90s");
  return Math.min(ms, MAX_TTL_MS);
}

/** A publish request's (or bulk entry's) metadata, read once. */
export function readPublishOptions(metadata: Readonly<Record<string, string>>): PublishOptions {
  return { rawPayload: metadataBool(metadata, "rawPayload", false), ttlMs: metadataTtlMs(metadata) };
}

/** Epoch ms at which a message published at `now` expires; undefined without a TTL. */
export function expiresAtOf(ttlMs: number | undefined, now: number): number | undefined {
  return ttlMs === undefined ? undefined : now + ttlMs;
}

/** True once `expiresAt` is reached; a message without one never expires. */
export function isExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt !== undefined && now >= expiresAt;
}

/** The time source brokers read (injected by tests through ComponentContext.now). */
export type Clock = () => number;

/** The subscription's consumer group (`consumerID`, trimmed), if the request names one. */
export function consumerIdOf(metadata: Readonly<Record<string, string>>): string | undefined {
  const value = metadataValue(metadata, "consumerID")?.trim();
  return value === "" ? undefined : value;
}

/**
 * The consumerID a subscription names itself, or undefined where the component's own applies. The
 * runtime passes the app-id as consumerID on every subscription (Dapr's default), so that value means
 * "the default": a component-level consumerID replaces it, as daprd's does.
 */
export function subscriptionConsumerId(metadata: Readonly<Record<string, string>>, appId: string): string | undefined {
  const requested = consumerIdOf(metadata);
  return requested === appId ? undefined : requested;
}

/**
 * The component's consumer group: its `consumerID` metadata, else the app-id (so the app-id
 * names the consumer group, as in Dapr). Broker names cannot hold whitespace.
 */
export function componentConsumerGroup(metadata: ComponentMetadata, appId: string): string {
  const group = metadata.string("consumerID") ?? appId;
  if (/\s/.test(group)) throw metadata.error("consumerID", "must not contain whitespace");
  return group;
}
