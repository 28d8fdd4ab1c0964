import type { MetadataField } from "../../component.js";

/** `configuration.redis`'s metadata: the Redis connection fields (Dapr's names). */
export const REDIS_CONFIGURATION_FIELDS: readonly MetadataField[] = [
  { name: "redisHost", type: "string", required: true, aliases: ["host"], description: "host:port; several, comma-separated, with redisType: cluster (seed nodes) or failover: true (Sentinels)." },
  { name: "redisType", type: "enum", allowed: ["node", "cluster"], default: "node", description: "A single node (or Sentinel-managed primary) or a Redis Cluster." },
  { name: "failover", type: "bool", default: "false", description: "redisHost lists Sentinels; connect to the primary they name." },
  { name: "sentinelMasterName", type: "string", description: "The name the Sentinels monitor the primary by (required with failover)." },
  { name: "sentinelUsername", type: "string", description: "ACL user for the Sentinels." },
  { name: "sentinelPassword", type: "string", sensitive: true, description: "Password for the Sentinels." },
  { name: "redisUsername", type: "string", aliases: ["username"], description: "ACL user." },
  { name: "redisPassword", type: "string", aliases: ["password"], sensitive: true, description: "Password." },
  { name: "redisDB", type: "number", aliases: ["db"], default: "0", description: "Database number (0 with a cluster)." },
  { name: "enableTLS", type: "bool", default: "false", description: "TLS to Redis." },
  { name: "redisMaxRetries", type: "number", description: "Retries of a failed command; -1 disables retries." },
  { name: "redisMinRetryInterval", type: "duration", description: "Shortest back-off between retries." },
  { name: "redisMaxRetryInterval", type: "duration", description: "Longest back-off between retries." },
  { name: "dialTimeout", type: "duration", description: "Connection timeout." },
  { name: "readTimeout", type: "duration", description: "Timeout of a read." },
  { name: "writeTimeout", type: "duration", description: "Timeout of a write." },
];
