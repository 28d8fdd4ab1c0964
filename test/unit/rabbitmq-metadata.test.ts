import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { parseRabbitMQMetadata } from "../../pkg/components/pubsub/rabbitmq/metadata.js";

const parse = (values: Record<string, string>): ReturnType<typeof parseRabbitMQMetadata> => parseRabbitMQMetadata(ComponentMetadata.of("bus", "pubsub.rabbitmq", values), "checkout");

describe("pubsub.rabbitmq metadata (Dapr's names)", () => {
  it("defaults never lose an accepted message, where Dapr's would", () => {
    expect(parse({ connectionString: "amqp://localhost" })).toMatchObject({
      consumerID: "checkout",
      durable: true,
      deletedWhenUnused: false,
      deliveryMode: 2,
      requeueInFailure: true,
      publisherConfirm: true,
      autoAck: false,
      prefetchCount: 1000,
      concurrency: "parallel",
      exchangeKind: "fanout",
      reconnectWaitMs: 3000,
      heartbeatSeconds: 10,
      clientName: "runtimed-checkout",
    });
  });

  it("an explicit manifest value wins, YAML scalars arriving as strings, names in any case", () => {
    const s = parse({ connectionString: "amqp://localhost", DeletedWhenUnused: "true", deliverymode: "1", publisherConfirm: "False", prefetchCount: "10", concurrencyMode: "single", exchangeKind: "topic", ttlInSeconds: "30", heartBeat: "5s", reconnectWaitSeconds: "1", consumerID: "shop" });
    expect(s).toMatchObject({ deletedWhenUnused: true, deliveryMode: 1, publisherConfirm: false, prefetchCount: 10, concurrency: "single", exchangeKind: "topic", defaultTtlMs: 30_000, heartbeatSeconds: 5, reconnectWaitMs: 1000, consumerID: "shop" });
    expect(parse({ connectionString: "amqp://localhost", concurrency: "single", heartBeat: "15" })).toMatchObject({ concurrency: "single", heartbeatSeconds: 15 });
  });

  it("builds the URL from protocol, hostname, username and password, and never shows the password", () => {
    const s = parse({ protocol: "amqps", hostname: "rabbit:5671", username: "app", password: "s3cr:t" });
    expect(s.url).toBe("amqps://app:s3cr%3At@rabbit:5671");
    expect(s.safeUrl).toBe("amqps://app:***@rabbit:5671");
    expect(parse({ host: "amqp://u:p@h/vh" }).url).toBe("amqp://u:p@h/vh");
  });

  it.each([
    [{ connectionString: "not a url" }, /"connectionString" must be a URL/],
    [{ connectionString: "http://rabbit:5672" }, /"connectionString" must use amqp:\/\/ or amqps:\/\/, got "http"/],
    [{ protocol: "mqtt", hostname: "h" }, /"protocol" must use amqp/],
    [{ connectionString: "amqp://h", exchangeKind: "broadcast" }, /"exchangeKind" must be one of fanout, topic, direct, headers, got "broadcast"/],
    [{ connectionString: "amqp://h", prefetchCount: "-1" }, /"prefetchCount" must be at least 0/],
    [{ connectionString: "amqp://h", deliveryMode: "3" }, /"deliveryMode" must be at most 2/],
    [{ connectionString: "amqp://h", concurrencyMode: "many" }, /"concurrencyMode" must be parallel or single/],
    [{ connectionString: "amqp://h", durable: "yes" }, /"durable" must be true or false/],
    [{ connectionString: "amqp://h", maxLen: "ten" }, /"maxLen" must be an integer/],
    [{ connectionString: "amqp://h", caCert: "/etc/ca.pem" }, /"caCert" must be PEM text/],
    [{ connectionString: "amqp://h", clientCert: "-----BEGIN CERTIFICATE-----" }, /"clientKey" is required/],
  ])("rejects %j with an error naming the field", (values, message) => {
    expect(() => parse(values as Record<string, string>)).toThrow(message);
  });
});
