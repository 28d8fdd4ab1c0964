import type { Registry } from "../registry.js";
import { EventRouterBinding } from "./eventrouter/binding.js";
import { KAFKA_BINDING_FIELDS } from "./kafka/fields.js";
import type { Binding } from "./types.js";

/** The built-in bindings components: adding a type is adding a line here. */
export function registerBindings(registry: Registry<Binding>): void {
  // Dapr's type name is accepted unchanged (DESIGN.md "Components").
  registry.register("bindings.cloud.eventrouter", (ctx) => new EventRouterBinding(ctx), { aliases: ["bindings.azure.eventgrid"] });
  registry.register("bindings.kafka", async (ctx) => new (await import("./kafka/binding.js")).KafkaBinding(ctx), { metadata: KAFKA_BINDING_FIELDS });
}
