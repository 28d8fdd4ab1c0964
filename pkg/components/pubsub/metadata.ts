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
  /** When the message is to be delivered (`deliverAt` or `deliverAfter`); undefined: now. */
  delivery?: DeliveryTime;
}

/** A resolved delivery time, with the field and value it was read from (a refusal names them). */
export interface DeliveryTime {
  /** Epoch ms; at or before the publish time the message is delivered at once. */
  at: number;
  field: "deliverAt" | "deliverAfter";
  value: string;
}

/** The longest delivery delay a component accepts unless its `maxDeliveryDelay` metadata says otherwise. */
export const DEFAULT_MAX_DELIVERY_DELAY_MS = 30 * 24 * 3_600_000;

/** RFC 3339's date-time (section 5.6): a date, `T` (or a space, as the RFC allows), a time, a zone. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Delayed delivery: `deliverAt`, an RFC 3339 time, or `deliverAfter`, a Go duration with its unit
 * (`90s`, `10m`, `1h30m`), counted from `now`. Both at once is a mistake, not a precedence rule to
 * guess. A negative duration is refused (a time in the past is not: clocks differ, and it means "now").
 */
export function metadataDelivery(metadata: Readonly<Record<string, string>>, now: number): DeliveryTime | undefined {
  const at = metadataValue(metadata, "deliverAt");
  const after = metadataValue(metadata, "deliverAfter");
  if (at !== undefined && after !== undefined) throw new RequestMetadataError("deliverAfter", after, "absent when deliverAt is given (one delivery time per message)");
  if (at !== undefined) {
    const text = at.trim();
    const ms = RFC3339.test(text) && realDate(text) ? Date.parse(text.replace(" ", "T")) : Number.NaN;
    if (Number.isNaN(ms)) throw new RequestMetadataError("deliverAt", at, "an RFC 3339 time such as 2030-01-02T15:04:05Z");
    return { at: ms, field: "deliverAt", value: at };
  }
  if (after !== undefined) {
    const text = after.trim();
    const ms = /[a-zµ]$/.test(text) ? parseDurationMs(text) : undefined;
    if (ms === undefined) throw new RequestMetadataError("deliverAfter", after, "a duration such as 90s, 10m or 1h30m");
    return { at: now + Math.ceil(ms), field: "deliverAfter", value: after };
  }
  return undefined;
}

/** A component's `maxDeliveryDelay` (MAX_DELIVERY_DELAY_FIELD). */
export function maxDeliveryDelayOf(metadata: ComponentMetadata): number {
  return positiveDurationMs(metadata, "maxDeliveryDelay", DEFAULT_MAX_DELIVERY_DELAY_MS);
}

/** A component's duration field that only makes sense above zero (an interval, a timeout); `fallbackMs` when absent. */
export function positiveDurationMs(metadata: ComponentMetadata, field: string, fallbackMs: number): number {
  const ms = metadata.durationMs(field, fallbackMs);
  if (!(ms > 0)) throw metadata.error(field, "must be greater than 0");
  return ms;
}

/** A delivery time further ahead than the component holds messages: the caller's mistake, named by its field. */
export function checkDeliveryDelay(delivery: DeliveryTime, now: number, maxDelayMs: number): void {
  if (delivery.at - now > maxDelayMs) throw new RequestMetadataError(delivery.field, delivery.value, `at most ${formatDelay(maxDelayMs)} ahead (the component's maxDeliveryDelay)`);
}

/** Date.parse rolls an impossible day over (Feb 30 -> Mar 2); RFC 3339 refuses it. */
function realDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

function formatDelay(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

/**
 * A bulk entry's metadata over the request's, where one delivery time replaces the other: an entry
 * naming `deliverAfter` overrides a request-wide `deliverAt` rather than clashing with it.
 */
export function entryMetadataOver(request: Readonly<Record<string, string>>, entry: Readonly<Record<string, string>>): Record<string, string> {
  const entryDelivery = metadataValue(entry, "deliverAt") !== undefined || metadataValue(entry, "deliverAfter") !== undefined;
  if (!entryDelivery) return { ...request, ...entry };
  const base = Object.fromEntries(Object.entries(request).filter(([key]) => !/^deliver(at|after)$/i.test(key)));
  return { ...base, ...entry };
}

/**
 * The longest TTL kept: Go's largest duration, where daprd's TryGetTTL clamps an overflow. Brokers
 * with a smaller limit of their own (RabbitMQ's per-message expiration) leave the expiry to the
 * runtime's check on delivery beyond it.
 */
export const MAX_TTL_MS = 9_223_372_036_854;

/** The value of `name` (or the first alias present), case-insensitively; undefined when absent or empty. */
export function metadataValue(metadata: Readonly<Record<string, string>>, name: string, aliases: readonly string[] = []): string | undefined {
  // Read on every publish, mostly of empty metadata: no list of candidates, no entries array.
  const value = ownValue(metadata, name);
  if (value !== undefined) return value;
  for (const alias of aliases) {
    const aliased = ownValue(metadata, alias);
    if (aliased !== undefined) return aliased;
  }
  return undefined;
}

/** The first own key equal to `name` in any letter case, with a value that is not empty. */
function ownValue(metadata: Readonly<Record<string, string>>, name: string): string | undefined {
  let wanted: string | undefined;
  for (const key in metadata) {
    if (!Object.hasOwn(metadata, key)) continue;
    wanted ??= name.toLowerCase();
    const value = metadata[key]!;
    if (value !== "" && key.toLowerCase() === wanted) return value;
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

const NO_PUBLISH_OPTIONS: PublishOptions = Object.freeze({ rawPayload: false });

function hasOwnKey(metadata: Readonly<Record<string, string>>): boolean {
  for (const key in metadata) if (Object.hasOwn(metadata, key)) return true;
  return false;
}

/** A publish request's (or bulk entry's) metadata, read once. */
export function readPublishOptions(metadata: Readonly<Record<string, string>>, now: number = Date.now()): PublishOptions {
  // Most publishes carry no metadata at all.
  if (!hasOwnKey(metadata)) return NO_PUBLISH_OPTIONS;
  return { rawPayload: metadataBool(metadata, "rawPayload", false), ttlMs: metadataTtlMs(metadata), delivery: metadataDelivery(metadata, now) };
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
