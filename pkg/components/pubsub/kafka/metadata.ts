import type { ComponentMetadata } from "../../metadata.js";
import { positiveDurationMs } from "../metadata.js";

export type KafkaAuthType = "none" | "password" | "mtls" | "oidc" | "certificate";
export type SaslMechanism = "plain" | "scram-sha-256" | "scram-sha-512";

/** Typed settings of `pubsub.kafka` and `bindings.kafka` (Dapr's metadata names; see fields.ts). */
export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  consumerGroup: string;
  authType: KafkaAuthType;
  sasl?: { mechanism: SaslMechanism; username: string; password: string };
  oidc?: { tokenEndpoint: string; clientId: string; clientSecret: string; scopes: string[]; extensions: Record<string, string> };
  tls: boolean;
  skipVerify: boolean;
  caCert?: string;
  clientCert?: string;
  clientKey?: string;
  dialTimeoutMs: number;
  maxMessageBytes: number;
  compression: "none" | "gzip";
  publishMaxRetries: number;
  /** Kafka's acks: -1 all in-sync replicas, 1 the leader, 0 none. */
  acks: -1 | 1 | 0;
  initialOffset: "newest" | "oldest";
  heartbeatIntervalMs: number;
  sessionTimeoutMs: number;
  consumeRetryIntervalMs: number;
  revocationTimeoutMs: number;
  topicPartitions: number;
  topicReplicationFactor: number;
}

export const KAFKA_DEFAULTS = {
  clientId: "sarama",
  dialTimeoutMs: 30_000,
  // sarama's Producer.MaxMessageBytes, which Dapr keeps when the field is unset.
  maxMessageBytes: 1_000_000,
  publishMaxRetries: 5,
  heartbeatIntervalMs: 3000,
  sessionTimeoutMs: 10_000,
  consumeRetryIntervalMs: 100,
  revocationTimeoutMs: 30_000,
} as const;

const AUTH_TYPES: readonly KafkaAuthType[] = ["none", "password", "mtls", "oidc", "certificate"];
const MECHANISMS: Record<string, SaslMechanism> = { plaintext: "plain", plain: "plain", "scram-sha-256": "scram-sha-256", "scram-sha-512": "scram-sha-512" };
const ACKS: Record<string, -1 | 1 | 0> = { all: -1, local: 1, none: 0 };

/**
 * Parses and checks the connection and consumer metadata; every error names the component and the field.
 * `appId` is the consumer group's default: the app id names the group, as in Dapr.
 */
export function parseKafkaMetadata(metadata: ComponentMetadata, appId: string): KafkaSettings {
  const brokers = metadata
    .requireString("brokers")
    .split(",")
    .map((b) => b.trim())
    .filter((b) => b !== "");
  for (const broker of brokers) if (!/^[^\s:]+:\d{1,5}$/.test(broker)) throw metadata.error("brokers", `must list host:port entries, got ${JSON.stringify(broker)}`);
  if (brokers.length === 0) throw metadata.error("brokers", "must list at least one host:port");

  // Dapr requires authType (components-contrib: "'authType' attribute was missing or empty").
  const authRaw = metadata.requireString("authType").trim().toLowerCase();
  if (!(AUTH_TYPES as readonly string[]).includes(authRaw)) throw metadata.error("authType", `must be one of ${AUTH_TYPES.join(", ")}, got ${JSON.stringify(authRaw)}`);
  const authType = authRaw as KafkaAuthType;

  const settings: KafkaSettings = {
    brokers,
    clientId: metadata.string("clientID", ["clientId"]) ?? KAFKA_DEFAULTS.clientId,
    consumerGroup: (metadata.string("consumerGroup", ["consumerID"]) ?? appId).trim(),
    authType,
    tls: !metadata.bool("disableTls", false),
    skipVerify: metadata.bool("skipVerify", false),
    caCert: metadata.pem("caCert"),
    clientCert: metadata.pem("clientCert"),
    clientKey: metadata.pem("clientKey"),
    dialTimeoutMs: positiveDurationMs(metadata, "dialTimeout", KAFKA_DEFAULTS.dialTimeoutMs),
    maxMessageBytes: metadata.int("maxMessageBytes", KAFKA_DEFAULTS.maxMessageBytes, { min: 1 }),
    compression: compression(metadata),
    publishMaxRetries: metadata.int("publishMaxRetries", KAFKA_DEFAULTS.publishMaxRetries, { min: 0, max: 100 }, ["producerRetryMax"]),
    acks: acks(metadata),
    initialOffset: initialOffset(metadata),
    heartbeatIntervalMs: positiveDurationMs(metadata, "heartbeatInterval", KAFKA_DEFAULTS.heartbeatIntervalMs),
    sessionTimeoutMs: positiveDurationMs(metadata, "sessionTimeout", KAFKA_DEFAULTS.sessionTimeoutMs),
    consumeRetryIntervalMs: metadata.durationMs("consumeRetryInterval", KAFKA_DEFAULTS.consumeRetryIntervalMs),
    revocationTimeoutMs: positiveDurationMs(metadata, "revocationTimeout", KAFKA_DEFAULTS.revocationTimeoutMs),
    topicPartitions: metadata.int("topicPartitions", -1, { min: -1, max: 10_000 }),
    topicReplicationFactor: metadata.int("topicReplicationFactor", -1, { min: -1, max: 100 }),
  };
  metadata.bool("consumeRetryEnabled", false);
  if (/\s/.test(settings.consumerGroup) || settings.consumerGroup === "") throw metadata.error("consumerGroup", "must be a non-empty name without whitespace");
  if (settings.heartbeatIntervalMs >= settings.sessionTimeoutMs) throw metadata.error("heartbeatInterval", `must be below sessionTimeout (${settings.sessionTimeoutMs}ms)`);
  if (settings.topicPartitions === 0) throw metadata.error("topicPartitions", "must be -1 (the broker's default) or at least 1");
  if (settings.topicReplicationFactor === 0) throw metadata.error("topicReplicationFactor", "must be -1 (the broker's default) or at least 1");

  if (authType === "password") {
    const username = metadata.string("saslUsername");
    const password = metadata.string("saslPassword");
    if (!username) throw metadata.error("saslUsername", "is required with authType password");
    if (!password) throw metadata.error("saslPassword", "is required with authType password");
    const raw = (metadata.string("saslMechanism") ?? "PLAINTEXT").trim().toLowerCase();
    const mechanism = MECHANISMS[raw];
    if (!mechanism) throw metadata.error("saslMechanism", `must be PLAINTEXT, PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512, got ${JSON.stringify(raw)}`);
    settings.sasl = { mechanism, username, password };
  } else if (authType === "oidc") {
    const tokenEndpoint = metadata.string("oidcTokenEndpoint");
    const clientId = metadata.string("oidcClientID");
    const clientSecret = metadata.string("oidcClientSecret");
    if (!tokenEndpoint) throw metadata.error("oidcTokenEndpoint", "is required with authType oidc");
    if (!clientId) throw metadata.error("oidcClientID", "is required with authType oidc");
    if (!clientSecret) throw metadata.error("oidcClientSecret", "is required with authType oidc");
    settings.oidc = { tokenEndpoint, clientId, clientSecret, scopes: (metadata.string("oidcScopes") ?? "openid").split(",").map((s) => s.trim()).filter((s) => s !== ""), extensions: extensions(metadata) };
  } else if (authType === "mtls") {
    if ((settings.clientCert === undefined) !== (settings.clientKey === undefined)) throw metadata.error(settings.clientCert ? "clientKey" : "clientCert", "is required with the other for authType mtls");
  } else if (authType === "certificate" && !settings.caCert) {
    throw metadata.error("caCert", "is required with authType certificate");
  }
  return settings;
}

function initialOffset(metadata: ComponentMetadata): "newest" | "oldest" {
  const raw = (metadata.string("initialOffset") ?? "newest").trim().toLowerCase();
  if (raw !== "newest" && raw !== "oldest") throw metadata.error("initialOffset", `must be newest or oldest, got ${JSON.stringify(raw)}`);
  return raw;
}

function compression(metadata: ComponentMetadata): "none" | "gzip" {
  const raw = (metadata.string("compression") ?? "none").trim().toLowerCase();
  // snappy, lz4 and zstd need native codecs the client does not ship; gzip is built in.
  if (raw !== "none" && raw !== "gzip") throw metadata.error("compression", `must be none or gzip, got ${JSON.stringify(raw)}`);
  return raw;
}

function acks(metadata: ComponentMetadata): -1 | 1 | 0 {
  const raw = (metadata.string("producerRequiredAcks") ?? "all").trim().toLowerCase();
  const value = ACKS[raw];
  if (value === undefined) throw metadata.error("producerRequiredAcks", `must be all, local or none, got ${JSON.stringify(raw)}`);
  return value;
}

function extensions(metadata: ComponentMetadata): Record<string, string> {
  const raw = metadata.string("oidcExtensions");
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw metadata.error("oidcExtensions", "must be a JSON object of strings");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === "string")) {
    throw metadata.error("oidcExtensions", "must be a JSON object of strings");
  }
  return { ...(parsed as Record<string, string>) };
}
