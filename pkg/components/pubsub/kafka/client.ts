import { Kafka, logLevel, type KafkaConfig, type LogEntry, type SASLOptions } from "kafkajs";
import type { Logger } from "../../../diagnostics/logger.js";
import type { KafkaSettings } from "./metadata.js";

/**
 * The kafkajs client of a component: connection, TLS and SASL from the settings; its log lines go to the
 * component's logger (warnings and errors only: kafkajs logs every reconnect attempt at error level, which
 * the component reports once through health instead).
 */
export function kafkaClient(settings: KafkaSettings, logger: Logger, { retries = settings.publishMaxRetries } = {}): Kafka {
  const config: KafkaConfig = {
    clientId: settings.clientId,
    brokers: settings.brokers,
    connectionTimeout: settings.dialTimeoutMs,
    // A publish fails within about a second per retry while a leader is being elected, rather than waiting for ever.
    requestTimeout: 10_000,
    retry: { retries, initialRetryTime: 100, maxRetryTime: 2000 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const text = `kafka ${entry.namespace}: ${entry.log.message}${entry.log["error"] ? ` (${String(entry.log["error"])})` : ""}`;
      if (entry.level === logLevel.ERROR || entry.level === logLevel.WARN) logger.debug(text);
    },
  };
  if (settings.tls) {
    config.ssl = {
      rejectUnauthorized: !settings.skipVerify,
      ...(settings.caCert ? { ca: [settings.caCert] } : {}),
      ...(settings.clientCert && settings.clientKey ? { cert: settings.clientCert, key: settings.clientKey } : {}),
    };
  }
  const sasl = saslOptions(settings);
  if (sasl) config.sasl = sasl;
  return new Kafka(config);
}

function saslOptions(settings: KafkaSettings): SASLOptions | undefined {
  if (settings.sasl) {
    const { mechanism, username, password } = settings.sasl;
    return { mechanism, username, password } as SASLOptions;
  }
  if (settings.oidc) {
    const oidc = settings.oidc;
    return { mechanism: "oauthbearer", oauthBearerProvider: () => clientCredentialsToken(oidc) };
  }
  return undefined;
}

/** OAuth2 client credentials (RFC 6749 4.4), as Dapr's oidc authType does, for SASL OAUTHBEARER. */
async function clientCredentialsToken(oidc: NonNullable<KafkaSettings["oidc"]>): Promise<{ value: string; extensions?: Record<string, string> }> {
  const body = new URLSearchParams({ grant_type: "client_credentials", scope: oidc.scopes.join(" ") });
  const response = await fetch(oidc.tokenEndpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(oidc.clientSecret)}`).toString("base64")}` },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the OIDC token endpoint answered ${response.status}`);
  const token = (await response.json()) as { access_token?: unknown };
  if (typeof token.access_token !== "string") throw new Error("the OIDC token endpoint's answer has no access_token");
  return { value: token.access_token, ...(Object.keys(oidc.extensions).length > 0 ? { extensions: oidc.extensions } : {}) };
}
