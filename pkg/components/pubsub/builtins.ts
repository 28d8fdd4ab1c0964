import type { Registry } from "../registry.js";
import { InMemoryPubSub } from "./inmemory/index.js";
import { RedisStreamsPubSub } from "./redis/redis.js";
import type { PubSub } from "./types.js";

/** The built-in pubsub components: adding a type is adding a line here. */
export function registerPubSubs(registry: Registry<PubSub>): void {
  registry.register("pubsub.in-memory", (context) => new InMemoryPubSub(context));
  registry.register("pubsub.redis", (context) => new RedisStreamsPubSub(context));
}
