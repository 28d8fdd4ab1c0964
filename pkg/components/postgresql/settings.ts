import { existsSync, readFileSync } from "node:fs";
import type { ClientConfig, PoolConfig } from "pg";
import type { ComponentMetadata } from "../metadata.js";

/** How a PostgreSQL component reaches its server, from Dapr's metadata names; shared by configuration.postgresql and bindings.postgresql. */
export interface PostgresConnectionSettings {
  /** For a pg.Client (a LISTEN connection) or, with `pool`, a pg.Pool. */
  client: ClientConfig;
  timeoutMs: number;
  /** maxConns when set above 0; otherwise the component chooses. */
  maxConns?: number;
  idleTimeoutMs?: number;
  /** Host and database for messages, without credentials. */
  describe: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * libpq's key=value connection string (`host=db user=app password='a b' port=5432`), the form most Dapr
 * manifests use; node-postgres reads URLs only. Values may be single-quoted with `\'` and `\\` escapes.
 */
export function parseKeywordConnectionString(text: string): Record<string, string> | undefined {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const pair = /\s*([A-Za-z_]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|([^\s']*))\s*/y;
  let at = 0;
  while (at < text.length) {
    pair.lastIndex = at;
    const match = pair.exec(text);
    if (!match || pair.lastIndex === at) return undefined;
    values[match[1]!.toLowerCase()] = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3]!;
    at = pair.lastIndex;
  }
  return values;
}

/** A postgres:// URL as the same keywords, so that separate fields can refine it (node-postgres would let the URL win). */
function urlValues(text: string): Record<string, string> | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of url.searchParams) values[key.toLowerCase()] = value;
  if (url.hostname) values["host"] = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ""));
  if (url.port) values["port"] = url.port;
  if (url.pathname.length > 1) values["dbname"] = decodeURIComponent(url.pathname.slice(1));
  if (url.username) values["user"] = decodeURIComponent(url.username);
  if (url.password) values["password"] = decodeURIComponent(url.password);
  return values;
}

function keywordConfig(values: Record<string, string>): ClientConfig {
  const config: ClientConfig = {};
  if (values["host"] !== undefined) config.host = values["host"];
  if (values["hostaddr"] !== undefined) config.host = values["hostaddr"];
  if (values["port"] !== undefined) config.port = Number(values["port"]);
  const database = values["dbname"] ?? values["database"];
  if (database !== undefined) config.database = database;
  if (values["user"] !== undefined) config.user = values["user"];
  if (values["password"] !== undefined) config.password = values["password"];
  if (values["connect_timeout"] !== undefined) config.connectionTimeoutMillis = Number(values["connect_timeout"]) * 1000;
  if (values["application_name"] !== undefined) config.application_name = values["application_name"];
  const sslmode = values["sslmode"];
  if (sslmode === "require" || sslmode === "prefer") config.ssl = { rejectUnauthorized: false };
  else if (sslmode === "verify-ca" || sslmode === "verify-full") config.ssl = { rejectUnauthorized: true };
  return config;
}

function pemOrFile(metadata: ComponentMetadata, field: string, value: string): string {
  if (value.includes("-----BEGIN")) return value;
  if (!existsSync(value)) throw metadata.error(field, "is neither PEM text nor the path of a readable file");
  return readFileSync(value, "utf8");
}

/** Parses the connection fields; every error names the component and the field. */
export function parsePostgresConnection(metadata: ComponentMetadata): PostgresConnectionSettings {
  const connectionString = metadata.string("connectionString", ["url"]);
  const host = metadata.string("host");
  const hostaddr = metadata.string("hostaddr");
  if (connectionString === undefined && host === undefined && hostaddr === undefined) throw metadata.error("connectionString", "is required (or host)");
  let client: ClientConfig = {};
  if (connectionString !== undefined) {
    const trimmed = connectionString.trim();
    const values = /^postgres(ql)?:\/\//.test(trimmed) ? urlValues(trimmed) : parseKeywordConnectionString(trimmed);
    if (!values) throw metadata.error("connectionString", "must be a postgres:// URL or key=value pairs (host=... user=... database=...)");
    client = keywordConfig(values);
    if (client.port !== undefined && !(Number.isInteger(client.port) && client.port > 0 && client.port < 65_536)) throw metadata.error("connectionString", "has an invalid port");
  }
  // Separate fields refine the connection string, as Dapr appends them to it.
  if (host !== undefined) client.host = host;
  if (hostaddr !== undefined) client.host = hostaddr;
  if (metadata.string("port") !== undefined) client.port = metadata.int("port", 5432, { min: 1, max: 65_535 });
  const database = metadata.string("database");
  if (database !== undefined) client.database = database;
  const user = metadata.string("user");
  if (user !== undefined) client.user = user;
  const password = metadata.string("password");
  if (password !== undefined) client.password = password;
  const rootCert = metadata.string("sslRootCert");
  if (rootCert !== undefined) client.ssl = { ca: pemOrFile(metadata, "sslRootCert", rootCert), rejectUnauthorized: true };
  const timeoutMs = parseTimeout(metadata);
  client.connectionTimeoutMillis ??= timeoutMs;
  client.query_timeout = timeoutMs;
  const maxConns = metadata.int("maxConns", 0);
  const idleRaw = metadata.string("connectionMaxIdleTime");
  return {
    client,
    timeoutMs,
    maxConns: maxConns > 0 ? maxConns : undefined,
    idleTimeoutMs: idleRaw === undefined ? undefined : metadata.durationMs("connectionMaxIdleTime", 0),
    describe: describe(client),
  };
}

/** `timeout` is a duration (`20s`); Dapr's older `timeoutInSeconds` is a number of seconds. */
function parseTimeout(metadata: ComponentMetadata): number {
  const seconds = metadata.string("timeoutInSeconds");
  if (metadata.string("timeout") === undefined && seconds !== undefined && /^\d+$/.test(seconds.trim())) return Number(seconds) * 1000;
  return metadata.durationMs("timeout", DEFAULT_TIMEOUT_MS, ["timeoutInSeconds"]);
}

/** A pool over the connection with the component's default size when maxConns does not set one. */
export function poolConfig(settings: PostgresConnectionSettings, defaultMax: number): PoolConfig {
  return { ...settings.client, max: settings.maxConns ?? defaultMax, ...(settings.idleTimeoutMs !== undefined ? { idleTimeoutMillis: settings.idleTimeoutMs } : {}) };
}

function describe(client: ClientConfig): string {
  return `${client.host ?? "localhost"}:${client.port ?? 5432}/${client.database ?? ""}`;
}
