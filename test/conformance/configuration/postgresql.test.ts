import { randomUUID } from "node:crypto";
import pg from "pg";
import { createPostgresConfigurationStore } from "../../../pkg/components/configuration/postgresql/postgresql.js";
import { brokerAvailable } from "../../support/brokers.js";
import { runConfigurationConformance } from "./suite.js";
import { installConfigTable, PG_URL } from "./postgres-support.js";

// The real PostgreSQL on 127.0.0.1:5432, database `test`; skipped outside CI when it is down.
const pgUp = await brokerAvailable("postgres");

if (pgUp) {
  runConfigurationConformance({
    type: "configuration.postgresql",
    create: createPostgresConfigurationStore,
    backend: async () => {
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
  });
}
