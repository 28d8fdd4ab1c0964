import type { Registry } from "../registry.js";
import { InMemoryPubSub } from "./inmemory/index.js";
import type { PubSub } from "./types.js";
import { KAFKA_PUBSUB_FIELDS } from "./kafka/fields.js";

/**
 * The built-in pubsub components: adding a type is adding a line here. Components with a client
 * library import it when used, so a sidecar pays only for the brokers its manifests name.
 */
export function registerPubSubs(registry: Registry<PubSub>): void {
  registry.register("pubsub.in-memory", (context) => new InMemoryPubSub(context));
  // pubsub.mqtt: Dapr's older name for the same component.
  registry.register("pubsub.mqtt3", async (context) => new (await import("./mqtt/mqtt.js")).MqttPubSub(context), { aliases: ["pubsub.mqtt"] });
  registry.register("pubsub.redis", async (context) => new (await import("./redis/redis.js")).RedisStreamsPubSub(context));
  registry.register("pubsub.rabbitmq", async (context) => new (await import("./rabbitmq/rabbitmq.js")).RabbitMQPubSub(context));
  registry.register("pubsub.jetstream", async (context) => new (await import("./jetstream/jetstream.js")).JetStreamPubSub(context));
  registry.register("pubsub.kafka", async (context) => new (await import("./kafka/kafka.js")).KafkaPubSub(context), { metadata: KAFKA_PUBSUB_FIELDS });
}
