import type { MetadataField } from "../component.js";

/** The connection fields every Redis component reads (settings.ts). */
export const REDIS_CONNECTION_FIELDS: readonly MetadataField[] = [
  { name: "redisHost", type: "string", required: true, aliases: ["host"], description: "host:port; several, comma-separated, with redisType cluster (seed nodes) or failover true (Sentinels)." },
  { name: "redisType", type: "enum", allowed: ["node", "cluster"], default: "node", description: "A single node (or a Sentinel-managed primary) or a Redis Cluster." },
  { name: "failover", type: "bool", default: "false", description: "redisHost lists Sentinels, which name the primary (sentinelMasterName)." },
  { name: "sentinelMasterName", type: "string", description: "The name the Sentinels monitor the primary by; required with failover." },
  { name: "sentinelUsername", type: "string", description: "The Sentinels' ACL user." },
  { name: "sentinelPassword", type: "string", sensitive: true, description: "The Sentinels' password." },
  { name: "redisDB", type: "number", default: "0", aliases: ["db"], description: "The database; 0 with redisType cluster." },
  { name: "redisUsername", type: "string", aliases: ["username"], description: "The ACL user." },
  { name: "redisPassword", type: "string", sensitive: true, aliases: ["password"], description: "The password." },
  { name: "enableTLS", type: "bool", default: "false", description: "Connect over TLS." },
  { name: "redisMaxRetries", type: "number", description: "Attempts per command while the connection is down; -1: none. Default: the component's own." },
  { name: "redisMinRetryInterval", type: "duration", description: "The first reconnection wait; -1: none." },
  { name: "redisMaxRetryInterval", type: "duration", description: "The longest reconnection wait; -1: none." },
  { name: "dialTimeout", type: "duration", description: "Connection timeout; 0: the default, -1: none." },
  { name: "readTimeout", type: "duration", description: "Reply timeout; 0: the default, -1: none." },
  { name: "writeTimeout", type: "duration", description: "Command timeout (a publish fails after it); 0: the default (10s for publishes), -1: none." },
];
