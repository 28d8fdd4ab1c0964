import type { Registry } from "../registry.js";
import { createLocalFileConfigurationStore } from "./localfile/localfile.js";
import { createPostgresConfigurationStore } from "./postgresql/postgresql.js";
import { createRedisConfigurationStore } from "./redis/redis.js";
import type { ConfigurationStore } from "./types.js";

/** The built-in configuration components: adding a type is adding a line here. */
export function registerConfigurationStores(registry: Registry<ConfigurationStore>): void {
  registry.register("configuration.local.file", createLocalFileConfigurationStore);
  registry.register("configuration.redis", createRedisConfigurationStore);
  registry.register("configuration.postgresql", createPostgresConfigurationStore, { aliases: ["configuration.postgres"] });
}
