import { setTimeout as sleep } from "node:timers/promises";
import type { Cluster, Redis } from "ioredis";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { closeClient, createRedisClient, verifyConnection, type RedisClient } from "../../redis/client.js";
import { parseRedisConnection, type RedisConnectionSettings } from "../../redis/settings.js";
import { ConfigurationSubscribers, diffItems } from "../subscribers.js";
import type { ConfigurationItem, ConfigurationRelease, ConfigurationStore, ConfigurationUpdateHandler } from "../types.js";
import { KeyspaceWatch } from "./keyspace.js";

/** Dapr's format for a versioned value in a Redis string: `value||version`. */
const VERSION_SEPARATOR = "||";
/** Keyspace events for string writes ($), generic commands like DEL/RENAME (g) and expiry (x). */
const NEEDED_EVENTS = "K$gx";
const DELETE_EVENTS = new Set(["del", "expired", "evicted", "rename_from", "unlink"]);

export function parseRedisValue(raw: string): ConfigurationItem {
  const at = raw.indexOf(VERSION_SEPARATOR);
  return at < 0 ? { value: raw } : { value: raw.slice(0, at), version: raw.slice(at + VERSION_SEPARATOR.length) };
}

/** Keyspace channel patterns are globs: a key holding `*` or `?` must match only itself. */
function escapeGlob(key: string): string {
  return key.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** How long init waits for the deployment to answer, and the connect timeout without dialTimeout. */
const DEFAULT_DIAL_TIMEOUT_MS = 5000;
/** Reads behind a notification retry through a reconnect (a failover), then give up with a log line. */
const READ_ATTEMPTS = 5;

/**
 * `configuration.redis`: string keys holding `value` or `value||version` (Dapr's layout), changes
 * through keyspace notifications, which the store tries to switch on and otherwise says why not.
 * On a Redis Cluster it reads every primary and listens on every primary (notifications are per
 * server); with Sentinel it follows the promoted primary. Whenever a subscription starts listening
 * somewhere anew (a reconnect, a new primary) it compares what it knew with what is there, so a
 * change made while nobody listened is still notified.
 */
export class RedisConfigurationStore implements ConfigurationStore {
  private client?: RedisClient;
  private settings?: RedisConnectionSettings;
  private readonly watches = new Set<KeyspaceWatch>();
  private warnedNotifications = false;
  private readonly closing = new AbortController();

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseRedisConnection(metadata);
    this.settings = settings;
    const client = createRedisClient(settings, {
      role: "configuration",
      logger: this.context.logger,
      defaults: { connectTimeout: DEFAULT_DIAL_TIMEOUT_MS, maxRetriesPerRequest: 1, commandTimeout: settings.readTimeoutMs },
      // Fail a request at once while the connection is down, so the API answers 500 instead of hanging.
      fixed: { lazyConnect: true, enableOfflineQueue: false },
      // Notice a promoted primary soon: its keyspace notifications are listened to only once the client knows it.
      cluster: { slotsRefreshInterval: 2000 },
    });
    this.client = client;
    await verifyConnection(client, settings, (settings.dialTimeoutMs ?? DEFAULT_DIAL_TIMEOUT_MS) * 2);
    await Promise.all(this.servers(client).map((node) => this.enableKeyspaceNotifications(node)));
  }

  features(): string[] {
    return ["SUBSCRIBE"];
  }

  /** The servers that take writes: the single server or primary, or each cluster primary. */
  private servers(client: RedisClient): Redis[] {
    return client.isCluster ? (client as Cluster).nodes("master") : [client as Redis];
  }

  private async ensureKeyspaceNotifications(node: Redis): Promise<void> {
    const reply = (await node.config("GET", "notify-keyspace-events")) as string[];
    const current = reply[1] ?? "";
    const hasAll = current.includes("A") || [..."$gx"].every((c) => current.includes(c));
    if (current.includes("K") && hasAll) return;
    const wanted = [...new Set([...current, ...NEEDED_EVENTS])].join("");
    await node.config("SET", "notify-keyspace-events", wanted);
    this.context.logger.info(`enabled Redis keyspace notifications (notify-keyspace-events ${JSON.stringify(wanted)}) on ${node.options.host}:${node.options.port} for configuration subscriptions`);
  }

  /** Never throws: a server that refuses CONFIG is told about once, in the log. */
  private async enableKeyspaceNotifications(node: Redis): Promise<void> {
    try {
      await this.ensureKeyspaceNotifications(node);
    } catch (error) {
      if (this.warnedNotifications) return;
      this.warnedNotifications = true;
      this.context.logger.warn(
        `could not enable Redis keyspace notifications (${(error as Error).message}); ` +
          `configuration subscriptions will see no changes unless the server sets notify-keyspace-events to include "${NEEDED_EVENTS}"`,
      );
    }
  }

  async get(keys: string[]): Promise<Map<string, ConfigurationItem>> {
    const client = this.requireClient();
    const wanted = keys.length > 0 ? keys : await this.allKeys(client);
    const items = new Map<string, ConfigurationItem>();
    for (let i = 0; i < wanted.length; i += 500) {
      const chunk = wanted.slice(i, i + 500);
      // MGET answers nil for keys that do not exist or hold another type (a stream, a hash): both are not items.
      // A cluster refuses MGET across slots (CROSSSLOT): there each key is read on its own.
      const values = client.isCluster ? await Promise.all(chunk.map((key) => client.get(key).catch(wrongTypeAsNull))) : await client.mget(...chunk);
      chunk.forEach((key, index) => {
        const value = values[index];
        if (typeof value === "string") items.set(key, parseRedisValue(value));
      });
    }
    return items;
  }

  /** Every key of every primary (SCAN is per server). */
  private async allKeys(client: RedisClient): Promise<string[]> {
    const keys: string[] = [];
    for (const node of this.servers(client)) {
      let cursor = "0";
      do {
        const [next, batch] = await node.scan(cursor, "COUNT", 1000);
        keys.push(...batch);
        cursor = next;
      } while (cursor !== "0");
    }
    return [...new Set(keys)];
  }

  async subscribe(keys: string[], _metadata: Record<string, string>, handler: ConfigurationUpdateHandler, signal: AbortSignal): Promise<ConfigurationRelease> {
    const client = this.requireClient();
    const settings = this.settings!;
    const prefix = `__keyspace@${settings.mode === "cluster" ? 0 : settings.db}__:`;
    const patterns = keys.length > 0 ? keys.map((k) => prefix + escapeGlob(k)) : [`${prefix}*`];
    const local = new ConfigurationSubscribers(this.context.logger);
    local.add(keys, handler, signal);
    // What the subscriber was last told (or found at the start), to notice changes nobody announced.
    let known = new Map<string, ConfigurationItem>();
    let baselineTaken!: () => void;
    // One change at a time, in the order Redis announced them, so a later value never overtakes an earlier one; the baseline first.
    let queue: Promise<void> = new Promise((resolve) => (baselineTaken = resolve));
    const enqueue = (what: string, work: () => Promise<void>): void => {
      queue = queue.then(work).catch((error: unknown) => {
        if (!signal.aborted) this.context.logger.error(`${what}: ${(error as Error).message}`);
      });
    };
    const watch = new KeyspaceWatch(
      {
        settings,
        logger: this.context.logger,
        patterns,
        enableNotifications: (node) => this.enableKeyspaceNotifications(node),
        onEvent: (channel, event) => {
          if (signal.aborted || !channel.startsWith(prefix)) return;
          const key = channel.slice(prefix.length);
          enqueue(`reading changed key ${JSON.stringify(key)}`, async () => {
            const item = DELETE_EVENTS.has(event) ? { value: "" } : await this.retried(() => this.readItem(client, key), signal);
            if (!item) return;
            if (item.value === "" && item.version === undefined) known.delete(key);
            else known.set(key, item);
            local.dispatch(new Map([[key, item]]));
          });
        },
        onGap: () =>
          enqueue("comparing configuration items after a reconnect", async () => {
            if (signal.aborted) return;
            const now = await this.retried(() => this.get(keys), signal);
            const changes = diffItems(known, now);
            known = now;
            if (changes.size === 0) return;
            this.context.logger.info(`configuration subscription: ${changes.size} change(s) made while not listening: ${[...changes.keys()].join(", ")}`);
            local.dispatch(changes);
          }),
      },
      client.isCluster ? (client as Cluster) : undefined,
    );
    this.watches.add(watch);
    try {
      await watch.start();
    } catch (error) {
      this.watches.delete(watch);
      watch.close();
      throw error;
    }
    this.get(keys).then(
      (items) => (known = items),
      (error: unknown) => {
        if (!signal.aborted && !this.closing.signal.aborted) this.context.logger.warn(`configuration subscription: reading the initial items: ${(error as Error).message}`);
      },
    ).finally(baselineTaken);
    signal.addEventListener("abort", () => local.clear(), { once: true });
    return async () => {
      local.clear();
      this.watches.delete(watch);
      await watch.release();
    };
  }

  /** Retries a read through a short outage (a failover's reconnect); the subscription's abort stops it. */
  private async retried<T>(read: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        if (attempt >= READ_ATTEMPTS || signal.aborted || this.closing.signal.aborted) throw error;
        await sleep(200 * attempt, undefined, { signal: AbortSignal.any([signal, this.closing.signal]) }).catch(() => undefined);
      }
    }
  }

  private async readItem(client: RedisClient, key: string): Promise<ConfigurationItem | undefined> {
    const type = await client.type(key);
    if (type === "none") return { value: "" };
    if (type !== "string") return undefined;
    const value = await client.get(key);
    return value === null ? { value: "" } : parseRedisValue(value);
  }

  private requireClient(): RedisClient {
    if (!this.client) throw new Error("the store is not initialised");
    return this.client;
  }

  async close(): Promise<void> {
    this.closing.abort();
    for (const watch of this.watches) watch.close();
    this.watches.clear();
    const client = this.client;
    this.client = undefined;
    // QUIT needs a live connection; a store whose server went away must not wait for it to come back.
    if (client) await closeClient(client);
  }
}

function wrongTypeAsNull(error: Error): null {
  if (error.message.startsWith("WRONGTYPE")) return null;
  throw error;
}

export function createRedisConfigurationStore(context: ComponentContext): ConfigurationStore {
  return new RedisConfigurationStore(context);
}
