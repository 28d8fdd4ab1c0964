import { isUtf8 } from "node:buffer";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { resourcesFolder, startRuntime, type TestRuntime } from "../support/runtime.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

const TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

const COMPONENTS = {
  "pubsub.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: pubsub}
spec: {type: pubsub.in-memory, version: v1, metadata: []}
`,
  "scoped.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: scoped}
spec:
  type: pubsub.in-memory
  version: v1
  metadata:
  - {name: publishingScopes, value: "test-app=allowed,shared;other-app="}
  - {name: protectedTopics, value: "secret"}
`,
  "allowed.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: allowlist}
spec:
  type: pubsub.in-memory
  version: v1
  metadata:
  - {name: allowedTopics, value: "a,b"}
`,
  // One undelivered message at most: the second entry of a bulk publish fails, deterministically.
  "tiny.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: tiny}
spec: {type: pubsub.in-memory, version: v1, metadata: [{name: maxBufferedMessages, value: "1"}]}
`,
};

/** Every topic the app subscribes to on `pubsub`, delivered to /events/<topic>. */
const TOPICS = ["text", "json", "binary", "ce", "nested/topic/name", "ttl", "raw", "raw-typed", "trace", "bulk", "bulkraw", "split", "meta", "bulkcase"];

let rt: TestRuntime;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    subscriptions: [
      ...TOPICS.map((topic) => ({ pubsubname: "pubsub", topic, route: `/events/${topic}` })),
      { pubsubname: "pubsub", topic: "raw-sub", route: "/events/raw-sub", metadata: { rawPayload: "true" } },
      { pubsubname: "tiny", topic: "full", route: "/events/full" },
    ],
  });
  rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder(COMPONENTS)] });
  await waitSubscribed();
});

afterAll(async () => {
  await rt?.close();
  await app?.close();
});

async function waitSubscribed(): Promise<void> {
  const { waitFor } = await import("../support/ports.js");
  await waitFor(async () => (await request(rt.url).get("/v1.0/metadata")).body.subscriptions?.length === TOPICS.length + 2, { what: "subscriptions in /v1.0/metadata" });
}

async function deliveredOn(topic: string, count = 1): Promise<Array<Record<string, unknown>>> {
  const got = await app.waitForRequests(`/events/${topic}`, count);
  return got.map((r) => r.json());
}

describe("POST /v1.0/publish/<pubsubname>/<topic> (spec endpoint 1)", () => {
  it("answers 204 and delivers a CloudEvent with the envelope attributes of docs/api.md; text/plain data is a string", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/text").set("content-type", "text/plain").send("hello").expect(204);
    const [event] = await deliveredOn("text");
    expect(event).toMatchObject({ specversion: "1.0", source: "test-app", type: "com.runtime.event.sent", datacontenttype: "text/plain", data: "hello", topic: "text", pubsubname: "pubsub" });
    expect(event!["id"]).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(Date.parse(event!["time"] as string)).not.toBeNaN();
    expect(event!["expiration"]).toBeUndefined();
  });

  it("defaults datacontenttype to text/plain when no Content-Type is given", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/text").send(Buffer.from("no type")).unset("content-type").expect(204);
    const events = await deliveredOn("text", 2);
    expect(events[1]).toMatchObject({ datacontenttype: "text/plain", data: "no type" });
  });

  it("embeds JSON data as JSON", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/json").set("content-type", "application/json").send({ orderId: 7, items: ["a"] }).expect(204);
    const [event] = await deliveredOn("json");
    expect(event).toMatchObject({ datacontenttype: "application/json", data: { orderId: 7, items: ["a"] } });
  });

  it("passes JSON data through as sent: integers beyond 2^53 keep every digit; bytes that do not parse become a string", async () => {
    const body = '{"orderId": 12345678901234567890, "price": 1.10}';
    await request(rt.url).post("/v1.0/publish/pubsub/json").set("content-type", "application/json").send(body).expect(204);
    await request(rt.url).post("/v1.0/publish/pubsub/json").set("content-type", "application/json; charset=utf-8").send("{not json").expect(204);
    const got = await app.waitForRequests("/events/json", 3);
    expect(got[1]!.body.toString("utf8")).toContain(`"data":${body}`);
    expect(got[2]!.json()).toMatchObject({ datacontenttype: "application/json; charset=utf-8", data: "{not json" });
  });

  it("never puts bytes that are not UTF-8 into the envelope: JSON data is carried as its decoded text", async () => {
    const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    // fetch, not supertest: supertest would serialise a Buffer sent as JSON.
    const res = await fetch(`${rt.url}/v1.0/publish/pubsub/json`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(204);
    const got = await app.waitForRequests("/events/json", 4);
    expect(isUtf8(got[3]!.body)).toBe(true);
    expect(got[3]!.json()).toMatchObject({ data: { name: "\ufffd\ufffd" } });
  });

  it("carries binary data as data_base64", async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await request(rt.url).post("/v1.0/publish/pubsub/binary").set("content-type", "application/octet-stream").send(bytes).expect(204);
    const [event] = await deliveredOn("binary");
    expect(event!["data_base64"]).toBe(bytes.toString("base64"));
    expect(event!["data"]).toBeUndefined();
  });

  it("keeps the attributes of an application/cloudevents+json body and sets topic and pubsubname", async () => {
    const ce = { specversion: "1.0", id: "my-id", source: "my-source", type: "my.type", datacontenttype: "application/json", data: { a: 1 }, myext: "x" };
    await request(rt.url).post("/v1.0/publish/pubsub/ce").set("content-type", "application/cloudevents+json").send(JSON.stringify(ce)).expect(204);
    const [event] = await deliveredOn("ce");
    expect(event).toMatchObject({ ...ce, topic: "ce", pubsubname: "pubsub" });
  });

  it("rejects a cloudevents+json body that is not a JSON object with 400 ERR_PUBSUB_CLOUD_EVENTS_SER", async () => {
    const res = await request(rt.url).post("/v1.0/publish/pubsub/ce").set("content-type", "application/cloudevents+json").send("{not json").expect(400);
    expect(res.body).toEqual({ errorCode: "ERR_PUBSUB_CLOUD_EVENTS_SER", message: expect.stringContaining("not valid JSON") });
  });

  it("accepts a topic containing '/'", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/nested/topic/name").set("content-type", "text/plain").send("deep").expect(204);
    const [event] = await deliveredOn("nested/topic/name");
    expect(event).toMatchObject({ topic: "nested/topic/name", data: "deep" });
  });

  it("sets expiration from metadata.ttlInSeconds", async () => {
    const before = Date.now();
    await request(rt.url).post("/v1.0/publish/pubsub/ttl?metadata.ttlInSeconds=120").send("t").expect(204);
    const [event] = await deliveredOn("ttl");
    const expiration = Date.parse(event!["expiration"] as string);
    expect(expiration).toBeGreaterThanOrEqual(before + 119_000);
    expect(expiration).toBeLessThanOrEqual(Date.now() + 121_000);
  });

  it("rejects a ttlInSeconds that is not a whole number with 400 ERR_PUBSUB_REQUEST_METADATA", async () => {
    const res = await request(rt.url).post("/v1.0/publish/pubsub/ttl?metadata.ttlInSeconds=soon").send("t").expect(400);
    expect(res.body.errorCode).toBe("ERR_PUBSUB_REQUEST_METADATA");
  });

  it("publishes the body unwrapped with metadata.rawPayload=true (a CloudEvent subscriber gets it wrapped as data_base64)", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/raw?metadata.rawPayload=true").set("content-type", "application/octet-stream").send(Buffer.from("plain bytes")).expect(204);
    const [event] = await deliveredOn("raw");
    expect(Buffer.from(event!["data_base64"] as string, "base64").toString()).toBe("plain bytes");
    expect(event).toMatchObject({ source: "runtime", type: "com.runtime.event.sent", specversion: "1.0", topic: "raw", pubsubname: "pubsub" });
  });

  it("wraps a raw JSON or text message for a CloudEvent subscriber as Dapr does: data_base64, application/octet-stream", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/raw-typed?metadata.rawPayload=true").set("content-type", "application/json").send('{"order":7}').expect(204);
    await request(rt.url).post("/v1.0/publish/pubsub/raw-typed?metadata.rawPayload=true").set("content-type", "text/plain").send("seven").expect(204);
    const events = await deliveredOn("raw-typed", 2);
    const carried = events.map((e) => [e["datacontenttype"], e["data"], Buffer.from(e["data_base64"] as string, "base64").toString()]);
    expect(carried).toEqual(expect.arrayContaining([["application/octet-stream", undefined, '{"order":7}'], ["application/octet-stream", undefined, "seven"]]));
  });

  it("delivers the raw body to a rawPayload subscription", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/raw-sub?metadata.rawPayload=true").set("content-type", "text/plain").send("as is").expect(204);
    const [got] = await app.waitForRequests("/events/raw-sub", 1);
    expect(got!.body.toString()).toBe("as is");
    expect(got!.headers["content-type"]).toContain("text/plain");
  });

  it("carries a W3C traceparent into the envelope and on to the subscriber", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/trace").set("traceparent", TRACEPARENT).send("traced").expect(204);
    const [got] = await app.waitForRequests("/events/trace", 1);
    expect(got!.json()).toMatchObject({ traceparent: TRACEPARENT, traceid: TRACEPARENT });
    expect(got!.headers["traceparent"]).toBe(TRACEPARENT);
    expect(got!.headers["pubsubname"]).toBe("pubsub");
    expect(got!.headers["content-type"]).toBe("application/cloudevents+json");
  });

  it("answers 404 ERR_PUBSUB_NOT_FOUND for an unknown pub/sub", async () => {
    const res = await request(rt.url).post("/v1.0/publish/nope/orders").send("x").expect(404);
    expect(res.body).toEqual({ errorCode: "ERR_PUBSUB_NOT_FOUND", message: "pubsub nope is not found" });
  });

  it("answers 404 when no pub/sub name or no topic is given (spec Errors table)", async () => {
    expect((await request(rt.url).post("/v1.0/publish/pubsub").send("x").expect(404)).body.errorCode).toBe("ERR_TOPIC_NAME_EMPTY");
    expect((await request(rt.url).post("/v1.0/publish/pubsub/").send("x").expect(404)).body.errorCode).toBe("ERR_TOPIC_NAME_EMPTY");
    expect((await request(rt.url).post("/v1.0/publish/").send("x").expect(404)).body.errorCode).toBe("ERR_PUBSUB_EMPTY");
    expect((await request(rt.url).post("/v1.0/publish").send("x").expect(404)).body.errorCode).toBe("ERR_PUBSUB_EMPTY");
  });

  it("answers 403 ERR_PUBSUB_FORBIDDEN where publishingScopes, protectedTopics or allowedTopics forbid the topic", async () => {
    await request(rt.url).post("/v1.0/publish/scoped/allowed").send("x").expect(204);
    const res = await request(rt.url).post("/v1.0/publish/scoped/elsewhere").send("x").expect(403);
    expect(res.body).toEqual({ errorCode: "ERR_PUBSUB_FORBIDDEN", message: "topic elsewhere is not allowed for app id test-app" });
    await request(rt.url).post("/v1.0/publish/scoped/secret").send("x").expect(403);
    await request(rt.url).post("/v1.0/publish/allowlist/a").send("x").expect(204);
    expect((await request(rt.url).post("/v1.0/publish/allowlist/c").send("x").expect(403)).body.errorCode).toBe("ERR_PUBSUB_FORBIDDEN");
  });

  it("passes other metadata.* to the component and counts egress in runtime_pubsub_egress_total", async () => {
    await request(rt.url).post("/v1.0/publish/pubsub/meta?metadata.custom=1").send("m").expect(204);
    await deliveredOn("meta");
    const text = await rt.runtime.metrics.registry.metrics();
    expect(text).toMatch(/runtime_pubsub_egress_total\{component="pubsub",topic="meta",success="true"\} 1/);
    expect(text).toMatch(/runtime_pubsub_egress_latency_ms_count\{component="pubsub",topic="meta",success="true"\} 1/);
    expect(text).toMatch(/runtime_pubsub_ingress_total\{component="pubsub",topic="meta",process_status="success"\} 1/);
  });
});

describe("POST /v1.0-alpha1/publish/bulk/<pubsubname>/<topic> (spec endpoint 2)", () => {
  const bulk = (path: string): request.Test => request(rt.url).post(path).set("content-type", "application/json");

  it("answers 204 and delivers every entry, each wrapped as a CloudEvent; also served under /v1.0", async () => {
    const entries = [
      { entryId: "1", event: "first", contentType: "text/plain" },
      { entryId: "2", event: { n: 2 }, contentType: "application/json" },
      { entryId: "3", event: { specversion: "1.0", id: "ce-3", source: "s", type: "t", data: "third" }, contentType: "application/cloudevents+json" },
    ];
    await bulk("/v1.0-alpha1/publish/bulk/pubsub/bulk").send(JSON.stringify(entries)).expect(204);
    await bulk("/v1.0/publish/bulk/pubsub/bulk").send(JSON.stringify([{ entryId: "4", event: "fourth", contentType: "text/plain" }])).expect(204);
    const events = await deliveredOn("bulk", 4);
    expect(events.map((e) => e["data"]).sort()).toEqual(expect.arrayContaining(["first", { n: 2 }, "third", "fourth"]));
    expect(events.find((e) => e["data"] === "third")).toMatchObject({ id: "ce-3", source: "s", type: "t", topic: "bulk" });
    expect(events.find((e) => e["data"] === "first")).toMatchObject({ type: "com.runtime.event.sent", source: "test-app", datacontenttype: "text/plain" });
  });

  it("reads entry field names in any letter case, as Dapr does (the Dapr JS SDK sends entryID)", async () => {
    const entries = [
      { entryID: "c1", event: "sdk style", contentType: "text/plain" },
      { EntryId: "c2", Event: { n: 2 }, ContentType: "application/json", Metadata: { k: "v" } },
      { ENTRYID: "c3", EVENT: "upper", CONTENTTYPE: "text/plain" },
    ];
    await bulk("/v1.0-alpha1/publish/bulk/pubsub/bulkcase").send(JSON.stringify(entries)).expect(204);
    const events = await deliveredOn("bulkcase", 3);
    expect(events.map((e) => e["data"])).toEqual(expect.arrayContaining(["sdk style", { n: 2 }, "upper"]));
    const dup = await bulk("/v1.0-alpha1/publish/bulk/pubsub/bulkcase").send(JSON.stringify([{ entryID: "d", event: "x", contentType: "text/plain" }, { entryId: "d", event: "y", contentType: "text/plain" }])).expect(400);
    expect(dup.body.message).toMatch(/duplicated/);
  });

  it("reports a failed entry in failedEntries[].entryId (the spec's spelling) whatever spelling the request used", async () => {
    const entries = [
      { entryID: "kept", event: "one", contentType: "text/plain" },
      { entryID: "refused", event: "two", contentType: "text/plain" },
    ];
    const res = await bulk("/v1.0-alpha1/publish/bulk/tiny/full").send(JSON.stringify(entries)).expect(500);
    expect(res.body.errorCode).toBe("ERR_PUBSUB_PUBLISH_MESSAGE");
    expect(res.body.failedEntries).toEqual([{ entryId: "refused", error: expect.stringContaining("maxBufferedMessages") }]);
    expect((await deliveredOn("full")).map((e) => e["data"])).toEqual(["one"]);
  });

  it("publishes entries unwrapped with metadata.rawPayload=true (the subscriber's wrapper shows the publisher's attributes are absent)", async () => {
    await bulk("/v1.0-alpha1/publish/bulk/pubsub/bulkraw?metadata.rawPayload=true").send(JSON.stringify([{ entryId: "r", event: "raw entry", contentType: "text/plain" }])).expect(204);
    const [event] = await deliveredOn("bulkraw");
    // Wrapped on delivery, not on publish: no source app-id; as Dapr wraps a raw message, base64 octets.
    expect(event).toMatchObject({ data_base64: Buffer.from("raw entry").toString("base64"), datacontenttype: "application/octet-stream", source: "runtime" });
  });

  it("splits the batch at metadata.maxBulkPubBytes and still delivers everything", async () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ entryId: `s${i}`, event: `x`.repeat(100) + i, contentType: "text/plain" }));
    await bulk("/v1.0-alpha1/publish/bulk/pubsub/split?metadata.maxBulkPubBytes=700").send(JSON.stringify(entries)).expect(204);
    const events = await deliveredOn("split", 10);
    expect(new Set(events.map((e) => e["data"]))).toEqual(new Set(entries.map((e) => e.event)));
  });

  it("answers 400 for an unknown pub/sub (spec: bulk differs from single publish)", async () => {
    const res = await bulk("/v1.0-alpha1/publish/bulk/nope/t").send("[]").expect(400);
    expect(res.body).toEqual({ errorCode: "ERR_PUBSUB_NOT_FOUND", message: "pubsub nope is not found" });
  });

  it.each([
    ["a non-JSON body", "application/json", "[{", /not valid JSON/],
    ["a body that is not an array", "application/json", "{}", /JSON array/],
    ["a wrong Content-Type", "text/plain", "[]", /Content-Type must be application\/json/],
    ["a missing entryId", "application/json", JSON.stringify([{ event: "x", contentType: "text/plain" }]), /entryId is required/],
    ["a duplicate entryId", "application/json", JSON.stringify([{ entryId: "1", event: "x", contentType: "text/plain" }, { entryId: "1", event: "y", contentType: "text/plain" }]), /duplicated/],
    ["a missing contentType", "application/json", JSON.stringify([{ entryId: "1", event: "x" }]), /contentType is required/],
    ["a missing event", "application/json", JSON.stringify([{ entryId: "1", contentType: "text/plain" }]), /event is required/],
  ])("answers 400 ERR_PUBSUB_EVENTS_SER for %s", async (_what, contentType, body, message) => {
    const res = await request(rt.url).post("/v1.0-alpha1/publish/bulk/pubsub/bulk").set("content-type", contentType).send(body).expect(400);
    expect(res.body.errorCode).toBe("ERR_PUBSUB_EVENTS_SER");
    expect(res.body.message).toMatch(message);
  });

  it("answers 403 ERR_PUBSUB_FORBIDDEN when scoping forbids the topic", async () => {
    const res = await bulk("/v1.0-alpha1/publish/bulk/scoped/elsewhere").send(JSON.stringify([{ entryId: "1", event: "x", contentType: "text/plain" }])).expect(403);
    expect(res.body.errorCode).toBe("ERR_PUBSUB_FORBIDDEN");
  });

  it("answers 404 when no pub/sub name or topic is given", async () => {
    expect((await bulk("/v1.0-alpha1/publish/bulk/pubsub").send("[]").expect(404)).body.errorCode).toBe("ERR_TOPIC_NAME_EMPTY");
    expect((await bulk("/v1.0-alpha1/publish/bulk").send("[]").expect(404)).body.errorCode).toBe("ERR_PUBSUB_EMPTY");
  });
});
