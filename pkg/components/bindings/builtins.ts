import type { Registry } from "../registry.js";
import { CRON_FIELDS } from "./cron/fields.js";
import { EVENTROUTER_FIELDS } from "./eventrouter/fields.js";
import { HTTP_FIELDS } from "./http/fields.js";
import { KAFKA_BINDING_FIELDS } from "./kafka/fields.js";
import { LOCALSTORAGE_FIELDS } from "./localstorage/fields.js";
import { MQTT3_BINDING_FIELDS } from "./mqtt3/fields.js";
import { POSTGRES_BINDING_FIELDS } from "./postgresql/fields.js";
import { RABBITMQ_BINDING_FIELDS } from "./rabbitmq/fields.js";
import { REDIS_BINDING_FIELDS } from "./redis/fields.js";
import type { Binding } from "./types.js";

/** The built-in bindings components: adding a type is adding a line here. Each is imported when a manifest names it. */
export function registerBindings(registry: Registry<Binding>): void {
  // Dapr's type name is accepted unchanged, so Dapr manifests load as they are.
  registry.register("bindings.cloud.eventrouter", async (ctx) => new (await import("./eventrouter/binding.js")).EventRouterBinding(ctx), { aliases: ["bindings.azure.eventgrid"], metadata: EVENTROUTER_FIELDS });
  registry.register("bindings.cron", async (ctx) => new (await import("./cron/cron.js")).CronBinding(ctx), { metadata: CRON_FIELDS });
  registry.register("bindings.http", async (ctx) => new (await import("./http/http.js")).HttpBinding(ctx), { metadata: HTTP_FIELDS });
  registry.register("bindings.redis", async (ctx) => new (await import("./redis/redis.js")).RedisBinding(ctx), { metadata: REDIS_BINDING_FIELDS });
  registry.register("bindings.localstorage", async (ctx) => new (await import("./localstorage/localstorage.js")).LocalStorageBinding(ctx), { metadata: LOCALSTORAGE_FIELDS });
  registry.register("bindings.postgresql", async (ctx) => new (await import("./postgresql/postgresql.js")).PostgresBinding(ctx), { metadata: POSTGRES_BINDING_FIELDS, aliases: ["bindings.postgres"] });
  registry.register("bindings.mqtt3", async (ctx) => new (await import("./mqtt3/mqtt3.js")).Mqtt3Binding(ctx), { metadata: MQTT3_BINDING_FIELDS, aliases: ["bindings.mqtt"] });
  registry.register("bindings.rabbitmq", async (ctx) => new (await import("./rabbitmq/rabbitmq.js")).RabbitMQBinding(ctx), { metadata: RABBITMQ_BINDING_FIELDS });
  registry.register("bindings.kafka", async (ctx) => new (await import("./kafka/binding.js")).KafkaBinding(ctx), { metadata: KAFKA_BINDING_FIELDS });
}
