import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { stringify } from "yaml";
import type { ConfigurationItem } from "../../../pkg/components/configuration/types.js";
import { BROKERS } from "../../support/brokers.js";
import { runningRedisCluster, runningRedisSentinel } from "../../support/redis-topologies.js";
import type { ConformanceTarget } from "../context.js";
import { installConfigTable, PG_URL } from "./postgres-support.js";
import { tempDir } from "../../support/tempdirs.js";

/** What the suite needs from a store's backend: write and delete items the way a user would. */
export interface ConfigurationBackend {
  /** Component metadata pointing the store at this backend. */
  metadata: Record<string, string>;
  /** Keys unique to this run (a shared Redis or database may hold others' keys). */
  prefix: string;
  set(key: string, item: ConfigurationItem): Promise<void>;
  del(key: string): Promise<void>;
  teardown(): Promise<void>;
}

/** A configuration store under the conformance suite; adding one is an entry here and a one-line test file. */
export interface ConfigurationTarget extends ConformanceTarget {
  backend: () => Promise<ConfigurationBackend>;
}

export const CONFIGURATION_TARGETS: readonly ConfigurationTarget[] = [
  {
    type: "configuration.local.file",
    backend: async () => {
      const dir = tempDir("conf-file-");
      const file = path.join(dir, "config.yaml");
      const items = new Map<string, ConfigurationItem>();
      const save = (): Promise<void> => writeFile(file, stringify(Object.fromEntries([...items].map(([key, item]) => [key, item.version ? { value: item.value, version: item.version } : item.value]))));
      await save();
      return {
        metadata: { path: file, debounce: "20ms" },
        prefix: "",
        set: async (key, item) => {
          items.set(key, item);
          await save();
        },
        del: async (key) => {
          items.delete(key);
          await save();
        },
        teardown: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    // The real Redis on 127.0.0.1:6379 (db 9, keys prefixed per run).
    type: "configuration.redis",
    broker: "redis",
    backend: async () => {
      const { Redis } = await import("ioredis");
      const client = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, db: 9 });
      const prefix = `conf-${randomUUID().slice(0, 8)}:`;
      return {
        metadata: { redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}`, redisDB: "9" },
        prefix,
        set: async (key, item) => {
          await client.set(key, item.version ? `${item.value}||${item.version}` : item.value);
        },
        del: async (key) => {
          await client.del(key);
        },
        teardown: async () => {
          const keys = await client.keys(`${prefix}*`);
          if (keys.length > 0) await client.del(...keys);
          await client.quit();
        },
      };
    },
  },
  {
    // The real PostgreSQL on 127.0.0.1:5432, database `test`, a table and trigger per run.
    type: "configuration.postgresql",
    broker: "postgres",
    backend: async () => {
      const { default: pg } = await import("pg");
      const suffix = randomUUID().replace(/-/g, "").slice(0, 10);
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      const { table, channel, drop } = await installConfigTable(client, suffix);
      return {
        metadata: { connectionString: PG_URL, table, pgNotifyChannel: channel },
        prefix: "",
        set: async (key, item) => {
          await client.query(`INSERT INTO ${table} (key, value, version) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version`, [key, item.value, item.version ?? null]);
        },
        del: async (key) => {
          await client.query(`DELETE FROM ${table} WHERE key = $1`, [key]);
        },
        teardown: async () => {
          await drop();
          await client.end();
        },
      };
    },
  },
  {
    // The private Redis Cluster that test/integration/redis-cluster.test.ts starts; its own, so nothing to delete.
    type: "configuration.redis",
    variant: "cluster",
    backend: () => redisBackend(runningRedisCluster().client(), { redisHost: runningRedisCluster().seeds, redisType: "cluster" }),
  },
  {
    // The private primary, replica and Sentinels that test/integration/redis-sentinel.test.ts starts.
    type: "configuration.redis",
    variant: "sentinel",
    backend: () => {
      const sentinel = runningRedisSentinel();
      return redisBackend(sentinel.client(), { redisHost: sentinel.sentinelHosts, failover: "true", sentinelMasterName: sentinel.masterName });
    },
  },
];

/** A private Redis deployment's backend: `client` follows it as an application's would. */
function redisBackend(client: { set(key: string, value: string): Promise<unknown>; del(key: string): Promise<unknown>; disconnect(): void }, metadata: Record<string, string>): Promise<ConfigurationBackend> {
  return Promise.resolve({
    metadata,
    prefix: `conf-${randomUUID().slice(0, 8)}:`,
    set: async (key, item) => {
      await client.set(key, item.version ? `${item.value}||${item.version}` : item.value);
    },
    del: async (key) => {
      await client.del(key);
    },
    teardown: () => Promise.resolve(client.disconnect()),
  });
}
