import type { ComponentMetadata } from "../../metadata.js";
import { amqpAddress, parseAmqpTls, parseAmqpUrl, type AmqpSettings } from "../../rabbitmq/settings.js";
import { componentConsumerGroup, maxDeliveryDelayOf } from "../metadata.js";

/** The furthest ahead a delivery time may lie: RabbitMQ's largest expiration (its timers' range, about 49 days). */
export const MAX_DELAY_MS = 4_294_967_295;

export type ExchangeKind = "fanout" | "topic" | "direct" | "headers";
const EXCHANGE_KINDS: readonly ExchangeKind[] = ["fanout", "topic", "direct", "headers"];

/** Typed settings of a `pubsub.rabbitmq` component, under Dapr's metadata names so Dapr manifests work unchanged. */
export interface RabbitMQSettings extends AmqpSettings {
  /** Default queue prefix: `<consumerID>-<topic>` as Dapr names queues. */
  consumerID: string;
  durable: boolean;
  deletedWhenUnused: boolean;
  autoAck: boolean;
  /** 1 transient, 2 persistent (Dapr's 0 means "broker default", which is transient). */
  deliveryMode: 0 | 1 | 2;
  requeueInFailure: boolean;
  /** Unacknowledged deliveries one subscription holds; 0 means no limit (as Dapr). */
  prefetchCount: number;
  concurrency: "parallel" | "single";
  publisherConfirm: boolean;
  enableDeadLetter: boolean;
  maxLen: number;
  maxLenBytes: number;
  exchangeKind: ExchangeKind;
  /** Cap of the reconnect backoff. */
  reconnectWaitMs: number;
  /** Default per-message TTL (ms) when a publish names none. */
  defaultTtlMs?: number;
  clientName: string;
  heartbeatSeconds: number;
  /** The furthest ahead a delivery time may lie (at most RabbitMQ's per-message expiration range). */
  maxDeliveryDelayMs: number;
}

/**
 * Where ours differ from Dapr's, it is so an accepted message is never lost (docs/components/pubsub.rabbitmq.md):
 * Dapr publishes transient, unconfirmed, auto-deletes queues and drops a rejected message.
 */
export const RABBITMQ_DEFAULTS = {
  durable: true,
  deletedWhenUnused: false, // Dapr: true
  deliveryMode: 2, // Dapr: 0 (transient)
  requeueInFailure: true, // Dapr: false
  // Dapr: 0 (unbounded). A bound, but a wide one: messages the runtime is retrying hold their place in
  // it, so a narrow window lets a queue build up under load.
  prefetchCount: 1000,
  publisherConfirm: true, // Dapr: false
  reconnectWaitSeconds: 3,
  heartbeatSeconds: 10,
} as const;

/** Parses and checks the metadata; every error names the component and the field (MetadataError). */
export function parseRabbitMQMetadata(metadata: ComponentMetadata, appId: string): RabbitMQSettings {
  const address = connectionUrl(metadata);
  const consumerID = componentConsumerGroup(metadata, appId);
  const deliveryMode = metadata.int("deliveryMode", RABBITMQ_DEFAULTS.deliveryMode, { min: 0, max: 2 }) as 0 | 1 | 2;
  const concurrency = (metadata.string("concurrencyMode", ["concurrency"]) ?? "parallel").trim().toLowerCase();
  if (concurrency !== "parallel" && concurrency !== "single") {
    const field = metadata.string("concurrencyMode") !== undefined ? "concurrencyMode" : "concurrency";
    throw metadata.error(field, `must be parallel or single, got ${JSON.stringify(concurrency)}`);
  }
  const exchangeKind = (metadata.string("exchangeKind") ?? "fanout").trim().toLowerCase();
  if (!(EXCHANGE_KINDS as readonly string[]).includes(exchangeKind)) {
    throw metadata.error("exchangeKind", `must be one of ${EXCHANGE_KINDS.join(", ")}, got ${JSON.stringify(exchangeKind)}`);
  }
  const ttlSeconds = metadata.int("ttlInSeconds", 0, { min: 0 });
  const heartbeatMs = metadata.durationMs("heartBeat", RABBITMQ_DEFAULTS.heartbeatSeconds * 1000);
  return {
    ...address,
    ...parseAmqpTls(metadata),
    saslExternal: metadata.bool("saslExternal", false),
    consumerID,
    durable: metadata.bool("durable", RABBITMQ_DEFAULTS.durable),
    deletedWhenUnused: metadata.bool("deletedWhenUnused", RABBITMQ_DEFAULTS.deletedWhenUnused),
    autoAck: metadata.bool("autoAck", false),
    deliveryMode,
    requeueInFailure: metadata.bool("requeueInFailure", RABBITMQ_DEFAULTS.requeueInFailure),
    prefetchCount: metadata.int("prefetchCount", RABBITMQ_DEFAULTS.prefetchCount, { min: 0, max: 65_535 }),
    concurrency,
    publisherConfirm: metadata.bool("publisherConfirm", RABBITMQ_DEFAULTS.publisherConfirm),
    enableDeadLetter: metadata.bool("enableDeadLetter", false),
    maxLen: metadata.int("maxLen", 0, { min: 0 }),
    maxLenBytes: metadata.int("maxLenBytes", 0, { min: 0 }),
    exchangeKind: exchangeKind as ExchangeKind,
    reconnectWaitMs: metadata.int("reconnectWaitSeconds", RABBITMQ_DEFAULTS.reconnectWaitSeconds, { min: 0, max: 3600 }) * 1000,
    defaultTtlMs: ttlSeconds > 0 ? ttlSeconds * 1000 : undefined,
    clientName: metadata.string("clientName") ?? `runtimed-${appId}`,
    // Dapr's heartBeat is a Go duration; a bare number here is read as seconds, as AMQP counts them.
    heartbeatSeconds: /^\s*\d+\s*$/.test(metadata.string("heartBeat") ?? "") ? Number(metadata.string("heartBeat")) : Math.round(heartbeatMs / 1000),
    maxDeliveryDelayMs: maxDelayOf(metadata),
  };
}

function maxDelayOf(metadata: ComponentMetadata): number {
  const ms = maxDeliveryDelayOf(metadata);
  if (ms > MAX_DELAY_MS) throw metadata.error("maxDeliveryDelay", `must be at most ${MAX_DELAY_MS}ms (RabbitMQ's per-message expiration range, about 49 days)`);
  return ms;
}

/** `connectionString` (Dapr's deprecated `host` too), else `protocol://username:password@hostname`. */
function connectionUrl(metadata: ComponentMetadata): Pick<AmqpSettings, "url" | "safeUrl"> {
  const given = metadata.string("connectionString", ["host"]);
  if (given !== undefined) {
    const field = metadata.string("connectionString") === undefined ? "host" : "connectionString";
    return amqpAddress(metadata, parseAmqpUrl(metadata, field, given), { protocol: field, host: field });
  }
  const protocol = (metadata.string("protocol") ?? "amqp").replace(/:\/*$/, "");
  const hostname = metadata.string("hostname") ?? "localhost";
  let url: URL;
  try {
    url = new URL(`${protocol}://${hostname}`);
  } catch {
    throw metadata.error("hostname", `must be a host name (with an optional :port), got ${JSON.stringify(hostname)}`);
  }
  const username = metadata.string("username");
  const password = metadata.string("password");
  if (username !== undefined) url.username = encodeURIComponent(username);
  if (password !== undefined) url.password = encodeURIComponent(password);
  return amqpAddress(metadata, url, { protocol: "protocol", host: "hostname" });
}
