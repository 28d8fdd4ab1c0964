import { Redis, type RedisOptions } from "ioredis";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { ConfigurationSubscribers } from "../subscribers.js";
import type { ConfigurationItem, ConfigurationRelease, ConfigurationStore, ConfigurationUpdateHandler } from "../types.js";

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

/**
 * `configuration.redis`: string keys holding `value` or `value||version` (Dapr's layout), changes
 * through keyspace notifications, which the store tries to switch on and otherwise says why not.
 */
export class RedisConfigurationStore implements ConfigurationStore {
  private client?: Redis;
  private options: RedisOptions = {};
  private db = 0;
  private readonly connections = new Set<Redis>();

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const hostPort = metadata.requireString("redisHost", ["host"]);
    const match = /^(.+):(\d{1,5})$/.exec(hostPort);
    if (!match) throw metadata.error("redisHost", `must be host:port, got ${JSON.stringify(hostPort)}`);
    this.db = metadata.int("redisDB", 0, { min: 0, max: 15 }, ["db"]);
    this.options = {
      host: match[1],
      port: Number(match[2]),
      username: metadata.string("redisUsername"),
      password: metadata.string("redisPassword"),
      db: this.db,
      tls: metadata.bool("enableTLS", false) ? {} : undefined,
      lazyConnect: true,
      connectTimeout: metadata.durationMs("dialTimeout", 5000),
      // Fail a request at once while the connection is down, so the API answers 500 instead of hanging.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    };
    const client = new Redis(this.options);
    client.on("error", (error: Error) => this.context.logger.debug(`redis connection: ${error.message}`));
    this.client = client;
    await client.connect();
    await this.enableKeyspaceNotifications(client);
  }

  features(): string[] {
    return ["SUBSCRIBE"];
  }

  private async enableKeyspaceNotifications(client: Redis): Promise<void> {
    try {
      const reply = (await client.config("GET", "notify-keyspace-events")) as string[];
      const current = reply[1] ?? "";
      const hasAll = current.includes("A") || [..."$gx"].every((c) => current.includes(c));
      if (current.includes("K") && hasAll) return;
      const wanted = [...new Set([...current, ...NEEDED_EVENTS])].join("");
      await client.config("SET", "notify-keyspace-events", wanted);
      this.context.logger.info(`enabled Redis keyspace notifications (notify-keyspace-events ${JSON.stringify(wanted)}) for configuration subscriptions`);
    } catch (error) {
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
      const values = await client.mget(...chunk);
      chunk.forEach((key, index) => {
        const value = values[index];
        if (typeof value === "string") items.set(key, parseRedisValue(value));
      });
    }
    return items;
  }

  private async allKeys(client: Redis): Promise<string[]> {
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await client.scan(cursor, "COUNT", 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== "0");
    return [...new Set(keys)];
  }

  async subscribe(keys: string[], _metadata: Record<string, string>, handler: ConfigurationUpdateHandler, signal: AbortSignal): Promise<ConfigurationRelease> {
    const client = this.requireClient();
    // Subscriber mode takes the whole connection, so each subscription gets its own.
    const sub = new Redis({ ...this.options, enableOfflineQueue: true });
    sub.on("error", (error: Error) => this.context.logger.debug(`redis subscriber connection: ${error.message}`));
    this.connections.add(sub);
    const prefix = `__keyspace@${this.db}__:`;
    const patterns = keys.length > 0 ? keys.map((k) => prefix + escapeGlob(k)) : [`${prefix}*`];
    const local = new ConfigurationSubscribers(this.context.logger);
    local.add(keys, handler, signal);
    // One change at a time, in the order Redis announced them, so a later value never overtakes an earlier one.
    let queue: Promise<void> = Promise.resolve();
    sub.on("pmessage", (_pattern: string, channel: string, event: string) => {
      if (signal.aborted || !channel.startsWith(prefix)) return;
      const key = channel.slice(prefix.length);
      queue = queue.then(async () => {
        const item = DELETE_EVENTS.has(event) ? { value: "" } : await this.readItem(client, key);
        if (item) local.dispatch(new Map([[key, item]]));
      }).catch((error: unknown) => {
        this.context.logger.error(`reading changed key ${JSON.stringify(key)}: ${(error as Error).message}`);
      });
    });
    const drop = (): void => {
      this.connections.delete(sub);
      sub.disconnect();
    };
    try {
      await sub.connect();
      await sub.psubscribe(...patterns);
    } catch (error) {
      drop();
      throw error;
    }
    signal.addEventListener("abort", () => local.clear(), { once: true });
    return async () => {
      local.clear();
      try {
        if (sub.status !== "ready") throw new Error(`the subscriber connection is ${sub.status}`);
        await sub.punsubscribe(...patterns);
      } finally {
        drop();
      }
    };
  }

  private async readItem(client: Redis, key: string): Promise<ConfigurationItem | undefined> {
    const type = await client.type(key);
    if (type === "none") return { value: "" };
    if (type !== "string") return undefined;
    const value = await client.get(key);
    return value === null ? { value: "" } : parseRedisValue(value);
  }

  private requireClient(): Redis {
    if (!this.client) throw new Error("the store is not initialised");
    return this.client;
  }

  async close(): Promise<void> {
    for (const sub of this.connections) sub.disconnect();
    this.connections.clear();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // QUIT needs a live connection; a store whose server went away must not wait for it to come back.
    if (client.status === "ready") await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }
}

export function createRedisConfigurationStore(context: ComponentContext): ConfigurationStore {
  return new RedisConfigurationStore(context);
}
