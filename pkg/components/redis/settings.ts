import type { ComponentMetadata } from "../metadata.js";

/**
 * How a Redis component reaches its servers, from Dapr's metadata names (components-contrib
 * common/component/redis), shared by `pubsub.redis` and `configuration.redis`:
 * - `redisType: node` (default): `redisHost` is one server;
 * - `redisType: cluster`: `redisHost` lists seed nodes of a Redis Cluster;
 * - `failover: true` + `sentinelMasterName`: `redisHost` lists the Sentinels.
 */
export interface RedisConnectionSettings {
  mode: "node" | "cluster" | "sentinel";
  /** The server (node), the seed nodes (cluster) or the Sentinels (sentinel). */
  addresses: RedisAddress[];
  sentinelMasterName?: string;
  sentinelUsername?: string;
  sentinelPassword?: string;
  username?: string;
  password?: string;
  db: number;
  enableTLS: boolean;
  /** redisMaxRetries: reconnection attempts a command waits through before it fails; undefined: the component's default. */
  maxRetries?: number;
  /** redisMinRetryInterval / redisMaxRetryInterval: reconnection backoff bounds; undefined: the component's default. */
  minRetryIntervalMs?: number;
  maxRetryIntervalMs?: number;
  dialTimeoutMs?: number;
  readTimeoutMs?: number;
  writeTimeoutMs?: number;
}

export interface RedisAddress {
  host: string;
  port: number;
}

export const DEFAULT_REDIS_PORT = 6379;
const REDIS_TYPES = ["node", "cluster"] as const;

/** Parses the connection fields; every error names the component and the field (MetadataError). */
export function parseRedisConnection(metadata: ComponentMetadata): RedisConnectionSettings {
  const rawType = metadata.string("redisType") ?? "node";
  const type = rawType.trim().toLowerCase();
  if (!(REDIS_TYPES as readonly string[]).includes(type)) throw metadata.error("redisType", `must be "node" or "cluster", got ${JSON.stringify(rawType)}`);
  const failover = metadata.bool("failover", false);
  const addresses = metadata.requireString("redisHost", ["host"]).split(",").map((part) => parseAddress(metadata, part));
  if (addresses.length === 0) throw metadata.error("redisHost", "is required");
  const sentinelMasterName = metadata.string("sentinelMasterName");
  if (failover && sentinelMasterName === undefined) throw metadata.error("sentinelMasterName", "is required with failover: true (the name the Sentinels monitor the primary by)");
  if (failover && type === "cluster") throw metadata.error("failover", "cannot be combined with redisType: cluster (a Redis Cluster fails over by itself)");
  const mode = failover ? "sentinel" : type === "cluster" ? "cluster" : "node";
  if (mode === "node" && addresses.length > 1) throw metadata.error("redisHost", `lists ${addresses.length} addresses; set redisType: cluster (seed nodes) or failover: true (Sentinels) to use several`);
  const db = metadata.int("redisDB", 0, { min: 0, max: 65_535 }, ["db"]);
  if (mode === "cluster" && db !== 0) throw metadata.error("redisDB", "must be 0 with redisType: cluster (a Redis Cluster has only database 0)");
  const maxRetries = optionalInt(metadata, "redisMaxRetries");
  return {
    mode,
    addresses,
    sentinelMasterName,
    sentinelUsername: metadata.string("sentinelUsername"),
    sentinelPassword: metadata.string("sentinelPassword"),
    username: metadata.string("redisUsername", ["username"]),
    password: metadata.string("redisPassword", ["password"]),
    db,
    enableTLS: metadata.bool("enableTLS", false),
    // Dapr: -1 disables retries.
    maxRetries: maxRetries === undefined ? undefined : Math.max(0, maxRetries),
    minRetryIntervalMs: retryInterval(metadata, "redisMinRetryInterval"),
    maxRetryIntervalMs: retryInterval(metadata, "redisMaxRetryInterval"),
    dialTimeoutMs: timeout(metadata, "dialTimeout"),
    readTimeoutMs: timeout(metadata, "readTimeout"),
    writeTimeoutMs: timeout(metadata, "writeTimeout"),
  };
}

/** `host:port`, `host` (port 6379) or `[v6addr]:port`, as Dapr's redisHost entries. */
function parseAddress(metadata: ComponentMetadata, value: string): RedisAddress {
  const text = value.trim();
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:\s/]+)(?::(\d+))?$/.exec(text);
  if (!match) throw metadata.error("redisHost", `must be host:port (several separated by commas), got ${JSON.stringify(value)}`);
  const port = match[2] === undefined ? DEFAULT_REDIS_PORT : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw metadata.error("redisHost", `has an invalid port in ${JSON.stringify(value)}`);
  return { host: match[1]!, port };
}

function optionalInt(metadata: ComponentMetadata, name: string): number | undefined {
  if (metadata.string(name) === undefined) return undefined;
  return metadata.int(name, 0, { min: -1 });
}

/** A Dapr duration where -1 means "none": no backoff between reconnection attempts. */
function retryInterval(metadata: ComponentMetadata, name: string): number | undefined {
  const raw = metadata.string(name);
  if (raw === undefined) return undefined;
  if (raw.trim() === "-1") return 0;
  return metadata.durationMs(name, 0);
}

/** A Dapr timeout where 0 means the default and -1 means none (both: undefined here). */
function timeout(metadata: ComponentMetadata, name: string): number | undefined {
  const raw = metadata.string(name);
  if (raw === undefined || raw.trim() === "-1") return undefined;
  const ms = metadata.durationMs(name, 0);
  return ms > 0 ? ms : undefined;
}

/** The addresses as a user wrote them, for messages. */
export function describeAddresses(settings: RedisConnectionSettings): string {
  const list = settings.addresses.map((a) => (a.host.includes(":") ? `[${a.host}]:${a.port}` : `${a.host}:${a.port}`)).join(",");
  if (settings.mode === "sentinel") return `${list} (Sentinels of ${JSON.stringify(settings.sentinelMasterName)})`;
  return settings.mode === "cluster" ? `${list} (cluster)` : list;
}
