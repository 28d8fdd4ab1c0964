import type { Registry } from "../registry.js";
import { FIELDS as IN_MEMORY_FIELDS } from "./inmemory/fields.js";
import { FIELDS as JETSTREAM_FIELDS } from "./jetstream/fields.js";
import { KAFKA_PUBSUB_FIELDS } from "./kafka/fields.js";
import { FIELDS as MQTT_FIELDS } from "./mqtt/fields.js";
import { FIELDS as RABBITMQ_FIELDS } from "./rabbitmq/fields.js";
import { FIELDS as REDIS_FIELDS } from "./redis/fields.js";
import type { PubSub } from "./types.js";

/**
 * The built-in pubsub components: adding a type is adding a line here. Each implementation (and its client
 * library) is imported when a manifest names its type, so a sidecar pays only for the brokers it uses; the
 * metadata lists (`fields.ts`) are light and loaded with the registry.
 */
export function registerPubSubs(registry: Registry<PubSub>): void {
  registry.register("pubsub.in-memory", async (context) => new (await import("./inmemory/inmemory.js")).InMemoryPubSub(context), { metadata: IN_MEMORY_FIELDS });
  // pubsub.mqtt: Dapr's older name for the same component.
  registry.register("pubsub.mqtt3", async (context) => new (await import("./mqtt/mqtt.js")).MqttPubSub(context), { aliases: ["pubsub.mqtt"], metadata: MQTT_FIELDS });
  registry.register("pubsub.redis", async (context) => new (await import("./redis/redis.js")).RedisStreamsPubSub(context), { metadata: REDIS_FIELDS });
  registry.register("pubsub.rabbitmq", async (context) => new (await import("./rabbitmq/rabbitmq.js")).RabbitMQPubSub(context), { metadata: RABBITMQ_FIELDS });
  registry.register("pubsub.jetstream", async (context) => new (await import("./jetstream/jetstream.js")).JetStreamPubSub(context), { metadata: JETSTREAM_FIELDS });
  registry.register("pubsub.kafka", async (context) => new (await import("./kafka/kafka.js")).KafkaPubSub(context), { metadata: KAFKA_PUBSUB_FIELDS });
}
