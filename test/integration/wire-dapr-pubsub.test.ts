import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CommunicationProtocolEnum, DaprClient, DaprServer, LogLevel, type LoggerService } from "@dapr/dapr";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * Dapr's pub/sub wire for `dapr.io` resources, end to end on the built sidecar, each case written from
 * daprd v1.18.3 and components-contrib v1.18.3: the envelope (`pubsub/envelope.go`), the subscription
 * (`pkg/runtime/subscription/subscription.go`), the HTTP postman (`postman/http/http.go`). The first
 * part runs the Dapr JS SDK 3.18 as its own e2e suite does (`test/e2e/common/server.test.ts`); a
 * rawPayload subscription shows the bytes on the broker exactly, so it is also how the envelope is read.
 */

const daprComponent = (name: string, type: string): string => `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec: {type: ${type}, version: v1, metadata: []}
`;

const quiet: LoggerService = { error: () => undefined, warn: () => undefined, info: () => undefined, verbose: () => undefined, debug: () => undefined };
const TRACE = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

describe("the Dapr JS SDK's pub/sub server cases against a dapr.io in-memory pub/sub", () => {
  let dir: string;
  let sidecar: SidecarProcess | undefined;
  let server: DaprServer | undefined;
  let client: DaprClient;
  const received = new Map<string, unknown[]>();
  const on = (topic: string): unknown[] => received.get(topic) ?? [];
  const record = (topic: string) => async (data: unknown): Promise<void> => {
    received.set(topic, [...on(topic), data]);
  };
  /** The envelope on the broker, as a rawPayload subscriber sees it (the SDK decodes data_base64 and parses it). */
  const envelopeOf = async (publish: () => Promise<unknown>): Promise<Record<string, unknown>> => {
    const before = on("wire").length;
    await publish();
    await waitFor(() => on("wire").length > before, { what: "the envelope" });
    return on("wire")[before] as Record<string, unknown>;
  };

  beforeAll(async () => {
    dir = tempDir("wire-dapr-sdk-");
    await writeFile(path.join(dir, "pubsub.yaml"), daprComponent("pubsub", "pubsub.in-memory"));
    const [daprPort, appPort] = [await freePort(), await freePort()];
    const clientOptions = { daprHost: "127.0.0.1", daprPort: String(daprPort), communicationProtocol: CommunicationProtocolEnum.HTTP, logger: { level: LogLevel.Error, service: quiet } };
    server = new DaprServer({ serverHost: "127.0.0.1", serverPort: String(appPort), communicationProtocol: CommunicationProtocolEnum.HTTP, clientOptions, logger: clientOptions.logger });
    await server.pubsub.subscribe("pubsub", "raw", record("raw"), undefined, { rawPayload: true });
    await server.pubsub.subscribe("pubsub", "wire", record("wire"), undefined, { rawPayload: true });
    await server.pubsub.subscribeBulk("pubsub", "bulkraw", record("bulkraw"), { maxMessagesCount: 2, maxAwaitDurationMs: 100, metadata: { rawPayload: true } });
    sidecar = await startSidecar({ appId: "wire-dapr", httpPort: daprPort, args: ["--app-port", String(appPort), "--resources-path", dir] });
    await server.start();
    client = new DaprClient(clientOptions);
    await waitFor(async () => ((await client.metadata.get()) as { subscriptions?: unknown[] }).subscriptions?.length === 3, { what: "the SDK app's subscriptions" });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await sidecar?.stop("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe("raw payload delivery (daprd's FromRawPayload)", () => {
    it("should be able to send plain events and receive as raw payload", async () => {
      expect(await client.pubsub.publish("pubsub", "raw", "Hello, world!")).toEqual({});
      await waitFor(() => on("raw").length === 1, { what: "the delivery" });
      // The whole envelope as stored, which the SDK decodes from data_base64.
      expect((on("raw")[0] as Record<string, unknown>)["data"]).toBe("Hello, world!");
    });

    it("should be able to send JSON events and receive as raw payload", async () => {
      expect(await client.pubsub.publish("pubsub", "raw", { message: "Hello, world!" })).toEqual({});
      await waitFor(() => on("raw").length === 2, { what: "the delivery" });
      expect((on("raw")[1] as Record<string, unknown>)["data"]).toEqual({ message: "Hello, world!" });
    });

    it("should be able to send and receive plain and JSON events as raw payload", async () => {
      expect(await client.pubsub.publish("pubsub", "raw", "Hello, world!", { metadata: { rawPayload: "true" } })).toEqual({});
      await waitFor(() => on("raw").length === 3, { what: "the delivery" });
      expect(await client.pubsub.publish("pubsub", "raw", { message: "Hello, world!" }, { metadata: { rawPayload: "true" } })).toEqual({});
      await waitFor(() => on("raw").length === 4, { what: "the delivery" });
      expect(on("raw").slice(2)).toEqual(["Hello, world!", { message: "Hello, world!" }]);
    });

    it("should be able to publish multiple CloudEvents but receive rawPayload events using bulk subscribe", async () => {
      expect(await client.pubsub.publish("pubsub", "bulkraw", { message: "Message 1!" })).toEqual({});
      expect(await client.pubsub.publish("pubsub", "bulkraw", { message: "Message 2!" })).toEqual({});
      await waitFor(() => on("bulkraw").length === 2, { what: "two bulk entries" });
      // The SDK suite's getDataFromCEObject: the first value of the envelope is its data (Go writes a map's keys sorted).
      const firstValues = on("bulkraw").map((envelope) => Object.values(envelope as object)[0]);
      expect(firstValues).toEqual(expect.arrayContaining([{ message: "Message 1!" }, { message: "Message 2!" }]));
    });

    it("wraps the broker's bytes as daprd does: data_base64, application/octet-stream, source Dapr, a fresh id, keys sorted", async () => {
      const app = await startTestApp({ discovery: "dapr", subscriptions: [{ pubsubname: "pubsub", topic: "rawwire", route: "/rawwire", metadata: { rawPayload: "true" } }] });
      const plain = await startSidecar({ appId: "wire-dapr-raw", args: ["--app-port", String(app.port), "--resources-path", dir] });
      try {
        await waitFor(async () => ((await (await fetch(`${plain.url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] }).subscriptions?.length === 1, { what: "the subscription" });
        expect((await fetch(`${plain.url}/v1.0/publish/pubsub/rawwire?metadata.rawPayload=true`, { method: "POST", headers: { "content-type": "text/plain" }, body: "bytes" })).status).toBe(204);
        const [delivery] = await app.waitForRequests("/rawwire", 1);
        expect(delivery!.headers["content-type"]).toBe("application/cloudevents+json");
        const event = delivery!.json();
        expect(Object.keys(event)).toEqual(["data_base64", "datacontenttype", "id", "pubsubname", "source", "specversion", "topic", "type"]);
        expect(event).toMatchObject({ data_base64: Buffer.from("bytes").toString("base64"), datacontenttype: "application/octet-stream", pubsubname: "pubsub", source: "Dapr", specversion: "1.0", topic: "rawwire", type: "com.dapr.event.sent" });
      } finally {
        await plain.stop("SIGKILL");
        await app.close();
      }
    });
  });

  describe("the envelope daprd writes", () => {
    it("carries traceparent, traceid (the same) and tracestate on every publish, a new unsampled trace when the caller sent none", async () => {
      const fresh = await envelopeOf(() => client.pubsub.publish("pubsub", "wire", "no trace"));
      expect(fresh["traceparent"]).toMatch(TRACE);
      expect(String(fresh["traceparent"]).endsWith("-00")).toBe(true);
      expect(fresh["traceid"]).toBe(fresh["traceparent"]);
      expect(fresh["tracestate"]).toBe("");
      const caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
      const carried = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire`, { method: "POST", headers: { traceparent: caller, tracestate: "vendor=abc" }, body: "traced" }));
      expect(String(carried["traceparent"]).slice(0, 36)).toBe(caller.slice(0, 36));
      expect(carried["traceid"]).toBe(carried["traceparent"]);
      expect(carried["tracestate"]).toBe("vendor=abc");
    });

    it("writes time to the second, keys in Go's order, data as a string for every type but application/json and octet-stream", async () => {
      const text = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire?metadata.ttlInSeconds=60`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" }));
      expect(Object.keys(text)).toEqual(["data", "datacontenttype", "expiration", "id", "pubsubname", "source", "specversion", "time", "topic", "traceid", "traceparent", "tracestate", "type"]);
      expect(text["time"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(text["expiration"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(text).toMatchObject({ data: "hi", source: "wire-dapr", type: "com.dapr.event.sent" });
      const problem = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire`, { method: "POST", headers: { "content-type": "application/problem+json" }, body: '{"title":"x"}' }));
      expect(problem["data"]).toBe('{"title":"x"}');
      const form = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1&b=2" }));
      expect(form["data"]).toBe("a=1&b=2");
      expect(form["data_base64"]).toBeUndefined();
      const binary = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: Buffer.from([0, 1, 2, 255]) }));
      expect(binary["data_base64"]).toBe(Buffer.from([0, 1, 2, 255]).toString("base64"));
      const json = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire`, { method: "POST", headers: { "content-type": "application/json; charset=utf-8" }, body: '{"n":1}' }));
      expect(json["data"]).toEqual({ n: 1 });
    });

    it("base64-decodes a bulk entry's event sent as application/octet-stream before wrapping it", async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      const event = await envelopeOf(() =>
        fetch(`${sidecar!.url}/v1.0/publish/bulk/pubsub/wire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([{ entryId: "1", event: bytes.toString("base64"), contentType: "application/octet-stream" }]) }),
      );
      expect(event["data_base64"]).toBe(bytes.toString("base64"));
      const bad = await fetch(`${sidecar!.url}/v1.0/publish/bulk/pubsub/wire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([{ entryId: "1", event: "not base64!", contentType: "application/octet-stream" }]) });
      expect(bad.status).toBe(400);
    });

    it("takes cloudevent.* metadata overrides in any letter case; topic, pubsub, datacontenttype and data stay", async () => {
      const query = new URLSearchParams({
        "metadata.cloudevent.id": "my-id",
        "metadata.CloudEvent.Source": "my-source",
        "metadata.cloudevent.type": "my.type",
        "metadata.cloudevent.subject": "my-subject",
        "metadata.cloudevent.traceparent": "00-11111111111111111111111111111111-2222222222222222-01",
        "metadata.cloudevent.tracestate": "k=v",
        "metadata.cloudevent.topic": "other",
        "metadata.cloudevent.pubsub": "other",
        "metadata.cloudevent.datacontenttype": "text/html",
        "metadata.cloudevent.data": "other",
      });
      const event = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire?${query}`, { method: "POST", headers: { "content-type": "text/plain" }, body: "payload" }));
      expect(event).toMatchObject({ id: "my-id", source: "my-source", type: "my.type", subject: "my-subject", traceparent: "00-11111111111111111111111111111111-2222222222222222-01", traceid: "00-11111111111111111111111111111111-2222222222222222-01", tracestate: "k=v", topic: "wire", pubsubname: "pubsub", datacontenttype: "text/plain", data: "payload" });
      const bulk = await envelopeOf(() =>
        fetch(`${sidecar!.url}/v1.0/publish/bulk/pubsub/wire`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([{ entryId: "1", event: "entry", contentType: "text/plain", metadata: { "cloudevent.id": "entry-id", "cloudevent.traceid": "00-33333333333333333333333333333333-4444444444444444-00" } }]) }),
      );
      expect(bulk).toMatchObject({ id: "entry-id", traceid: "00-33333333333333333333333333333333-4444444444444444-00", traceparent: "00-33333333333333333333333333333333-4444444444444444-00", data: "entry" });
    });

    it("keeps a cloudevents+json body's attributes, adds time and trace fields, adds no id, defaults source to Dapr", async () => {
      const event = await envelopeOf(() => fetch(`${sidecar!.url}/v1.0/publish/pubsub/wire?metadata.cloudevent.id=ignored`, { method: "POST", headers: { "content-type": "application/cloudevents+json" }, body: JSON.stringify({ specversion: "1.0", type: "t", data: "d" }) }));
      expect(event["id"]).toBeUndefined();
      expect(event).toMatchObject({ source: "Dapr", type: "t", data: "d", topic: "wire", pubsubname: "pubsub", tracestate: "" });
      expect(event["time"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(event["traceparent"]).toMatch(TRACE);
      expect(event["traceid"]).toBe(event["traceparent"]);
    });
  });
});

describe("daprd's HTTP routes", () => {
  let sidecar: SidecarProcess | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir("wire-dapr-routes-");
    await writeFile(path.join(dir, "pubsub.yaml"), daprComponent("pubsub", "pubsub.in-memory"));
    sidecar = await startSidecar({ appId: "wire-dapr-routes", args: ["--resources-path", dir] });
  });

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("takes PUT as well as POST on publish, bulk publish and output bindings", async () => {
    expect((await fetch(`${sidecar!.url}/v1.0/publish/pubsub/orders`, { method: "PUT", body: "hi" })).status).toBe(204);
    const bulk = JSON.stringify([{ entryId: "1", event: "hi", contentType: "text/plain" }]);
    expect((await fetch(`${sidecar!.url}/v1.0/publish/bulk/pubsub/orders`, { method: "PUT", headers: { "content-type": "application/json" }, body: bulk })).status).toBe(204);
    expect((await fetch(`${sidecar!.url}/v1.0-alpha1/publish/bulk/pubsub/orders`, { method: "PUT", headers: { "content-type": "application/json" }, body: bulk })).status).toBe(204);
    // The route exists: the answer is about the binding, not a missing route.
    const binding = await fetch(`${sidecar!.url}/v1.0/bindings/nothing`, { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" });
    expect(((await binding.json()) as { errorCode: string }).errorCode).toBe("ERR_BINDING_NOT_FOUND");
  });

  it("refuses a cloudevents+json body that is not a JSON object with 500 cannot create cloudevent, and an empty topic with ERR_TOPIC_NAME_EMPTY", async () => {
    const array = await fetch(`${sidecar!.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/cloudevents+json" }, body: "[1,2]" });
    expect(array.status).toBe(500);
    expect(await array.json()).toMatchObject({ errorCode: "ERR_PUBSUB_CLOUD_EVENTS_SER", message: "cannot create cloudevent" });
    const noTopic = await fetch(`${sidecar!.url}/v1.0/publish/pubsub/`, { method: "POST", body: "x" });
    expect(noTopic.status).toBe(404);
    expect(((await noTopic.json()) as { errorCode: string }).errorCode).toBe("ERR_TOPIC_NAME_EMPTY");
  });

  it("answers /v1.0/healthz?appid=<another app> with 500 ERR_HEALTH_APPID_NOT_MATCH, its own app id with 204", async () => {
    const other = await fetch(`${sidecar!.url}/v1.0/healthz?appid=someone-else`);
    expect(other.status).toBe(500);
    expect(await other.json()).toEqual({ errorCode: "ERR_HEALTH_APPID_NOT_MATCH", message: "dapr app-id does not match" });
    expect((await fetch(`${sidecar!.url}/v1.0/healthz?appid=wire-dapr-routes`)).status).toBe(204);
  });
});

describe("daprd's subscription and postman for a dapr.io pub/sub", () => {
  let dir: string;
  let app: TestApp;
  let sidecar: SidecarProcess | undefined;
  const publish = (topic: string, body: string, query = "", contentType = "application/json"): Promise<Response> =>
    fetch(`${sidecar!.url}/v1.0/publish/pubsub/${topic}${query}`, { method: "POST", headers: { "content-type": contentType }, body });

  beforeAll(async () => {
    dir = tempDir("wire-dapr-sub-");
    const resources = path.join(dir, "resources");
    await mkdir(resources);
    await writeFile(path.join(resources, "pubsub.yaml"), daprComponent("pubsub", "pubsub.in-memory"));
    // daprd's integration test pubsub/http/emptymatch.go: a rule whose match is "" always matches.
    await writeFile(
      path.join(resources, "emptymatch.yaml"),
      `apiVersion: dapr.io/v2alpha1
kind: Subscription
metadata: {name: emptymatch}
spec:
  pubsubname: pubsub
  topic: emptymatch
  routes:
    rules:
    - path: /a
      match: ""
`,
    );
    app = await startTestApp({
      discovery: "dapr",
      subscriptions: [
        { pubsubname: "pubsub", topic: "plain", route: "/plain" },
        { pubsubname: "pubsub", topic: "poison", route: "/poison", deadLetterTopic: "dead" },
        { pubsubname: "pubsub", topic: "dead", route: "/dead", metadata: { rawPayload: "true" } },
        { pubsubname: "pubsub", topic: "status", route: "/status" },
      ],
    });
    sidecar = await startSidecar({ appId: "wire-dapr-sub", args: ["--app-port", String(app.port), "--resources-path", resources] });
    await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] }).subscriptions?.length === 5, { what: "the subscriptions" });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("asks GET /dapr/subscribe with header dapr-app-id", () => {
    expect(app.on("/dapr/subscribe")[0]!.headers["dapr-app-id"]).toBe("wire-dapr-sub");
  });

  it("routes by a rule with an empty match", async () => {
    expect((await publish("emptymatch", '{"status":"completed"}')).status).toBe(204);
    const [delivery] = await app.waitForRequests("/a", 1);
    expect(delivery!.json<{ data: unknown }>().data).toEqual({ status: "completed" });
  });

  it("delivers a JSON object on the broker unchanged, CloudEvent or not, and never a message that is not a JSON object", async () => {
    expect((await publish("plain", "not json at all", "?metadata.rawPayload=true", "text/plain")).status).toBe(204);
    expect((await publish("plain", '{"orderId":7}', "?metadata.rawPayload=true")).status).toBe(204);
    const [delivery] = await app.waitForRequests("/plain", 1);
    expect(delivery!.body.toString()).toBe('{"orderId":7}');
    expect(delivery!.headers["content-type"]).toBe("application/cloudevents+json");
    // The text message went through the subscription too (it was published first), and was refused there.
    await waitFor(() => sidecar!.output().includes("error deserializing cloud event in pubsub pubsub and topic plain"), { what: "the refusal" });
    expect(app.on("/plain")).toHaveLength(1);
  });

  it("sends a message that is not a CloudEvent to the dead-letter topic when the subscription has one", async () => {
    expect((await publish("poison", "plain words", "?metadata.rawPayload=true", "text/plain")).status).toBe(204);
    const [dead] = await app.waitForRequests("/dead", 1);
    expect(Buffer.from(dead!.json<{ data_base64: string }>().data_base64, "base64").toString()).toBe("plain words");
    expect(app.on("/poison")).toEqual([]);
  });

  it("hands the message's metadata, the publish call's metadata.* included, to the app as headers", async () => {
    expect((await publish("plain", '{"n":2}', "?metadata.customer-tier=gold&metadata.Region=eu")).status).toBe(204);
    const deliveries = await app.waitForRequests("/plain", 2);
    expect(deliveries[1]!.headers).toMatchObject({ "customer-tier": "gold", region: "eu", pubsubname: "pubsub", "content-type": "application/cloudevents+json" });
  });

  it("matches the reply status exactly: a lowercase status is retried, a number counts as success", async () => {
    app.respond("/status", (request) => {
      const data = request.json<{ data: { case: string } }>().data;
      if (data.case === "number") return { status: 200, body: { status: 1 } };
      return { status: 200, body: { status: app.on("/status").filter((r) => r.json<{ data: { case: string } }>().data.case === "lower").length === 1 ? "success" : "SUCCESS" } };
    });
    expect((await publish("status", '{"case":"number"}')).status).toBe(204);
    expect((await publish("status", '{"case":"lower"}')).status).toBe(204);
    const cases = (): string[] => app.on("/status").map((r) => r.json<{ data: { case: string } }>().data.case);
    await waitFor(() => cases().filter((c) => c === "lower").length === 2, { what: "the lowercase status retried" });
    expect(cases().filter((c) => c === "number")).toHaveLength(1);
  });
});

describe("daprd's built-in Resiliency policy names, on the built sidecar", () => {
  let dir: string;
  let app: TestApp;
  let sidecar: SidecarProcess | undefined;
  const resiliency = (name: string, duration: string): string => `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata: {name: defaults}
spec:
  policies:
    retries:
      ${name}: {policy: constant, duration: ${duration}, maxRetries: 5}
`;
  /** When each delivery attempt reached the app, by the message's text. */
  const arrivals: Array<{ text: string; at: number }> = [];
  /** Milliseconds between the app's first `count` deliveries of the message marked `mark`. */
  const gaps = async (mark: string, count: number): Promise<number[]> => {
    const attempts = (): number[] => arrivals.filter((a) => a.text.includes(mark)).map((a) => a.at);
    expect((await fetch(`${sidecar!.url}/v1.0/publish/pubsub/failing`, { method: "POST", headers: { "content-type": "text/plain" }, body: mark })).status).toBe(204);
    await waitFor(() => attempts().length >= count, { what: `${count} attempts of ${mark}`, timeoutMs: 15_000 });
    const times = attempts().slice(0, count);
    return times.slice(1).map((t, i) => t - times[i]!);
  };

  beforeAll(async () => {
    dir = tempDir("wire-dapr-resiliency-");
    await writeFile(path.join(dir, "pubsub.yaml"), daprComponent("pubsub", "pubsub.in-memory"));
    await writeFile(path.join(dir, "resiliency.yaml"), resiliency("DefaultComponentInboundRetryPolicy", "250ms"));
    app = await startTestApp({ discovery: "dapr", subscriptions: [{ pubsubname: "pubsub", topic: "failing", route: "/failing" }] });
    app.respond("/failing", (request) => {
      arrivals.push({ text: request.body.toString(), at: Date.now() });
      return { status: 500 };
    });
    sidecar = await startSidecar({ appId: "wire-dapr-resiliency", args: ["--app-port", String(app.port), "--resources-path", dir] });
    await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] }).subscriptions?.length === 1, { what: "the subscription" });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("retries delivery by DefaultComponentInboundRetryPolicy when no Resiliency names the pub/sub, and follows a reload to DefaultRetryPolicy", async () => {
    // The built-in delivery policy would start at 100 ms and double; the constant 250 ms policy holds every gap.
    for (const gap of await gaps("first", 5)) expect(gap).toBeGreaterThanOrEqual(235);
    await writeFile(path.join(dir, "resiliency.yaml"), resiliency("DefaultRetryPolicy", "1200ms"));
    await waitFor(() => sidecar!.output().includes("for every other component: DefaultRetryPolicy"), { what: "the reload" });
    const [gap] = await gaps("second", 2);
    expect(gap).toBeGreaterThanOrEqual(1150);
  }, 30_000);
});
