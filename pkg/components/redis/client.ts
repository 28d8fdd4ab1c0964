import { setTimeout as sleep } from "node:timers/promises";
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";
import type { Logger } from "../../diagnostics/logger.js";
import { describeAddresses, type RedisAddress, type RedisConnectionSettings } from "./settings.js";

/** A connection to a single server, a Sentinel-managed primary (also a `Redis`) or a Redis Cluster. */
export type RedisClient = Redis | Cluster;

export interface RedisClientOptions {
  /** What the connection is for, in log lines. */
  role: string;
  logger: Logger;
  connectionName?: string;
  /** The component's choices where the metadata says nothing (redisMaxRetries, dialTimeout, ...). */
  defaults?: Partial<RedisOptions>;
  /** The component's choices the metadata cannot change (a blocking reader never gives up a command). */
  fixed?: Partial<RedisOptions>;
  /** Cluster-only options (slotsRefreshInterval, ...). */
  cluster?: Partial<ClusterOptions>;
}

/** Reconnection backoff without metadata: 100ms more per attempt, at most 2s (a restart is an outage, not the end). */
const DEFAULT_MIN_RETRY_MS = 100;
const DEFAULT_MAX_RETRY_MS = 2000;

/**
 * The one place a Redis component builds its connection from metadata: a plain client, a
 * Sentinel client (ioredis follows the promoted primary: it asks the Sentinels and listens for
 * +switch-master) or a Cluster client (ioredis follows MOVED/ASK and refreshes the slot map).
 */
export function createRedisClient(settings: RedisConnectionSettings, options: RedisClientOptions): RedisClient {
  const common = commonOptions(settings, options);
  let client: RedisClient;
  if (settings.mode === "cluster") {
    const { enableOfflineQueue, lazyConnect, retryStrategy, ...redisOptions } = common;
    client = new Cluster(
      settings.addresses.map((a) => ({ host: a.host, port: a.port })),
      {
        ...options.cluster,
        redisOptions: { ...redisOptions, db: undefined },
        enableOfflineQueue: enableOfflineQueue ?? true,
        lazyConnect: lazyConnect ?? false,
        // While no node answers (all seeds down), try again with the same backoff as a single node.
        clusterRetryStrategy: (times: number) => (retryStrategy ? retryStrategy(times) : DEFAULT_MAX_RETRY_MS) ?? DEFAULT_MAX_RETRY_MS,
      },
    );
  } else if (settings.mode === "sentinel") {
    client = new Redis({
      ...common,
      sentinels: settings.addresses.map((a) => ({ host: a.host, port: a.port })),
      name: settings.sentinelMasterName,
      role: "master",
      sentinelUsername: settings.sentinelUsername,
      sentinelPassword: settings.sentinelPassword,
      enableTLSForSentinelMode: settings.enableTLS,
      sentinelTLS: settings.enableTLS ? {} : undefined,
      // Reconnect to the promoted primary as soon as a Sentinel announces the switch, not only once the old one fails.
      failoverDetector: true,
      sentinelRetryStrategy: common.retryStrategy ?? undefined,
    });
  } else {
    const [address] = settings.addresses as [RedisAddress];
    client = new Redis({ ...common, host: address.host, port: address.port });
  }
  reportHealth(client, `${options.role} to ${describeAddresses(settings)}`, options.logger);
  return client;
}

/**
 * A plain connection to one node of the deployment (a cluster primary, say) with the component's
 * credentials, TLS and timeouts: what per-node work needs, such as keyspace notifications.
 */
export function createNodeClient(settings: RedisConnectionSettings, address: RedisAddress, options: RedisClientOptions): Redis {
  const client = new Redis({ ...commonOptions(settings, options), host: address.host, port: address.port, db: settings.mode === "cluster" ? 0 : settings.db });
  reportHealth(client, `${options.role} to ${address.host}:${address.port}`, options.logger);
  return client;
}

function commonOptions(settings: RedisConnectionSettings, options: RedisClientOptions): RedisOptions {
  const fromMetadata: Partial<RedisOptions> = {};
  if (settings.maxRetries !== undefined) fromMetadata.maxRetriesPerRequest = settings.maxRetries;
  if (settings.dialTimeoutMs !== undefined) fromMetadata.connectTimeout = settings.dialTimeoutMs;
  const minMs = settings.minRetryIntervalMs;
  const maxMs = settings.maxRetryIntervalMs;
  return {
    username: settings.username,
    password: settings.password,
    db: settings.db,
    tls: settings.enableTLS ? {} : undefined,
    connectionName: options.connectionName,
    retryStrategy:
      minMs === undefined && maxMs === undefined
        ? (times) => Math.min(times * DEFAULT_MIN_RETRY_MS, DEFAULT_MAX_RETRY_MS)
        : (times) => Math.min(maxMs ?? DEFAULT_MAX_RETRY_MS, (minMs ?? DEFAULT_MIN_RETRY_MS) * 2 ** Math.min(times - 1, 20)),
    // A primary demoted to replica (a Sentinel failover) answers READONLY: reconnecting asks the Sentinels for the new one; resend there.
    reconnectOnError: settings.mode === "sentinel" ? (error) => (error.message.startsWith("READONLY") ? 2 : false) : null,
    ...options.defaults,
    ...fromMetadata,
    ...options.fixed,
  };
}

/** ioredis emits an error per failed reconnect; one line per outage is enough. */
function reportHealth(client: RedisClient, what: string, logger: Logger): void {
  let healthy = true;
  client.on("error", (error: Error) => {
    if (healthy) logger.warn(`Redis connection (${what}): ${error.message}`);
    healthy = false;
  });
  client.on("ready", () => {
    if (!healthy) logger.info(`Redis connection (${what}) restored`);
    healthy = true;
  });
}

/**
 * Connects a lazy client, and resolves once the deployment answers PING. A cluster queues commands until it has loaded the
 * slot map and retries without end, so the wait is bounded here: init fails instead of hanging.
 */
export async function verifyConnection(client: RedisClient, settings: RedisConnectionSettings, timeoutMs: number): Promise<void> {
  const deadline = new AbortController();
  try {
    // A lazy client connects first (without an offline queue, a PING before that fails at once).
    const answered = client.status === "wait" ? client.connect().then(() => client.ping()) : client.ping();
    await Promise.race([
      answered,
      sleep(timeoutMs, undefined, { signal: deadline.signal }).then(() => {
        throw new Error(`no answer within ${timeoutMs}ms`);
      }),
    ]);
  } catch (error) {
    throw new Error(`cannot reach Redis at ${describeAddresses(settings)}: ${(error as Error).message}`);
  } finally {
    deadline.abort();
  }
}

/**
 * QUIT when connected (replies in flight are answered), then drop what is left: a QUIT alone leaves
 * a Sentinel client's +switch-master listeners connected, reconnecting for ever.
 */
export async function closeClient(client: RedisClient): Promise<void> {
  if (client.status === "ready") await client.quit().catch(() => undefined);
  client.disconnect();
}
