import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { parseKeywordConnectionString, parsePostgresConnection, poolConfig } from "../../pkg/components/postgresql/settings.js";

const parse = (values: Record<string, string>) => parsePostgresConnection(ComponentMetadata.of("db", "bindings.postgresql", values));

/** The PostgreSQL connection fields configuration.postgresql and bindings.postgresql share (Dapr's names). */
describe("PostgreSQL connection fields", () => {
  it("reads a postgres:// URL into its parts, query parameters included", () => {
    const { client, describe: where } = parse({ connectionString: "postgresql://app:p%40ss@db.example:6432/orders?sslmode=require&application_name=svc" });
    expect(client).toMatchObject({ host: "db.example", port: 6432, database: "orders", user: "app", password: "p@ss", application_name: "svc", ssl: { rejectUnauthorized: false } });
    expect(where).toBe("db.example:6432/orders");
  });

  it("reads libpq key=value strings, quoted values with escapes included", () => {
    expect(parseKeywordConnectionString("host=db user=app password='it\\'s a secret' dbname=orders")).toEqual({ host: "db", user: "app", password: "it's a secret", dbname: "orders" });
    const { client } = parse({ connectionString: "host=db port=5433 user=app dbname=orders connect_timeout=3 sslmode=verify-full" });
    expect(client).toMatchObject({ host: "db", port: 5433, user: "app", database: "orders", connectionTimeoutMillis: 3000, ssl: { rejectUnauthorized: true } });
  });

  it("lets separate fields refine the connection string, or stand alone", () => {
    expect(parse({ url: "postgres://app@db/orders", database: "billing", password: "pw", hostaddr: "10.0.0.5" }).client).toMatchObject({ host: "10.0.0.5", database: "billing", user: "app", password: "pw" });
    expect(parse({ host: "db", port: "5434", user: "u" }).client).toMatchObject({ host: "db", port: 5434, user: "u" });
  });

  it("reads timeout as a duration (20s by default) and timeoutInSeconds as seconds; maxConns and connectionMaxIdleTime size the pool", () => {
    expect(parse({ host: "db" }).timeoutMs).toBe(20_000);
    expect(parse({ host: "db", timeout: "1m" }).timeoutMs).toBe(60_000);
    expect(parse({ host: "db", timeoutInSeconds: "30" }).timeoutMs).toBe(30_000);
    expect(poolConfig(parse({ host: "db", maxConns: "0" }), 7).max).toBe(7);
    expect(poolConfig(parse({ host: "db", maxConns: "3", connectionMaxIdleTime: "90s" }), 7)).toMatchObject({ max: 3, idleTimeoutMillis: 90_000 });
  });

  it.each([
    [{}, "connectionString", "is required (or host)"],
    [{ connectionString: "host=db user='unterminated" }, "connectionString", "key=value"],
    [{ connectionString: "host=db port=99999" }, "connectionString", "invalid port"],
    [{ host: "db", port: "x" }, "port", "integer"],
    [{ host: "db", timeout: "soon" }, "timeout", "duration"],
    [{ host: "db", sslRootCert: "/no/such.pem" }, "sslRootCert", "neither PEM"],
  ])("%j fails naming %s", (values, field, problem) => {
    expect(() => parse(values as Record<string, string>)).toThrow(`metadata field "${field}"`);
    expect(() => parse(values as Record<string, string>)).toThrow(problem);
  });
});
