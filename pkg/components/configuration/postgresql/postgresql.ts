import pg from "pg";
import { assertJsonDepth, parseJson } from "../../../util/json.js";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { parsePostgresConnection, poolConfig } from "../../postgresql/settings.js";
import { ConfigurationSubscribers } from "../subscribers.js";
import type { ConfigurationItem, ConfigurationRelease, ConfigurationStore, ConfigurationUpdateHandler } from "../types.js";

/*
 * `configuration.postgresql`: items live in a table (`table` metadata) with columns key, value,
 * version and metadata; changes arrive through LISTEN/NOTIFY on a trigger the user installs (the
 * same contract as Dapr's store, so its SQL works unchanged; docs/components/configuration.postgresql.md):
 *
 *   CREATE TABLE IF NOT EXISTS configtable (key text PRIMARY KEY, value text NOT NULL, version text, metadata jsonb);
 *
 *   CREATE OR REPLACE FUNCTION configuration_event() RETURNS TRIGGER AS $$
 *   DECLARE
 *     data json;
 *     notification json;
 *   BEGIN
 *     IF (TG_OP = 'DELETE') THEN data = row_to_json(OLD); ELSE data = row_to_json(NEW); END IF;
 *     notification = json_build_object('table', TG_TABLE_NAME, 'action', TG_OP, 'data', data);
 *     PERFORM pg_notify('config', notification::text);
 *     RETURN NULL;
 *   END;
 *   $$ LANGUAGE plpgsql;
 *
 *   CREATE TRIGGER configtable_event AFTER INSERT OR UPDATE OR DELETE ON configtable
 *     FOR EACH ROW EXECUTE FUNCTION configuration_event();
 *
 * The channel (`config` above) is the component's `pgNotifyChannel` metadata, or the subscribe
 * request's `metadata.pgNotifyChannel` (Dapr's name for it).
 */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const DEFAULT_CHANNEL = "config";

interface Notification {
  table?: string;
  action?: string;
  data?: { key?: unknown; value?: unknown; version?: unknown; metadata?: unknown };
}

interface Listener {
  client: pg.Client;
  subscribers: ConfigurationSubscribers;
}

/** `schema.table` or `table`, each part a plain identifier: the name is spliced into SQL, so nothing else passes. */
function quoteTable(name: string): string | undefined {
  const parts = name.split(".");
  if (parts.length > 2 || !parts.every((p) => IDENTIFIER.test(p))) return undefined;
  return parts.map((p) => `"${p}"`).join(".");
}

/** A JSON object of metadata; anything else, or JSON nested too deep to serialise safely, is no metadata. */
function toMetadata(raw: unknown): Record<string, string> | undefined {
  let value = raw;
  try {
    // pg hands a jsonb column over already parsed (by JSON.parse): its depth is checked all the same.
    if (typeof value === "string") value = parseJson(value);
    else assertJsonDepth(value);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
}

export function rowToItem(row: { value?: unknown; version?: unknown; metadata?: unknown }): ConfigurationItem {
  const item: ConfigurationItem = { value: row.value === null || row.value === undefined ? "" : String(row.value) };
  if (row.version !== null && row.version !== undefined && row.version !== "") item.version = String(row.version);
  const metadata = toMetadata(row.metadata);
  if (metadata && Object.keys(metadata).length > 0) item.metadata = metadata;
  return item;
}

export class PostgresConfigurationStore implements ConfigurationStore {
  private pool?: pg.Pool;
  private connection: pg.ClientConfig = {};
  private table = "";
  private tableName = "";
  private channel = DEFAULT_CHANNEL;
  private readonly listeners = new Map<string, Promise<Listener>>();

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parsePostgresConnection(metadata);
    this.connection = settings.client;
    this.tableName = metadata.requireString("table");
    const quoted = quoteTable(this.tableName);
    if (!quoted) throw metadata.error("table", `must be a plain identifier (letters, digits, _; optionally schema.table), got ${JSON.stringify(this.tableName)}`);
    this.table = quoted;
    this.channel = metadata.string("pgNotifyChannel", ["notifyChannel"]) ?? DEFAULT_CHANNEL;
    if (!IDENTIFIER.test(this.channel)) throw metadata.error("pgNotifyChannel", `must be a plain identifier, got ${JSON.stringify(this.channel)}`);
    this.pool = new pg.Pool(poolConfig(settings, 5));
    this.pool.on("error", (error) => this.context.logger.warn(`postgresql idle connection: ${error.message}`));
    await this.checkTable();
  }

  features(): string[] {
    return ["SUBSCRIBE"];
  }

  /** Fails with the table named when it is missing or lacks the columns, rather than at the first request. */
  private async checkTable(): Promise<void> {
    try {
      await this.requirePool().query(`SELECT key, value, version, metadata FROM ${this.table} LIMIT 0`);
    } catch (error) {
      throw new Error(`table ${this.tableName} (columns key, value, version, metadata) is not usable: ${(error as Error).message}`);
    }
  }

  async get(keys: string[]): Promise<Map<string, ConfigurationItem>> {
    const result = keys.length > 0
      ? await this.requirePool().query(`SELECT key, value, version, metadata FROM ${this.table} WHERE key = ANY($1::text[])`, [keys])
      : await this.requirePool().query(`SELECT key, value, version, metadata FROM ${this.table}`);
    const items = new Map<string, ConfigurationItem>();
    for (const row of result.rows as Array<{ key: unknown; value: unknown; version: unknown; metadata: unknown }>) items.set(String(row.key), rowToItem(row));
    return items;
  }

  async subscribe(keys: string[], metadata: Record<string, string>, handler: ConfigurationUpdateHandler, signal: AbortSignal): Promise<ConfigurationRelease> {
    const channel = metadata.pgNotifyChannel ?? this.channel;
    if (!IDENTIFIER.test(channel)) throw new Error(`metadata.pgNotifyChannel must be a plain identifier, got ${JSON.stringify(channel)}`);
    await this.checkTable();
    const listener = await this.listen(channel);
    const remove = listener.subscribers.add(keys, handler, signal);
    return async () => {
      remove();
      if (listener.subscribers.size > 0) return;
      this.listeners.delete(channel);
      try {
        await listener.client.query(`UNLISTEN "${channel}"`);
      } finally {
        await listener.client.end().catch(() => undefined);
      }
    };
  }

  /** One LISTEN connection per channel, shared by the subscriptions on it. */
  private listen(channel: string): Promise<Listener> {
    let listener = this.listeners.get(channel);
    if (listener) return listener;
    listener = (async () => {
      const client = new pg.Client(this.connection);
      const subscribers = new ConfigurationSubscribers(this.context.logger);
      client.on("error", (error) => this.context.logger.error(`postgresql LISTEN connection on channel ${channel}: ${error.message}; changes are no longer seen`));
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload) this.onNotification(message.payload, subscribers);
      });
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      return { client, subscribers };
    })();
    this.listeners.set(channel, listener);
    listener.catch(() => this.listeners.delete(channel));
    return listener;
  }

  private onNotification(payload: string, subscribers: ConfigurationSubscribers): void {
    let event: Notification;
    try {
      event = parseJson(payload) as Notification;
    } catch (error) {
      this.context.logger.warn(`ignoring a notification that is not usable JSON (${(error as Error).message}; see the trigger SQL in docs/components/configuration.postgresql.md)`);
      return;
    }
    const unqualified = this.tableName.split(".").pop();
    if (event.table !== undefined && event.table !== unqualified) return;
    if (!event.data || event.data.key === undefined || event.data.key === null) {
      this.context.logger.warn("ignoring a notification without data.key (see the trigger SQL in docs/components/configuration.postgresql.md)");
      return;
    }
    const key = String(event.data.key);
    const item = String(event.action).toUpperCase() === "DELETE" ? { value: "" } : rowToItem(event.data);
    subscribers.dispatch(new Map([[key, item]]));
  }

  private requirePool(): pg.Pool {
    if (!this.pool) throw new Error("the store is not initialised");
    return this.pool;
  }

  async close(): Promise<void> {
    const listeners = [...this.listeners.values()];
    this.listeners.clear();
    for (const pending of listeners) {
      const listener = await pending.catch(() => undefined);
      listener?.subscribers.clear();
      await listener?.client.end().catch(() => undefined);
    }
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }
}

export function createPostgresConfigurationStore(context: ComponentContext): ConfigurationStore {
  return new PostgresConfigurationStore(context);
}
