import type { ComponentMetadata } from "../../metadata.js";

export interface RabbitMQBindingSettings {
  url: string;
  /** The URL without its password, for messages. */
  safeUrl: string;
  queueName: string;
  durable: boolean;
  deleteWhenUnused: boolean;
  exclusive: boolean;
  prefetchCount: number;
  maxPriority?: number;
  queueTtlMs?: number;
  contentType: string;
  reconnectWaitMs: number;
  ca?: string;
  cert?: string;
  key?: string;
  externalSasl: boolean;
}

function pem(metadata: ComponentMetadata, field: string): string | undefined {
  const value = metadata.string(field);
  if (value !== undefined && !/-----BEGIN [A-Z0-9 ]+-----/.test(value)) throw metadata.error(field, "must be PEM text (-----BEGIN ...)");
  return value;
}

/** Dapr's `reconnectWaitInSeconds`: a bare number is seconds; a duration (`500ms`) is taken as written. */
function reconnectWait(metadata: ComponentMetadata): number {
  const raw = metadata.string("reconnectWaitInSeconds")?.trim();
  if (raw !== undefined && /^\d+$/.test(raw)) return Number(raw) * 1000;
  const ms = metadata.durationMs("reconnectWaitInSeconds", 5000);
  if (ms <= 0) throw metadata.error("reconnectWaitInSeconds", "must be greater than 0");
  return ms;
}

export function parseRabbitMQBinding(metadata: ComponentMetadata): RabbitMQBindingSettings {
  const url = metadata.requireString("host").trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw metadata.error("host", "must be an AMQP URL such as amqp://user:password@host:5672");
  }
  if (parsed.protocol !== "amqp:" && parsed.protocol !== "amqps:") throw metadata.error("host", `must be an amqp:// or amqps:// URL, got scheme ${JSON.stringify(parsed.protocol.slice(0, -1))}`);
  if (parsed.password) parsed.password = "***";
  const maxPriorityRaw = metadata.string("maxPriority");
  const ttlSeconds = metadata.string("ttlInSeconds", ["ttl"]) === undefined ? undefined : metadata.int("ttlInSeconds", 0, { min: 0 }, ["ttl"]);
  const cert = pem(metadata, "clientCert");
  const key = pem(metadata, "clientKey");
  if ((cert === undefined) !== (key === undefined)) throw metadata.error(cert === undefined ? "clientCert" : "clientKey", "is required with the other half of the client certificate");
  return {
    url,
    safeUrl: parsed.toString(),
    queueName: metadata.requireString("queueName"),
    durable: metadata.bool("durable", false),
    deleteWhenUnused: metadata.bool("deleteWhenUnused", false),
    exclusive: metadata.bool("exclusive", false),
    prefetchCount: metadata.int("prefetchCount", 0, { min: 0, max: 65_535 }),
    // Dapr caps a larger value at 255, RabbitMQ's limit.
    maxPriority: maxPriorityRaw === undefined ? undefined : Math.min(255, metadata.int("maxPriority", 0, { min: 0 })),
    queueTtlMs: ttlSeconds === undefined ? undefined : ttlSeconds * 1000,
    contentType: metadata.string("contentType") ?? "text/plain",
    reconnectWaitMs: reconnectWait(metadata),
    ca: pem(metadata, "caCert"),
    cert,
    key,
    externalSasl: metadata.bool("externalSasl", false, ["saslExternal"]),
  };
}
