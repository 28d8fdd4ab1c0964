import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { KAFKA_PUBSUB_FIELDS } from "../../pkg/components/pubsub/kafka/fields.js";
import { KAFKA_DEFAULTS, parseKafkaMetadata } from "../../pkg/components/pubsub/kafka/metadata.js";
import { PartitionOffsets } from "../../pkg/components/pubsub/kafka/offsets.js";

const parse = (values: Record<string, string>): ReturnType<typeof parseKafkaMetadata> => parseKafkaMetadata(ComponentMetadata.of("bus", "pubsub.kafka", values), "my-app");
const base = { brokers: "a:9092, b:9092", authType: "none" };

describe("pubsub.kafka metadata", () => {
  it("reads Dapr's names with Dapr's defaults; the consumer group defaults to the app id", () => {
    expect(parse(base)).toMatchObject({
      brokers: ["a:9092", "b:9092"],
      clientId: "sarama",
      consumerGroup: "my-app",
      authType: "none",
      tls: true,
      initialOffset: "newest",
      maxMessageBytes: KAFKA_DEFAULTS.maxMessageBytes,
      heartbeatIntervalMs: 3000,
      sessionTimeoutMs: 10_000,
      consumeRetryIntervalMs: 100,
      publishMaxRetries: 5,
      acks: -1,
      compression: "none",
      topicPartitions: -1,
    });
    expect(parse({ ...base, consumerGroup: "g", clientID: "c", disableTls: "true", initialOffset: "OLDEST", maxMessageBytes: "2048", compression: "gzip", producerRequiredAcks: "local", heartbeatInterval: "1s", sessionTimeout: "6s" })).toMatchObject({
      consumerGroup: "g",
      clientId: "c",
      tls: false,
      initialOffset: "oldest",
      maxMessageBytes: 2048,
      compression: "gzip",
      acks: 1,
      heartbeatIntervalMs: 1000,
      sessionTimeoutMs: 6000,
    });
    expect(parse({ ...base, authType: "password", saslUsername: "u", saslPassword: "p", saslMechanism: "SCRAM-SHA-512" }).sasl).toEqual({ mechanism: "scram-sha-512", username: "u", password: "p" });
    expect(parse({ ...base, authType: "password", saslUsername: "u", saslPassword: "p" }).sasl?.mechanism).toBe("plain");
    expect(parse({ ...base, authType: "oidc", oidcTokenEndpoint: "https://idp/token", oidcClientID: "c", oidcClientSecret: "s", oidcExtensions: '{"logicalCluster":"lkc-1"}' }).oidc).toEqual({ tokenEndpoint: "https://idp/token", clientId: "c", clientSecret: "s", scopes: ["openid"], extensions: { logicalCluster: "lkc-1" } });
  });

  it.each([
    [{ authType: "none" }, /"brokers" is required/],
    [{ brokers: "a" , authType: "none" }, /"brokers" must list host:port entries, got "a"/],
    [{ brokers: "a:1" }, /"authType" is required/],
    [{ ...base, authType: "kerberos" }, /"authType" must be one of none, password, mtls, oidc, certificate, got "kerberos"/],
    [{ ...base, initialOffset: "latest" }, /"initialOffset" must be newest or oldest, got "latest"/],
    [{ ...base, authType: "password", saslPassword: "p" }, /"saslUsername" is required with authType password/],
    [{ ...base, authType: "password", saslUsername: "u", saslPassword: "p", saslMechanism: "GSSAPI" }, /"saslMechanism" must be/],
    [{ ...base, authType: "oidc", oidcTokenEndpoint: "x", oidcClientID: "c" }, /"oidcClientSecret" is required/],
    [{ ...base, authType: "mtls", clientCert: "-----BEGIN CERTIFICATE-----" }, /"clientKey" is required with the other/],
    [{ ...base, caCert: "not a pem" }, /"caCert" must be PEM text/],
    [{ ...base, compression: "zstd" }, /"compression" must be none or gzip/],
    [{ ...base, maxMessageBytes: "0" }, /"maxMessageBytes" must be at least 1/],
    [{ ...base, heartbeatInterval: "10s" }, /"heartbeatInterval" must be below sessionTimeout/],
    [{ ...base, sessionTimeout: "soon" }, /"sessionTimeout" must be a duration/],
  ])("rejects %j naming the field", (values, message) => {
    expect(() => parse(values as Record<string, string>)).toThrow(message);
  });

  it("describes every field it reads in fields.ts", () => {
    const described = new Set(KAFKA_PUBSUB_FIELDS.map((f) => f.name));
    for (const name of ["brokers", "consumerGroup", "clientID", "authType", "saslUsername", "saslPassword", "saslMechanism", "disableTls", "caCert", "clientCert", "clientKey", "initialOffset", "maxMessageBytes", "consumeRetryInterval", "version", "heartbeatInterval", "sessionTimeout", "compression", "publishMaxRetries", "topicPartitions", "revocationTimeout"]) {
      expect(described).toContain(name);
    }
  });
});

describe("a partition's committable offset", () => {
  it("stays at the lowest unsettled offset, so a record being retried is never committed past", () => {
    const offsets = new PartitionOffsets();
    expect(offsets.committable()).toBeUndefined();
    for (const o of [10n, 11n, 12n, 13n]) offsets.track(o);
    offsets.settle(11n);
    offsets.settle(12n);
    expect(offsets.committable()).toBe(10n);
    offsets.markCommitted(10n);
    expect(offsets.committable()).toBeUndefined();
    offsets.settle(10n);
    expect(offsets.committable()).toBe(13n);
    expect(offsets.firstUnsettled()).toBe(13n);
    offsets.settle(13n);
    expect(offsets.committable()).toBe(14n);
    expect(offsets.firstUnsettled()).toBeUndefined();
  });
});
