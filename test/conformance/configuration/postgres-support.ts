import type pg from "pg";
import { BROKERS } from "../../support/brokers.js";

export const PG_URL = `postgres://postgres@${BROKERS.postgres.host}:${BROKERS.postgres.port}/test`;

/**
 * Installs a configuration table and the notify trigger exactly as
 * docs/components/configuration.postgresql.md tells users to (names made unique per run, since the database is shared).
 */
export async function installConfigTable(client: pg.Client, suffix: string): Promise<{ table: string; channel: string; drop: () => Promise<void> }> {
  const table = `configtable_${suffix}`;
  const channel = `config_${suffix}`;
  const fn = `configuration_event_${suffix}`;
  await client.query(`CREATE TABLE ${table} (key text PRIMARY KEY, value text NOT NULL, version text, metadata jsonb)`);
  await client.query(`
    CREATE OR REPLACE FUNCTION ${fn}() RETURNS TRIGGER AS $$
    DECLARE
      data json;
      notification json;
    BEGIN
      IF (TG_OP = 'DELETE') THEN data = row_to_json(OLD); ELSE data = row_to_json(NEW); END IF;
      notification = json_build_object('table', TG_TABLE_NAME, 'action', TG_OP, 'data', data);
      PERFORM pg_notify('${channel}', notification::text);
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql;`);
  await client.query(`CREATE TRIGGER ${table}_event AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
  return {
    table,
    channel,
    drop: async () => {
      await client.query(`DROP TABLE IF EXISTS ${table}`);
      await client.query(`DROP FUNCTION IF EXISTS ${fn}()`);
    },
  };
}
