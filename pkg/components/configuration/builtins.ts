import type { Registry } from "../registry.js";
import type { ConfigurationStore } from "./types.js";
import { LOCAL_FILE_CONFIGURATION_FIELDS } from "./localfile/fields.js";
import { POSTGRESQL_CONFIGURATION_FIELDS } from "./postgresql/fields.js";
import { REDIS_CONFIGURATION_FIELDS } from "./redis/fields.js";

/**
 * The built-in configuration components: adding a type is adding a line here. Stores with a client
 * library (the local file's is the YAML parser) import it when used, so a sidecar pays only for the
 * stores its manifests name.
 */
export function registerConfigurationStores(registry: Registry<ConfigurationStore>): void {
  registry.register("configuration.local.file", async (context) => (await import("./localfile/localfile.js")).createLocalFileConfigurationStore(context), { metadata: LOCAL_FILE_CONFIGURATION_FIELDS });
  registry.register("configuration.redis", async (context) => (await import("./redis/redis.js")).createRedisConfigurationStore(context), { metadata: REDIS_CONFIGURATION_FIELDS });
  registry.register("configuration.postgresql", async (context) => (await import("./postgresql/postgresql.js")).createPostgresConfigurationStore(context), { aliases: ["configuration.postgres"], metadata: POSTGRESQL_CONFIGURATION_FIELDS });
}
