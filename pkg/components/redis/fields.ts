import type { MetadataField } from "../component.js";

/** The connection fields every Redis component reads (settings.ts parseRedisConnection), described once. */
export const REDIS_CONNECTION_FIELDS: readonly MetadataField[] = [
  { name: "redisHost", type: "string", required: true, aliases: ["host"], description: "host:port of the server; with redisType cluster the seed nodes, with failover the Sentinels (comma-separated)" },
  { name: "redisType", type: "enum", allowed: ["node", "cluster"], default: "node", description: "node: one server (or Sentinel-managed primary); cluster: a Redis Cluster" },
  { name: "redisUsername", type: "string", aliases: ["username"], description: "ACL user name" },
  { name: "redisPassword", type: "string", aliases: ["password"], sensitive: true, description: "Password (AUTH)" },
  { name: "redisDB", type: "number", aliases: ["db"], default: "0", description: "Database number (0 with a cluster)" },
  { name: "enableTLS", type: "bool", default: "false", description: "Connect over TLS" },
  { name: "failover", type: "bool", default: "false", description: "redisHost lists Sentinels that name the primary (needs sentinelMasterName)" },
  { name: "sentinelMasterName", type: "string", description: "The name the Sentinels monitor the primary by" },
  { name: "sentinelUsername", type: "string", description: "User name for the Sentinels" },
  { name: "sentinelPassword", type: "string", sensitive: true, description: "Password for the Sentinels" },
  { name: "redisMaxRetries", type: "number", description: "Reconnection attempts a command waits through before it fails; -1: none. The component's default otherwise" },
  { name: "redisMinRetryInterval", type: "duration", description: "Shortest wait between reconnection attempts; -1: none" },
  { name: "redisMaxRetryInterval", type: "duration", description: "Longest wait between reconnection attempts; -1: none" },
  { name: "dialTimeout", type: "duration", description: "How long connecting may take" },
  { name: "readTimeout", type: "duration", description: "How long a read may wait for its reply; 0 or -1: the component's default" },
  { name: "writeTimeout", type: "duration", description: "How long a write may wait for its reply; 0 or -1: the component's default" },
];
