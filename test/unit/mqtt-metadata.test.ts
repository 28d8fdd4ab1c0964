import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { parseMqttMetadata } from "../../pkg/components/pubsub/mqtt/metadata.js";
import { parseBackOffFields } from "../../pkg/util/backoff.js";

const meta = (values: Record<string, string>): ComponentMetadata => ComponentMetadata.of("bus", "pubsub.mqtt3", values);
const identity = { appId: "orders", env: { POD_NAME: "orders-0" } };

describe("pubsub.mqtt3 metadata (Dapr's names)", () => {
  it("maps Dapr's URL schemes onto mqtt.js' and takes the credentials out of the URL", () => {
    const cases: Array<[string, string]> = [
      ["tcp://admin:p%40ss@localhost:1883", "mqtt://localhost:1883"],
      ["mqtt://broker", "mqtt://broker"],
      ["ssl://broker:8883", "mqtts://broker:8883"],
      ["tls://broker:8883", "mqtts://broker:8883"],
      ["ws://broker:9001/mqtt", "ws://broker:9001/mqtt"],
    ];
    for (const [url, expected] of cases) expect(parseMqttMetadata(meta({ url }), identity).brokerUrl).toBe(expected);
    const s = parseMqttMetadata(meta({ url: "tcp://admin:p%40ss@localhost:1883" }), identity);
    expect([s.username, s.password, s.brokerUrl]).toEqual(["admin", "p@ss", "mqtt://localhost:1883"]);
  });

  it("defaults as Dapr does: qos 1, no retain, persistent sessions, consumerID = app id; shared subscriptions on", () => {
    expect(parseMqttMetadata(meta({ url: "tcp://h:1883" }), identity)).toEqual(
      expect.objectContaining({ qos: 1, retain: false, cleanSession: false, consumerID: "orders", sharedSubscriptions: true }),
    );
  });

  it("keeps mqtt.js' debug calls off unless the process has DEBUG set (the debug package's switch)", () => {
    expect(parseMqttMetadata(meta({ url: "tcp://h" }), identity).clientDebugLog).toBe(false);
    expect(parseMqttMetadata(meta({ url: "tcp://h" }), { ...identity, env: { DEBUG: "mqttjs*" } }).clientDebugLog).toBe(true);
  });

  it("expands Dapr's {podName}, {appID} and {uuid} tags in consumerID", () => {
    expect(parseMqttMetadata(meta({ url: "tcp://h", consumerID: "{appID}-{podName}" }), identity).consumerID).toBe("orders-orders-0");
    const a = parseMqttMetadata(meta({ url: "tcp://h", consumerID: "{uuid}" }), identity).consumerID;
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names the field in every error", () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{}, /"url" is required/],
      [{ url: "http://h:1883" }, /"url" has scheme "http"/],
      [{ url: "not a url" }, /"url" must be a URL/],
      [{ url: "tcp://h", qos: "3" }, /"qos" must be at most 2/],
      [{ url: "tcp://h", qos: "one" }, /"qos" must be an integer/],
      [{ url: "tcp://h", cleanSession: "yes" }, /"cleanSession" must be true or false/],
      [{ url: "tcp://h", consumerID: "a/b" }, /"consumerID" must be a name/],
      [{ url: "tcp://h", clientCert: "-----BEGIN CERTIFICATE-----" }, /"clientKey" is required/],
      [{ url: "tcp://h", caCert: "/etc/ca.pem" }, /"caCert" must be PEM text/],
    ];
    for (const [values, message] of bad) expect(() => parseMqttMetadata(meta(values), identity)).toThrow(message);
  });
});

describe("Dapr's backOff* retry metadata -> the runtime's retry policy", () => {
  it("sets nothing when no backOff field is given (the runtime's defaults stay)", () => {
    expect(parseBackOffFields(meta({}))).toEqual({});
  });

  it("maps the Dapr JS SDK's backOffMaxRetries 0 to no retries, with Dapr's constant 5s policy", () => {
    expect(parseBackOffFields(meta({ backOffMaxRetries: "0" }))).toEqual({ maxRetries: 0, retryInitialMs: 5000, retryMaxMs: 5000 });
  });

  it("maps the exponential policy onto initial and max intervals", () => {
    expect(parseBackOffFields(meta({ backOffPolicy: "exponential", backOffInitialInterval: "200ms", backOffMaxInterval: "10s", backOffMaxRetries: "5" }))).toEqual({
      maxRetries: 5,
      retryInitialMs: 200,
      retryMaxMs: 10_000,
    });
  });

  it("names the field it refuses", () => {
    expect(() => parseBackOffFields(meta({ backOffPolicy: "linear" }))).toThrow(/"backOffPolicy" must be constant or exponential/);
    expect(() => parseBackOffFields(meta({ backOffMaxRetries: "-2" }))).toThrow(/"backOffMaxRetries" must be at least -1/);
    expect(() => parseBackOffFields(meta({ backOffPolicy: "exponential", backOffInitialInterval: "2s", backOffMaxInterval: "1s" }))).toThrow(/"backOffMaxInterval"/);
  });
});
