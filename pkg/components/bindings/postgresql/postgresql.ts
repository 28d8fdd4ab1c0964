import pg from "pg";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { parsePostgresConnection, poolConfig } from "../../postgresql/settings.js";
import { parseJson } from "../../../util/json.js";
import { requestValue } from "../request.js";
import { BindingRequestError, type InvokeRequest, type InvokeResponse } from "../types.js";

const OPERATIONS = ["exec", "query", "close"] as const;
const QUERY_EXEC_MODES = ["cache_statement", "cache_describe", "describe_exec", "exec", "simple_protocol"];
const INT8_OID = 20;

/** Dapr's default pool size: the greater of 4 and the number of CPUs (pgxpool's). */
const defaultPoolSize = (): number => Math.max(4, (globalThis.navigator?.hardwareConcurrency as number | undefined) ?? 4);

/** Values as Dapr's JSON of pgx rows has them: int8 as a number where it fits, bytea as base64, times as RFC 3339. */
function jsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString("base64");
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonValue);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8_OID) {
      return (text: string): number | string => {
        const n = Number(text);
        return Number.isSafeInteger(n) ? n : text;
      };
    }
    return (pg.types.getTypeParser as (oid: number, format?: "text" | "binary") => unknown)(oid, format);
  }) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * `bindings.postgresql` (Dapr's `bindings.postgres` too): `exec` runs a statement and answers the
 * rows it affected, `query` answers the rows as JSON arrays, `close` ends the pool. The statement is
 * `metadata.sql`, exactly as given, with `metadata.params` (a JSON array) bound as `$1`, `$2`...: no
 * SQL is ever built from request values.
 */
export class PostgresBinding {
  private pool?: pg.Pool;
  private closed = false;

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parsePostgresConnection(metadata);
    if (settings.timeoutMs < 1000) throw metadata.error("timeout", "must be at least 1s");
    const mode = metadata.string("queryExecMode");
    if (mode !== undefined && !QUERY_EXEC_MODES.includes(mode)) throw metadata.error("queryExecMode", `must be one of ${QUERY_EXEC_MODES.join(", ")}, got ${JSON.stringify(mode)}`);
    const pool = new pg.Pool(poolConfig(settings, defaultPoolSize()));
    pool.on("error", (error) => this.context.logger.warn(`postgresql idle connection: ${error.message}`));
    this.pool = pool;
    try {
      await pool.query("SELECT 1");
    } catch (error) {
      throw new Error(`cannot reach PostgreSQL at ${settings.describe}: ${(error as Error).message}`);
    }
  }

  features(): string[] {
    return ["output"];
  }

  operations(): string[] {
    return [...OPERATIONS];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    if (!(OPERATIONS as readonly string[]).includes(request.operation)) throw new BindingRequestError(`unsupported operation ${request.operation}; postgresql supports ${OPERATIONS.join(", ")}`);
    // close succeeds on a closed component too, as Dapr's does.
    if (request.operation === "close") {
      await this.close();
      return {};
    }
    const pool = this.pool;
    if (this.closed || !pool) throw new Error("component is closed");
    const sql = requestValue(request.metadata, "sql");
    if (sql === undefined) throw new BindingRequestError(`metadata.sql is required for operation ${request.operation}`);
    const params = parseParams(requestValue(request.metadata, "params"));
    const started = new Date();
    const metadata: Record<string, string> = { operation: request.operation, sql, "start-time": started.toISOString() };
    let data: unknown;
    if (request.operation === "exec") {
      const result = await pool.query({ text: sql, values: params, types });
      metadata["rows-affected"] = String(result.rowCount ?? 0);
    } else {
      const result = await pool.query({ text: sql, values: params, rowMode: "array", types });
      data = (result.rows as unknown[][]).map((row) => row.map(jsonValue));
    }
    const ended = new Date();
    metadata["end-time"] = ended.toISOString();
    metadata["duration"] = goDuration(ended.getTime() - started.getTime());
    return data === undefined ? { metadata } : { data, metadata };
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }
}

/** `metadata.params`: a JSON array of values bound in order; anything else is a bad request. */
function parseParams(raw: string | undefined): unknown[] {
  if (raw === undefined) return [];
  let parsed: unknown;
  try {
    parsed = parseJson(raw);
  } catch (error) {
    throw new BindingRequestError(`metadata.params must be a JSON array: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new BindingRequestError("metadata.params must be a JSON array");
  // An object or array parameter goes as its JSON text (for json/jsonb columns), as pgx encodes a map.
  return parsed.map((p: unknown) => (p !== null && typeof p === "object" ? JSON.stringify(p) : p));
}

/** Go's time.Duration.String() for whole milliseconds ("1.5s", "12ms", "0s"). */
function goDuration(ms: number): string {
  if (ms === 0) return "0s";
  if (ms < 1000) return `${ms}ms`;
  return `${ms / 1000}s`;
}
