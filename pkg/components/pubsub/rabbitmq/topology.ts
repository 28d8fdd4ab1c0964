import type { Channel } from "amqplib";
import { metadataValue } from "../metadata.js";

/**
 * Epoch ms after which a message with a TTL is not delivered. RabbitMQ expires a message only at
 * the head of its queue and by its own clock; the header lets the reader skip one that expired
 * behind others, by the component's clock (which tests can move).
 */
export const EXPIRES_AT_HEADER = "runtime-expires-at";

/** Durable and kept when unused, as Dapr declares a topic's exchange (declaring one that exists with the same kind is a no-op). */
export async function declareExchange(channel: Channel, name: string, kind: string): Promise<void> {
  await channel.assertExchange(name, kind, { durable: true, autoDelete: false });
}

/** Dapr's queue name: `<consumerID>-<topic>`, unless the subscription names one (`queueName`). */
export function queueNameOf(consumerID: string, topic: string, metadata: Record<string, string>): string {
  const explicit = metadataValue(metadata, "queueName")?.trim();
  return explicit ? explicit : `${consumerID}-${topic}`;
}

/** Comma-separated `routingKey` of a subscription; none binds with the empty key, as Dapr does. */
export function routingKeysOf(metadata: Record<string, string>): string[] {
  const value = metadataValue(metadata, "routingKey");
  if (value === undefined) return [""];
  return value.split(",").map((k) => k.trim());
}
