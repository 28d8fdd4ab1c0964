import type { ComponentMetadata } from "../../metadata.js";
import { parseRedisConnection, type RedisConnectionSettings } from "../../redis/settings.js";
import { componentConsumerGroup, maxDeliveryDelayOf, positiveDurationMs } from "../metadata.js";

/** Typed settings of a `pubsub.redis` component (Dapr's metadata names, so Dapr manifests work unchanged). */
export interface RedisPubSubSettings {
  /** Node, cluster or Sentinel, credentials, retries and timeouts (shared with configuration.redis). */
  connection: RedisConnectionSettings;
  /** The consumer group: replicas of one app share it and so compete for messages. */
  consumerGroup: string;
  /** Pending entries idle this long, of any consumer, are reclaimed (a crashed sidecar's messages). */
  processingTimeoutMs: number;
  /** A rejected message is handed to the handler again after this long. */
  redeliverIntervalMs: number;
  /**
   * Messages the sidecar holds at once per subscription: being delivered or waiting for a retry. The
   * runtime retries inline with backoff and bounds what the app sees by itself (maxConcurrency), so
   * this is a memory bound, not the app's; it must exceed the messages one expects to be retrying,
   * or those block the rest: a message being retried must not hold back the others.
   */
  concurrency: number;
  /** XADD MAXLEN ~ this; 0 keeps every entry. */
  maxLenApprox: number;
  /** streamTTL: XADD MINID ~ (now - this), trimming older entries; 0 keeps them. As in Dapr, maxLenApprox wins when both are set. */
  streamTTLMs: number;
  /** Messages fetched ahead of free handler slots. */
  queueDepth: number;
  /** The furthest ahead a delivery time may lie. */
  maxDeliveryDelayMs: number;
  /** How often the delay sets are looked at for messages another sidecar published (this one's own wake it on time). */
  delayedPollIntervalMs: number;
}

export const REDIS_DEFAULTS = {
  processingTimeoutMs: 60_000,
  redeliverIntervalMs: 15_000,
  // Dapr's default is 10, but Dapr hands a retry back to the broker; ours wait in the sidecar.
  concurrency: 100,
  maxLenApprox: 0,
  streamTTLMs: 0,
  queueDepth: 100,
  delayedPollIntervalMs: 500,
} as const;

/**
 * Parses and checks the metadata; every error names the component and the field (MetadataError).
 * `appId` is the default consumer group (replicas of one app compete, other apps each get every message).
 */
export function parseRedisMetadata(metadata: ComponentMetadata, appId: string): RedisPubSubSettings {
  const connection = parseRedisConnection(metadata);
  return {
    connection,
    consumerGroup: componentConsumerGroup(metadata, appId),
    processingTimeoutMs: positiveDurationMs(metadata, "processingTimeout", REDIS_DEFAULTS.processingTimeoutMs),
    redeliverIntervalMs: positiveDurationMs(metadata, "redeliverInterval", REDIS_DEFAULTS.redeliverIntervalMs),
    concurrency: metadata.int("concurrency", REDIS_DEFAULTS.concurrency, { min: 1, max: 10_000 }),
    maxLenApprox: metadata.int("maxLenApprox", REDIS_DEFAULTS.maxLenApprox, { min: 0 }),
    streamTTLMs: metadata.durationMs("streamTTL", REDIS_DEFAULTS.streamTTLMs),
    queueDepth: metadata.int("queueDepth", REDIS_DEFAULTS.queueDepth, { min: 0, max: 100_000 }),
    maxDeliveryDelayMs: maxDeliveryDelayOf(metadata),
    delayedPollIntervalMs: positiveDurationMs(metadata, "delayedPollInterval", REDIS_DEFAULTS.delayedPollIntervalMs),
  };
}
