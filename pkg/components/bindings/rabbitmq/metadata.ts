import type { ComponentMetadata } from "../../metadata.js";
import { amqpAddress, parseAmqpTls, parseAmqpUrl, type AmqpSettings } from "../../rabbitmq/settings.js";

/** `bindings.rabbitmq`'s settings (Dapr's names); the address and TLS are read as pubsub.rabbitmq reads them. */
export interface RabbitMQBindingSettings extends AmqpSettings {
  queueName: string;
  durable: boolean;
  deleteWhenUnused: boolean;
  exclusive: boolean;
  prefetchCount: number;
  maxPriority?: number;
  queueTtlMs?: number;
  contentType: string;
  reconnectWaitMs: number;
}

/** Dapr's `reconnectWaitInSeconds`: a bare number is seconds; a duration (`500ms`) is taken as written. */
function reconnectWait(metadata: ComponentMetadata): number {
  const raw = metadata.string("reconnectWaitInSeconds")?.trim();
  if (raw !== undefined && /^\d+$/.test(raw)) return Number(raw) * 1000;
  const ms = metadata.durationMs("reconnectWaitInSeconds", 5000);
  if (ms <= 0) throw metadata.error("reconnectWaitInSeconds", "must be greater than 0");
  return ms;
}

export function parseRabbitMQBinding(metadata: ComponentMetadata): RabbitMQBindingSettings {
  const maxPriorityRaw = metadata.string("maxPriority");
  const ttlSeconds = metadata.string("ttlInSeconds", ["ttl"]) === undefined ? undefined : metadata.int("ttlInSeconds", 0, { min: 0 }, ["ttl"]);
  return {
    ...amqpAddress(metadata, parseAmqpUrl(metadata, "host", metadata.requireString("host")), { protocol: "host", host: "host" }),
    ...parseAmqpTls(metadata),
    saslExternal: metadata.bool("externalSasl", false, ["saslExternal"]),
    queueName: metadata.requireString("queueName"),
    durable: metadata.bool("durable", false),
    deleteWhenUnused: metadata.bool("deleteWhenUnused", false),
    exclusive: metadata.bool("exclusive", false),
    prefetchCount: metadata.int("prefetchCount", 0, { min: 0, max: 65_535 }),
    // Dapr caps a larger value at 255, RabbitMQ's limit.
    maxPriority: maxPriorityRaw === undefined ? undefined : Math.min(255, metadata.int("maxPriority", 0, { min: 0 })),
    queueTtlMs: ttlSeconds === undefined ? undefined : ttlSeconds * 1000,
    contentType: metadata.string("contentType") ?? "text/plain",
    reconnectWaitMs: reconnectWait(metadata),
  };
}
