import type { MetadataField } from "../../component.js";

/** `configuration.postgresql`'s metadata (Dapr's names). */
export const POSTGRESQL_CONFIGURATION_FIELDS: readonly MetadataField[] = [
  { name: "connectionString", type: "string", required: true, sensitive: true, description: "A libpq connection string or postgres:// URL." },
  { name: "table", type: "string", required: true, description: "The table of items (key, value, version, metadata); optionally schema.table." },
  { name: "pgNotifyChannel", type: "string", aliases: ["notifyChannel"], default: "config", description: "The LISTEN/NOTIFY channel a trigger on the table notifies." },
  { name: "timeout", type: "duration", aliases: ["timeoutInSeconds"], default: "20s", description: "Connection and query timeout." },
  { name: "maxConns", type: "number", default: "5", description: "Connections in the pool." },
];
