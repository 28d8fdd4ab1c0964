import { metadataValue, PUBSUB_METADATA, RequestMetadataError } from "./metadata.js";

/**
 * Message expiry (`ttlInSeconds` on publish), for brokers that carry it themselves or, like Redis
 * Streams and the in-memory broker, store an absolute expiry beside the message and skip it on read.
 * Dapr's rule (components-contrib TryGetTTL): a positive whole number of seconds, or absent.
 */
export function ttlSecondsOf(metadata: Readonly<Record<string, string>>): number | undefined {
  const raw = metadataValue(metadata, PUBSUB_METADATA.ttlInSeconds);
  if (raw === undefined || raw.trim() === "") return undefined;
  const seconds = /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw new RequestMetadataError(PUBSUB_METADATA.ttlInSeconds, `must be a positive integer, got ${JSON.stringify(raw)}`);
  return seconds;
}

/** Epoch ms at which a message published at `now` expires; undefined without a TTL. */
export function expiresAtOf(metadata: Readonly<Record<string, string>>, now: number): number | undefined {
  const seconds = ttlSecondsOf(metadata);
  return seconds === undefined ? undefined : now + seconds * 1000;
}

/** True once `expiresAt` is reached; a message without one never expires. */
export function isExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt !== undefined && now >= expiresAt;
}

/** The time source brokers read (injected by tests through ComponentContext.now). */
export type Clock = () => number;
