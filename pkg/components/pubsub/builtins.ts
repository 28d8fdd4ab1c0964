import type { Registry } from "../registry.js";
import type { PubSub } from "./types.js";

/** The built-in pubsub components: adding a type is adding a line here. */
export function registerPubSubs(registry: Registry<PubSub>): void {
  void registry;
}
