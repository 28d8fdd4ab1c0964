import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import { PostgresBinding } from "../../../pkg/components/bindings/postgresql/postgresql.js";
import { BindingRequestError, type Binding } from "../../../pkg/components/bindings/types.js";
import { builtinRegistries } from "../../../pkg/components/builtins.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { brokerAvailable, BROKERS } from "../../support/brokers.js";
import { PG_URL } from "../configuration/postgres-support.js";
import { testContext } from "../context.js";

const available = await brokerAvailable("postgres");

(available ? describe : describe.skip)("bindings.postgresql against the real PostgreSQL", () => {
  const table = `binding_pg_${randomUUID().replaceAll("-", "")}`;
  let admin: pg.Client;
  const opened: PostgresBinding[] = [];
  async function open(metadata: Record<string, string> = { connectionString: PG_URL }): Promise<PostgresBinding> {
    const binding = new PostgresBinding(testContext("bindings.postgresql"));
    opened.push(binding);
    await binding.init(ComponentMetadata.of("db", "bindings.postgresql", metadata));
    return binding;
  }
  const exec = (b: Binding, sql: string, params?: unknown[]) => b.invoke!({ operation: "exec", data: null, metadata: { sql, ...(params ? { params: JSON.stringify(params) } : {}) } });
  const query = (b: Binding, sql: string, params?: unknown[]) => b.invoke!({ operation: "query", data: null, metadata: { sql, ...(params ? { params: JSON.stringify(params) } : {}) } });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (id int8 PRIMARY KEY, name text, ok boolean, at timestamptz, raw bytea, doc jsonb)`);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((b) => b.close()));
    await admin.query(`DELETE FROM ${table}`);
  });
  afterAll(async () => {
    await admin.query(`DROP TABLE IF EXISTS ${table}`);
    await admin.end();
  });

  it("exec answers the rows it affected and Dapr's timing metadata", async () => {
    const binding = await open();
    const response = await exec(binding, `INSERT INTO ${table} (id, name) VALUES ($1, $2), ($3, $4)`, [1, "a", 2, "b"]);
    expect(response.data).toBeUndefined();
    expect(response.metadata).toMatchObject({ operation: "exec", sql: `INSERT INTO ${table} (id, name) VALUES ($1, $2), ($3, $4)`, "rows-affected": "2" });
    for (const key of ["start-time", "end-time"]) expect(Date.parse(response.metadata![key]!)).not.toBeNaN();
    expect(response.metadata!["duration"]).toMatch(/^\d+(\.\d+)?(ms|s)$/);
    expect((await exec(binding, `UPDATE ${table} SET ok = true`)).metadata!["rows-affected"]).toBe("2");
  });

  it("query answers rows as JSON arrays: int8 as numbers, bytea as base64, times in RFC 3339, jsonb as JSON, NULL as null", async () => {
    const binding = await open();
    await admin.query(`INSERT INTO ${table} VALUES (7, 'seven', true, '2026-01-05T10:00:00Z', '\\x00ff', '{"a": [1, 2]}'), (8, NULL, NULL, NULL, NULL, NULL)`);
    const response = await query(binding, `SELECT id, name, ok, at, raw, doc FROM ${table} ORDER BY id`);
    expect(response.data).toEqual([
      [7, "seven", true, "2026-01-05T10:00:00.000Z", "AP8=", { a: [1, 2] }],
      [8, null, null, null, null, null],
    ]);
    expect(response.metadata).toMatchObject({ operation: "query" });
    expect((await query(binding, `SELECT id FROM ${table} WHERE id > $1`, [100])).data).toEqual([]);
  });

  it("binds params as values, never as SQL: an injection attempt is stored as text", async () => {
    const binding = await open();
    const hostile = `x'); DROP TABLE ${table}; --`;
    await exec(binding, `INSERT INTO ${table} (id, name, doc) VALUES ($1, $2, $3)`, [1, hostile, { nested: true }]);
    expect((await admin.query(`SELECT name, doc FROM ${table}`)).rows).toEqual([{ name: hostile, doc: { nested: true } }]);
  });

  it("a request without sql, or with params that are not a JSON array, is a bad request naming it", async () => {
    const binding = await open();
    await expect(binding.invoke({ operation: "exec", data: null, metadata: {} })).rejects.toThrow("metadata.sql is required");
    for (const params of ["{not json", '{"a": 1}', "3"]) {
      const attempt = binding.invoke({ operation: "query", data: null, metadata: { sql: "SELECT 1", params } });
      await expect(attempt).rejects.toBeInstanceOf(BindingRequestError);
      await expect(attempt).rejects.toThrow("metadata.params");
    }
  });

  it("an SQL error fails the request with PostgreSQL's words, not as a bad request", async () => {
    const binding = await open();
    const attempt = query(binding, "SELECT * FROM no_such_table_here");
    await expect(attempt).rejects.toThrow("does not exist");
    await expect(attempt).rejects.not.toBeInstanceOf(BindingRequestError);
  });

  it("close ends the pool: later requests fail, a second close succeeds", async () => {
    const binding = await open();
    expect(await binding.invoke({ operation: "close", data: null, metadata: {} })).toEqual({});
    await expect(query(binding, "SELECT 1")).rejects.toThrow("component is closed");
    expect(await binding.invoke({ operation: "close", data: null, metadata: {} })).toEqual({});
  });

  it("takes the connection as a URL, as libpq key=value pairs, or as separate fields", async () => {
    const { host, port } = BROKERS.postgres;
    const forms: Record<string, string>[] = [
      { connectionString: PG_URL },
      { connectionString: `host=${host} port=${port} user=postgres dbname=test connect_timeout=5` },
      { url: `postgres://postgres@${host}:${port}/postgres`, database: "test" },
      { host, port: String(port), user: "postgres", database: "test", timeoutInSeconds: "30" },
    ];
    for (const metadata of forms) {
      const binding = await open(metadata);
      expect((await query(binding, "SELECT current_database()")).data).toEqual([["test"]]);
    }
  });

  it("is registered as bindings.postgresql and Dapr's bindings.postgres", () => {
    const registry = builtinRegistries().bindings;
    expect(registry.canonicalType("bindings.postgres")).toBe("bindings.postgresql");
    expect(registry.metadataOf("bindings.postgres")).toBe(registry.metadataOf("bindings.postgresql"));
  });

  it.each([
    [{ connectionString: "this is = not' valid" }, "connectionString"],
    [{ connectionString: "host=x port=http" }, "connectionString"],
    [{ connectionString: PG_URL, timeout: "500ms" }, "timeout"],
    [{ connectionString: PG_URL, queryExecMode: "fast" }, "queryExecMode"],
    [{ connectionString: PG_URL, maxConns: "many" }, "maxConns"],
    [{ connectionString: PG_URL, sslRootCert: "/no/such/ca.pem" }, "sslRootCert"],
    [{ host: "127.0.0.1", port: "0" }, "port"],
  ])("bad metadata %j fails init naming %s", async (metadata, field) => {
    await expect(open(metadata)).rejects.toThrow(`metadata field "${field}"`);
  });

  it("an unreachable server fails init saying where", async () => {
    await expect(open({ host: "127.0.0.1", port: "1", timeout: "2s" })).rejects.toThrow("cannot reach PostgreSQL at 127.0.0.1:1/");
  });
});
