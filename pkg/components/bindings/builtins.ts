import type { Registry } from "../registry.js";
import { EventRouterBinding } from "./eventrouter/binding.js";
import { EVENTROUTER_FIELDS } from "./eventrouter/fields.js";
import type { Binding } from "./types.js";

/** The built-in bindings components: adding a type is adding a line here. */
export function registerBindings(registry: Registry<Binding>): void {
  // Dapr's type name is accepted unchanged, so Dapr manifests load as they are.
  registry.register("bindings.cloud.eventrouter", (ctx) => new EventRouterBinding(ctx), { aliases: ["bindings.azure.eventgrid"], metadata: EVENTROUTER_FIELDS });
}
