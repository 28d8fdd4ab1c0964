import type { MetadataField } from "../component.js";

/** The connection fields every PostgreSQL component reads (settings.ts), Dapr's names (components-contrib common/authentication/postgresql). */
export const POSTGRES_CONNECTION_FIELDS: readonly MetadataField[] = [
  {
    name: "connectionString",
    type: "string",
    aliases: ["url"],
    sensitive: true,
    description: "A postgres:// URL or a libpq key=value string (host=... user=... password=... port=... database=...); required unless host is set",
  },
  { name: "host", type: "string", description: "Server host, instead of a connectionString (or overriding its host)" },
  { name: "hostaddr", type: "string", description: "Server IP address, used instead of host to connect" },
  { name: "port", type: "number", description: "Server port (5432 when neither this nor the connectionString sets one)" },
  { name: "database", type: "string", description: "Database name" },
  { name: "user", type: "string", description: "User name" },
  { name: "password", type: "string", sensitive: true, description: "Password" },
  { name: "sslRootCert", type: "string", description: "CA certificate (PEM text or a file path) the server's certificate must chain to; turns TLS on" },
  { name: "timeout", type: "duration", aliases: ["timeoutInSeconds"], default: "20s", description: "How long connecting and each query may take (a bare number under timeoutInSeconds is seconds)" },
  { name: "maxConns", type: "number", description: "Pool size; 0 or less: the component's default" },
  { name: "connectionMaxIdleTime", type: "duration", description: "How long an idle pooled connection is kept; the driver's default (10s) otherwise" },
];
