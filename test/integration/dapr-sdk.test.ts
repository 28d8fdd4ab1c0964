import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CommunicationProtocolEnum, DaprClient, DaprPubSubStatusEnum, DaprServer, LogLevel, type LoggerService } from "@dapr/dapr";
import { Redis } from "ioredis";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { bindingResources, startStandins, type Standins } from "../support/azure-standins.js";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { componentYaml } from "../support/manifests.js";

/**
 * The official Dapr JS SDK (@dapr/dapr 3.18, HTTP protocol), its code unchanged, against the BUILT
 * sidecar: a DaprClient for the outbound API and a DaprServer app whose subscriptions are served at
 * GET /dapr/subscribe. Everything the SDK needs comes through its options (sidecar host and port, the
 * app's host and port, a logger): no DAPR_* environment is set by the test. The manifests are Dapr's
 * own (`apiVersion: dapr.io/v1alpha1`), so the sidecar speaks Dapr's wire dialect to this app.
 *
 * How the SDK finds the sidecar: DaprServer.start() listens on `serverPort` (every interface), then
 * DaprClient.start() polls GET /v1.0/metadata until it answers (3.18's HTTP client polls only that
 * route, not /v1.0/healthz/outbound); health.isHealthy() is that same GET /v1.0/metadata.
 *
 * Not supported by the SDK's HTTP client, so not exercised here: `client.configuration.get/subscribe*`
 * throw HTTPNotSupportedError over HTTP (a Dapr HTTP app calls the configuration endpoints itself, as
 * the configuration quickstart does: test/integration/wire-dialects.test.ts); `client.crypto.*` and
 * `client.proxy` likewise. The SDK's `deadLetterCallback` is registered on a route of the original
 * topic that no sidecar (daprd included) posts to; an app receives dead letters by subscribing to the
 * dead-letter topic, as below.
 */

const SDK_LOG: string[] = [];
/** The SDK's logger, through its options: errors are kept for assertions, the rest is dropped. */
const logger: LoggerService = {
  error: (message: unknown, ...rest: unknown[]) => void SDK_LOG.push([message, ...rest].map(String).join(" ")),
  warn: () => undefined,
  info: () => undefined,
  verbose: () => undefined,
  debug: () => undefined,
};

const redisUp = await brokerAvailable("redis");
const mqttUp = await brokerAvailable("mqtt");

interface Target {
  name: string;
  /** The `pubsub` component (and any other this target needs), as Dapr manifests. */
  manifests: string;
  /** A bulk publish of two entries of which the second fails on this broker. */
  failing: { pubsub: string; messages: (topic: string) => Array<{ entryID: string; event: string; contentType: string; metadata?: Record<string, string> }> };
}

const daprComponent = (name: string, type: string, metadata: Record<string, string>): string => componentYaml(name, type, metadata, "dapr.io");

const TARGETS: Target[] = [
  {
    name: "the in-memory broker",
    // `tiny` holds one undelivered message at most: the second entry of a bulk publish is refused.
    manifests: `${daprComponent("pubsub", "pubsub.in-memory", {})}---\n${daprComponent("tiny", "pubsub.in-memory", { maxBufferedMessages: "1" })}`,
    failing: { pubsub: "tiny", messages: () => [{ entryID: "kept", event: "one", contentType: "text/plain" }, { entryID: "refused", event: "two", contentType: "text/plain" }] },
  },
  {
    name: "Redis on 6379",
    manifests: daprComponent("pubsub", "pubsub.redis", { redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}` }),
    // An entry with a TTL of 0 fails alone: the runtime refuses it (a TTL must be positive), whichever the broker.
    failing: { pubsub: "pubsub", messages: () => [{ entryID: "kept", event: "one", contentType: "text/plain" }, { entryID: "refused", event: "two", contentType: "text/plain", metadata: { ttlInSeconds: "0" } }] },
  },
  {
    name: "Mosquitto on 1883",
    // The SDK's own MQTT manifest but for backOffMaxRetries "0", which would make the RETRY test's message a drop.
    // cleanSession "true": no persistent session is left on the shared broker. MQTT has no per-entry failure of
    // its own, so the failing bulk publish goes to a tiny in-memory broker beside it.
    manifests: `${daprComponent("pubsub", "pubsub.mqtt", { url: `tcp://admin:public@${BROKERS.mqtt.host}:${BROKERS.mqtt.port}`, qos: "1", cleanSession: "true" })}---\n${daprComponent("tiny", "pubsub.in-memory", { maxBufferedMessages: "1" })}`,
    failing: { pubsub: "tiny", messages: () => [{ entryID: "kept", event: "one", contentType: "text/plain" }, { entryID: "refused", event: "two", contentType: "text/plain" }] },
  },
];

let standins: Standins;

beforeAll(async () => {
  standins = await startStandins();
}, 30_000);

afterAll(async () => {
  await standins?.close();
});

describe.each(TARGETS.filter((t) => (t.name !== "Redis on 6379" || redisUp) && (t.name !== "Mosquitto on 1883" || mqttUp)))("the Dapr JS SDK 3.18 (HTTP) against the built sidecar with $name", (target) => {
  const run = randomUUID().slice(0, 8);
  const topic = (name: string): string => `sdk-${name}-${run}`;
  const received = new Map<string, Array<{ data: unknown; headers: Record<string, unknown> }>>();
  const on = (name: string): Array<{ data: unknown; headers: Record<string, unknown> }> => received.get(topic(name)) ?? [];
  const record = (name: string, status: DaprPubSubStatusEnum = DaprPubSubStatusEnum.SUCCESS) => async (data: unknown, headers: unknown): Promise<DaprPubSubStatusEnum> => {
    received.set(topic(name), [...on(name), { data, headers: (headers ?? {}) as Record<string, unknown> }]);
    return status;
  };
  let sidecar: SidecarProcess;
  let server: DaprServer;
  let client: DaprClient;
  let resources: { dir: string; remove(): void };

  beforeAll(async () => {
    resources = bindingResources("dapr-sdk-", { topicKey: standins.accessKey, "db-password": "s3cret", "api-key": "k-123" }, `${target.manifests}---
apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: orders-out}
spec:
  type: bindings.azure.eventgrid
  version: v1
  metadata:
  - {name: direction, value: output}
  - {name: topicEndpoint, value: ${JSON.stringify(standins.topicEndpoint)}}
  - name: accessKey
    secretKeyRef: {name: topicKey, key: topicKey}
auth: {secretStore: secrets}
`);
    const [daprPort, appPort] = [await freePort(), await freePort()];
    const clientOptions = { daprHost: "127.0.0.1", daprPort: String(daprPort), communicationProtocol: CommunicationProtocolEnum.HTTP, logger: { level: LogLevel.Error, service: logger } };
    server = new DaprServer({ serverHost: "127.0.0.1", serverPort: String(appPort), communicationProtocol: CommunicationProtocolEnum.HTTP, clientOptions, logger: clientOptions.logger });
    await server.pubsub.subscribe("pubsub", topic("json"), record("json"));
    await server.pubsub.subscribe("pubsub", topic("text"), record("text"));
    // A routing rule on the CloudEvent's own type: it shows the published event kept its attributes.
    await server.pubsub.subscribeWithOptions("pubsub", topic("ce"), { route: { rules: [{ match: 'event.type == "com.example.order"', path: "typed" }], default: "other" } });
    server.pubsub.subscribeToRoute("pubsub", topic("ce"), "typed", record("ce"));
    server.pubsub.subscribeToRoute("pubsub", topic("ce"), "other", record("ce-other"));
    await server.pubsub.subscribe("pubsub", topic("raw"), record("raw"));
    // The SDK sends subscription metadata values JSON-encoded: `true` arrives as "true".
    await server.pubsub.subscribe("pubsub", topic("rawsub"), record("rawsub"), "", { rawPayload: true });
    await server.pubsub.subscribe("pubsub", topic("bulkpub"), record("bulkpub"));
    await server.pubsub.subscribe(target.failing.pubsub, topic("bulkfail"), record("bulkfail"));
    await server.pubsub.subscribeWithOptions("pubsub", topic("drop"), { deadLetterTopic: topic("poison"), callback: record("drop", DaprPubSubStatusEnum.DROP) });
    await server.pubsub.subscribe("pubsub", topic("poison"), record("poison"));
    let attempts = 0;
    await server.pubsub.subscribe("pubsub", topic("retry"), async (data, headers) => {
      await record("retry")(data, headers);
      return ++attempts === 1 ? DaprPubSubStatusEnum.RETRY : DaprPubSubStatusEnum.SUCCESS;
    });
    await server.pubsub.subscribeBulk("pubsub", topic("bulksub"), record("bulksub"), { maxMessagesCount: 3, maxAwaitDurationMs: 100 });

    sidecar = await startSidecar({ appId: `sdk-app-${run}`, httpPort: daprPort, args: ["--app-port", String(appPort), "--resources-path", resources.dir], env: { NODE_EXTRA_CA_CERTS: standins.certs.caFile } });
    await server.start();
    client = new DaprClient(clientOptions);
    const subscriptions = Object.values(server.pubsub.getSubscriptions()).reduce((n, topics) => n + Object.keys(topics).length, 0);
    await waitFor(async () => ((await client.metadata.get()) as { subscriptions?: unknown[] }).subscriptions?.length === subscriptions, { what: "the SDK app's subscriptions in /v1.0/metadata" });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await sidecar?.stop("SIGKILL");
    resources?.remove();
    if (target.name === "Redis on 6379") {
      const redis = new Redis(BROKERS.redis.port, BROKERS.redis.host);
      const keys = await redis.keys(`sdk-*-${run}`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it("publishes JSON and text, and the DaprServer subscription receives them", async () => {
    expect(await client.pubsub.publish("pubsub", topic("json"), { orderId: 1 })).toEqual({});
    expect(await client.pubsub.publish("pubsub", topic("text"), "hello")).toEqual({});
    await waitFor(() => on("json").length === 1 && on("text").length === 1, { what: "the JSON and text deliveries" });
    expect(on("json")[0]!.data).toEqual({ orderId: 1 });
    expect(on("json")[0]!.headers).toMatchObject({ pubsubname: "pubsub", "content-type": "application/cloudevents+json" });
    expect(on("text")[0]!.data).toBe("hello");
  });

  it("publishes a CloudEvent as application/cloudevents+json; its own type routes it", async () => {
    const event = { specversion: "1.0", id: `ce-${run}`, source: "sdk-test", type: "com.example.order", datacontenttype: "application/json", data: { orderId: 2 } };
    expect(await client.pubsub.publish("pubsub", topic("ce"), event, { contentType: "application/cloudevents+json" })).toEqual({});
    await waitFor(() => on("ce").length === 1, { what: "the CloudEvent delivery" });
    expect(on("ce")[0]!.data).toEqual({ orderId: 2 });
    expect(on("ce-other")).toEqual([]);
  });

  it("publishes with rawPayload metadata: a CloudEvent subscriber gets the JSON object, a rawPayload subscriber daprd's wrapper around it", async () => {
    expect(await client.pubsub.publish("pubsub", topic("raw"), { orderId: 3 }, { metadata: { rawPayload: "true" } })).toEqual({});
    expect(await client.pubsub.publish("pubsub", topic("rawsub"), { orderId: 4 }, { metadata: { rawPayload: "true" } })).toEqual({});
    await waitFor(() => on("raw").length === 1 && on("rawsub").length === 1, { what: "the raw deliveries" });
    // daprd's subscription takes the JSON object on the broker as the event; the SDK finds no data in it and hands it over whole.
    expect(on("raw")[0]!.data).toEqual({ orderId: 3 });
    // FromRawPayload: the bytes as data_base64 in a CloudEvent, whatever the broker kept; the SDK decodes and parses them.
    expect(on("rawsub")[0]!.data).toEqual({ orderId: 4 });
    expect(on("rawsub")[0]!.headers["content-type"]).toBe("application/cloudevents+json");
  });

  it("publishBulk: every entry succeeds and is delivered", async () => {
    const result = await client.pubsub.publishBulk("pubsub", topic("bulkpub"), [
      "first",
      { n: 2 },
      { entryID: `e3-${run}`, event: { specversion: "1.0", id: `bulk-ce-${run}`, source: "sdk-test", type: "t", data: "third" }, contentType: "application/cloudevents+json" },
    ]);
    expect(result).toEqual({ failedMessages: [] });
    await waitFor(() => on("bulkpub").length === 3, { what: "three bulk-published deliveries" });
    expect(on("bulkpub").map((r) => r.data)).toEqual(expect.arrayContaining(["first", { n: 2 }, "third"]));
  });

  it("publishBulk: one entry fails; the sidecar answers failedEntries[].entryId, as daprd does", async () => {
    SDK_LOG.length = 0;
    const result = await client.pubsub.publishBulk(target.failing.pubsub, topic("bulkfail"), target.failing.messages(topic("bulkfail")));
    // SDK 3.18 matches failed entries by `entryID` while daprd (and this sidecar) answer `entryId`
    // (pkg/api/http/responses.go in dapr/dapr), so its failedMessages comes back empty against either;
    // the answer itself is in the SDK's error log, and only the other entry is delivered.
    expect(result.failedMessages).toEqual([]);
    const logged = SDK_LOG.find((line) => line.includes("Failure publishing bulk messages"));
    expect(logged).toBeDefined();
    const answer = JSON.parse((JSON.parse(logged!.slice(logged!.indexOf("{"))) as { error_msg: string }).error_msg) as { errorCode: string; failedEntries: unknown[] };
    expect(answer.errorCode).toBe("ERR_PUBSUB_PUBLISH_MESSAGE");
    expect(answer.failedEntries).toEqual([{ entryId: "refused", error: expect.any(String) }]);
    await waitFor(() => on("bulkfail").length === 1, { what: "the entry that was accepted" });
    expect(on("bulkfail")[0]!.data).toBe("one");
  });

  it("DaprServer: a DROP answer moves the message to the deadLetterTopic, where the app receives it", async () => {
    expect(await client.pubsub.publish("pubsub", topic("drop"), { poison: true })).toEqual({});
    await waitFor(() => on("poison").length === 1, { what: "the dead-lettered message" });
    expect(on("drop")).toHaveLength(1);
    expect(on("poison")[0]!.data).toEqual({ poison: true });
  });

  it("DaprServer: a RETRY answer is redelivered until SUCCESS", async () => {
    expect(await client.pubsub.publish("pubsub", topic("retry"), { attempt: "me" })).toEqual({});
    await waitFor(() => on("retry").length === 2, { what: "the redelivery" });
    expect(on("retry").map((r) => r.data)).toEqual([{ attempt: "me" }, { attempt: "me" }]);
  });

  it("DaprServer: a bulk subscription (subscribeBulk) receives every message", async () => {
    for (let i = 0; i < 3; i++) expect(await client.pubsub.publish("pubsub", topic("bulksub"), { i })).toEqual({});
    await waitFor(() => on("bulksub").length === 3, { what: "three bulk-subscribed messages" });
    expect(on("bulksub").map((r) => r.data)).toEqual(expect.arrayContaining([{ i: 0 }, { i: 1 }, { i: 2 }]));
  });

  it("secret.get and secret.getBulk read the file secret store", async () => {
    expect(await client.secret.get("secrets", "db-password")).toEqual({ "db-password": "s3cret" });
    expect(await client.secret.getBulk("secrets")).toMatchObject({ "db-password": { "db-password": "s3cret" }, "api-key": { "api-key": "k-123" } });
  });

  it("binding.send invokes the output binding", async () => {
    const before = standins.topic.requests.length;
    await client.binding.send("orders-out", "create", { orderId: 7 });
    expect(standins.topic.requests.length).toBe(before + 1);
    const [event] = JSON.parse(standins.topic.requests.at(-1)!.body) as Array<Record<string, unknown>>;
    expect(event).toMatchObject({ source: `sdk-app-${run}`, data: { orderId: 7 } });
  });

  it("health.isHealthy, metadata.get and metadata.set", async () => {
    expect(await client.health.isHealthy()).toBe(true);
    expect(await client.metadata.set("team", "checkout")).toBe(true);
    const metadata = (await client.metadata.get()) as { id: string; components: Array<{ name: string }>; extended: Record<string, string> };
    expect(metadata.id).toBe(`sdk-app-${run}`);
    expect(metadata.components.map((c) => c.name)).toEqual(expect.arrayContaining(["pubsub", "secrets", "orders-out"]));
    expect(metadata.extended).toMatchObject({ team: "checkout" });
  });
});
