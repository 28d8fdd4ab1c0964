import type { MetadataField } from "../../component.js";
import { MAX_DELIVERY_DELAY_FIELD } from "../fields.js";

/** Connection fields `pubsub.kafka` and `bindings.kafka` share (components-contrib `common/component/kafka`). */
export const KAFKA_CONNECTION_FIELDS: readonly MetadataField[] = [
  { name: "brokers", type: "string", required: true, description: "Comma-separated host:port list of bootstrap brokers." },
  { name: "clientID", type: "string", default: "\"sarama\"", aliases: ["clientId"], description: "Client id the brokers see in their logs and quotas (Dapr's default kept)." },
  { name: "authType", type: "enum", required: true, allowed: ["none", "password", "mtls", "oidc", "certificate"], description: "How to authenticate: none; password (SASL with saslUsername/saslPassword/saslMechanism); mtls (clientCert/clientKey); oidc (SASL OAUTHBEARER with a client-credentials token); certificate (TLS with caCert only)." },
  { name: "saslUsername", type: "string", description: "SASL user (authType password)." },
  { name: "saslPassword", type: "string", sensitive: true, description: "SASL password (authType password)." },
  { name: "saslMechanism", type: "enum", default: "\"PLAINTEXT\"", allowed: ["PLAINTEXT", "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"], description: "SASL mechanism; PLAINTEXT (Dapr's default name) means PLAIN." },
  { name: "oidcTokenEndpoint", type: "string", description: "OAuth2 token endpoint (authType oidc)." },
  { name: "oidcClientID", type: "string", description: "OAuth2 client id (authType oidc)." },
  { name: "oidcClientSecret", type: "string", sensitive: true, description: "OAuth2 client secret (authType oidc)." },
  { name: "oidcScopes", type: "string", default: "\"openid\"", description: "Comma-separated scopes of the token request." },
  { name: "oidcExtensions", type: "string", description: "JSON object of SASL extensions sent with the token." },
  { name: "disableTls", type: "bool", default: "\"false\"", description: "Plain TCP instead of TLS to the brokers." },
  { name: "skipVerify", type: "bool", default: "\"false\"", description: "Accept any broker certificate (testing only)." },
  { name: "caCert", type: "string", description: "PEM of the CA that signed the brokers' certificates." },
  { name: "clientCert", type: "string", description: "PEM client certificate (authType mtls)." },
  { name: "clientKey", type: "string", sensitive: true, description: "PEM client key (authType mtls)." },
  { name: "version", type: "string", default: "\"2.0.0.0\"", description: "Accepted for Dapr manifests: the client negotiates each request's version with the broker (ApiVersions)." },
  { name: "dialTimeout", type: "duration", default: "\"30s\"", description: "Connection timeout per broker." },
  { name: "maxMessageBytes", type: "number", default: "\"1000000\"", description: "Largest record (value, key and headers) a publish sends; a larger one fails with a message naming the limit." },
  { name: "compression", type: "enum", default: "\"none\"", allowed: ["none", "gzip"], description: "Producer compression codec." },
  { name: "publishMaxRetries", type: "number", default: "\"5\"", aliases: ["producerRetryMax"], description: "Times the producer retries a send that failed with a retriable error (leader election, timeout) before the publish fails." },
  { name: "producerRequiredAcks", type: "enum", default: "\"all\"", allowed: ["all", "local", "none"], description: "all: every in-sync replica stored the record; local: the leader did; none: fire and forget (a lost record goes unnoticed)." },
  { name: "initialOffset", type: "enum", default: "\"newest\"", allowed: ["newest", "oldest"], description: "Where a consumer group with no committed offset for a partition starts." },
  { name: "heartbeatInterval", type: "duration", default: "\"3s\"", description: "Consumer group heartbeat." },
  { name: "sessionTimeout", type: "duration", default: "\"10s\"", description: "A consumer silent this long leaves the group (its partitions move to the others)." },
  { name: "consumeRetryInterval", type: "duration", default: "\"100ms\"", description: "Wait before a message whose handling failed is handed over again; its partition's offset stays behind it meanwhile." },
  { name: "consumeRetryEnabled", type: "bool", default: "\"false\"", description: "Accepted for Dapr manifests: a failed message is always retried in place (at-least-once)." },
  { name: "revocationTimeout", type: "duration", default: "\"30s\"", description: "How long a rebalance waits for the in-flight messages of a revoked partition to settle; after it their offsets stay uncommitted and the new owner gets them again." },
  { name: "topicPartitions", type: "number", default: "\"-1\"", description: "Partitions of a topic created on first use (-1: the broker's num.partitions)." },
  { name: "topicReplicationFactor", type: "number", default: "\"-1\"", description: "Replication factor of a topic created on first use (-1: the broker's default.replication.factor)." },
];

/** `pubsub.kafka` metadata (components-contrib `pubsub/kafka/metadata.yaml`). */
export const KAFKA_PUBSUB_FIELDS: readonly MetadataField[] = [
  ...KAFKA_CONNECTION_FIELDS,
  { name: "consumerGroup", type: "string", aliases: ["consumerID"], description: "The consumer group of every subscription; default the app id, so replicas share the partitions." },
  { name: "concurrencyMode", type: "enum", default: "\"single\"", allowed: ["single", "parallel"], description: "single: a partition's records reach the app one at a time, in offset order; parallel: up to 100 of a partition at once. A subscription's metadata may set it too." },
  MAX_DELIVERY_DELAY_FIELD,
  { name: "delayTopic", type: "string", default: "\"runtime-delayed\"", description: "The topic that holds delayed messages until their time (12 partitions, one per delay level); its mover group is `<delayTopic>-mover`. Every component of the cluster that shares it shares the movers." },
];
