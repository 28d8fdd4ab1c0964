import type { ComponentMetadata } from "../metadata.js";
import { parseBool, parseDurationMs } from "../../util/parse.js";

/**
 * Dapr's metadata names a broker meets on publish and subscribe requests (components-contrib
 * `metadata` package), and helpers to read them. Request metadata is a plain record from query
 * parameters or a Subscription; names match case-insensitively, as component metadata does, and an
 * empty value counts as absent.
 */
export const PUBSUB_METADATA = {
  /** Publish: seconds the message lives unread (ttl.ts). */
  ttlInSeconds: "ttlInSeconds",
  /** Subscribe: the consumer group; the runtime sets it to the app-id unless the Subscription names one. */
  consumerID: "consumerID",
  /** Publish and subscribe: the payload is not a CloudEvent. */
  rawPayload: "rawPayload",
} as const;

/** A request metadata value that cannot be read; names the field. */
export class RequestMetadataError extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`metadata ${field} ${problem}`);
    this.name = "RequestMetadataError";
  }
}

/** The value of `name` (or the first alias present), case-insensitively; undefined when absent or empty. */
export function metadataValue(metadata: Readonly<Record<string, string>>, name: string, aliases: readonly string[] = []): string | undefined {
  for (const candidate of [name, ...aliases]) {
    const wanted = candidate.toLowerCase();
    for (const [key, value] of Object.entries(metadata)) if (key.toLowerCase() === wanted && value !== "") return value;
  }
  return undefined;
}

/** A whole number within bounds; `fallback` when absent. */
export function metadataInt(metadata: Readonly<Record<string, string>>, name: string, fallback: number, bounds: { min?: number; max?: number } = {}): number {
  const raw = metadataValue(metadata, name);
  if (raw === undefined) return fallback;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new RequestMetadataError(name, `must be an integer, got ${JSON.stringify(raw)}`);
  if (bounds.min !== undefined && value < bounds.min) throw new RequestMetadataError(name, `must be at least ${bounds.min}, got ${value}`);
  if (bounds.max !== undefined && value > bounds.max) throw new RequestMetadataError(name, `must be at most ${bounds.max}, got ${value}`);
  return value;
}

/** `true` / `false` in any case; `fallback` when absent. */
export function metadataBool(metadata: Readonly<Record<string, string>>, name: string, fallback: boolean): boolean {
  const raw = metadataValue(metadata, name);
  if (raw === undefined) return fallback;
  const value = parseBool(raw);
  if (value === undefined) throw new RequestMetadataError(name, `must be true or false, got ${JSON.stringify(raw)}`);
  return value;
}

/** Milliseconds of a Go duration (`500ms`, `1m30s`) or a bare number of milliseconds; `fallback` when absent. */
export function metadataDurationMs(metadata: Readonly<Record<string, string>>, name: string, fallbackMs: number): number {
  const raw = metadataValue(metadata, name);
  if (raw === undefined) return fallbackMs;
  const value = parseDurationMs(raw);
  if (value === undefined) throw new RequestMetadataError(name, `must be a duration such as 500ms or 1m30s, got ${JSON.stringify(raw)}`);
  return value;
}

/** The subscription's consumer group (`consumerID`, trimmed), if the request names one. */
export function consumerIdOf(metadata: Readonly<Record<string, string>>): string | undefined {
  const value = metadataValue(metadata, PUBSUB_METADATA.consumerID)?.trim();
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
  const group = metadata.string(PUBSUB_METADATA.consumerID) ?? appId;
  if (/\s/.test(group)) throw metadata.error(PUBSUB_METADATA.consumerID, "must not contain whitespace");
  return group;
}
