import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { EventSource } from "undici";
import { waitFor } from "../support/ports.js";
import { resourcesFolder, startRuntime, type TestRuntime } from "../support/runtime.js";
import { ackOver, dataOf, HttpStreamClient } from "../support/stream-client.js";
import { streamsPubsubs } from "../support/manifests.js";

/**
 * Streaming subscriptions over plain HTTP against an in-process sidecar without an app: NDJSON and SSE,
 * acknowledgements, redelivery, dead letters, several streams on one topic, a killed stream, scopes,
 * refusals, and maxInFlight holding a subscriber that does not acknowledge.
 */

const RESOURCES = {
  "pubsub.yaml": streamsPubsubs("test-app"),
};

/** Fast retries: a RETRY comes back in milliseconds. */
const FAST = { retryInitialInterval: "10ms", retryMaxInterval: "20ms" };

let rt: TestRuntime;
let clients: HttpStreamClient[] = [];
let topicCount = 0;
const freshTopic = (): string => `t${++topicCount}`;

beforeAll(async () => {
  rt = await startRuntime({ resourcesPaths: [await resourcesFolder(RESOURCES)] });
});
afterAll(() => rt.close());
afterEach(() => {
  for (const client of clients) client.kill();
  clients = [];
});

async function open(body: Record<string, unknown>, options: { token?: string; sse?: boolean } = {}): Promise<HttpStreamClient> {
  const client = await HttpStreamClient.open(rt.url, { pubsubname: "pubsub", metadata: FAST, ...body }, options);
  clients.push(client);
  if (client.statusCode === 200) await client.waitForOpen();
  return client;
}

async function publish(topic: string, data: unknown, pubsub = "pubsub"): Promise<void> {
  const response = await fetch(`${rt.url}/v1.0/publish/${pubsub}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) });
  expect(response.status).toBe(204);
}

async function metadataSubscriptions(): Promise<Array<Record<string, unknown>>> {
  // Left out while there is none, as daprd leaves empty lists out.
  const body = (await (await fetch(`${rt.url}/v1.0/metadata`)).json()) as { subscriptions?: Array<Record<string, unknown>> };
  return body.subscriptions ?? [];
}

async function counter(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await rt.runtime.metrics.registry.getSingleMetric(`runtime_${name}`)?.get();
  return (metric?.values ?? []).filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x)).reduce((sum, v) => sum + v.value, 0);
}

describe("an NDJSON stream", () => {
  it("opens with its id, delivers each message as a line, takes SUCCESS and is listed as STREAMING while open", async () => {
    const topic = freshTopic();
    const client = await open({ topic });
    expect(client.frames[0]).toMatchObject({ type: "subscribed", pubsubname: "pubsub", topic });
    expect(await metadataSubscriptions()).toContainEqual(expect.objectContaining({ pubsubname: "pubsub", topic, type: "STREAMING" }));
    for (const n of [1, 2, 3]) await publish(topic, { n });
    const events = await client.waitForEvents(3);
    expect(events.map(dataOf)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(events[0]!.id).toBe(events[0]!.event!["id"]);
    expect(await client.ack(events.map((e) => ({ id: e.id, status: "SUCCESS" })))).toEqual({ status: 204, body: "" });
    await waitFor(async () => (await counter("pubsub_ingress_total", { topic, process_status: "success" })) === 3, { what: "3 successes in pubsub_ingress_total" });
    // The same id again: nothing waits for it any more; ignored, and said so.
    expect(await client.ack({ id: events[0]!.id })).toEqual({ status: 200, body: JSON.stringify({ unknownIds: [events[0]!.id] }) });
    expect(rt.logs()).toContain("acknowledgement for unknown message id");
    client.kill();
    await waitFor(async () => !(await metadataSubscriptions()).some((s) => s["topic"] === topic), { what: "the stream to leave /v1.0/metadata" });
  });

  it("delivers a message again after RETRY, and drops it on DROP (statuses in any letter case)", async () => {
    const topic = freshTopic();
    const client = await open({ topic });
    await publish(topic, { retry: "me" });
    const [first] = await client.waitForEvents(1);
    await client.ack({ id: first!.id, status: "Retry" });
    const again = (await client.waitForEvents(2))[1]!;
    expect(again.id).toBe(first!.id);
    await client.ack({ id: again.id, status: "drop" });
    await waitFor(async () => (await counter("pubsub_ingress_total", { topic, process_status: "drop" })) === 1, { what: "a drop in pubsub_ingress_total" });
    expect(await counter("pubsub_ingress_total", { topic, process_status: "retry" })).toBe(1);
  });

  it("moves a dropped message to the stream's dead-letter topic, which another stream reads", async () => {
    const topic = freshTopic();
    const deadLetterTopic = `${topic}-dead`;
    const dead = await open({ topic: deadLetterTopic });
    const client = await open({ topic, deadLetterTopic });
    await publish(topic, { doomed: true });
    const [event] = await client.waitForEvents(1);
    await client.ack({ id: event!.id, status: "DROP" });
    const [moved] = await dead.waitForEvents(1);
    expect(dataOf(moved!)).toEqual({ doomed: true });
    expect(await counter("pubsub_deadletter_total", { topic, reason: "drop" })).toBe(1);
  });

  it("shares a topic between two streams: each message reaches one of them once", async () => {
    const topic = freshTopic();
    const a = await open({ topic });
    const b = await open({ topic });
    const seen = new Map<number, number>();
    const ackAll = async (client: HttpStreamClient, acked: Set<string>): Promise<void> => {
      for (const e of client.events) {
        if (acked.has(e.id)) continue;
        acked.add(e.id);
        const n = (dataOf(e) as { n: number }).n;
        seen.set(n, (seen.get(n) ?? 0) + 1);
        await client.ack({ id: e.id });
      }
    };
    for (let n = 0; n < 20; n++) await publish(topic, { n });
    const ackedA = new Set<string>();
    const ackedB = new Set<string>();
    await waitFor(async () => {
      await ackAll(a, ackedA);
      await ackAll(b, ackedB);
      return seen.size === 20;
    }, { what: "20 messages over two streams" });
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(a.events.length).toBeGreaterThan(0);
    expect(b.events.length).toBeGreaterThan(0);
    expect((await metadataSubscriptions()).filter((s) => s["topic"] === topic)).toHaveLength(2);
  });

  it("hands what a killed stream had not acknowledged to the next stream", async () => {
    const topic = freshTopic();
    const first = await open({ topic, maxInFlight: 5 });
    for (let n = 0; n < 5; n++) await publish(topic, { n });
    const unacked = (await first.waitForEvents(5)).map((e) => e.id);
    first.kill();
    await waitFor(() => rt.logs().includes(`(stream ${first.id}) closed`), { what: "the first stream to close" });
    const next = await open({ topic });
    const redelivered = await next.waitForEvents(5);
    expect(redelivered.map((e) => e.id).sort()).toEqual([...unacked].sort());
  });

  it("keeps one line per message for a CloudEvent published pretty-printed, and carries raw payloads as base64", async () => {
    const topic = freshTopic();
    const client = await open({ topic });
    const pretty = JSON.stringify({ specversion: "1.0", id: "pretty-1", source: "test", type: "t", datacontenttype: "application/json", data: { line: "a\nb" } }, null, 2);
    const published = await fetch(`${rt.url}/v1.0/publish/pubsub/${topic}`, { method: "POST", headers: { "content-type": "application/cloudevents+json" }, body: pretty });
    expect(published.status).toBe(204);
    const [event] = await client.waitForEvents(1);
    expect(event!.id).toBe("pretty-1");
    expect(dataOf(event!)).toEqual({ line: "a\nb" });
    await client.ack({ id: event!.id });
    const raw = await open({ topic: `${topic}-raw`, metadata: { rawPayload: "true" } });
    const rawPublished = await fetch(`${rt.url}/v1.0/publish/pubsub/${topic}-raw?metadata.rawPayload=true`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: Buffer.from([0, 1, 2, 255]) });
    expect(rawPublished.status).toBe(204);
    const [rawEvent] = await raw.waitForEvents(1);
    expect(rawEvent).toMatchObject({ rawPayload: true, data_base64: Buffer.from([0, 1, 2, 255]).toString("base64") });
  });

  it("groups messages into bulks acknowledged per entry", async () => {
    const topic = freshTopic();
    // A window the four publishes fit in on a loaded machine: the bulk leaves when the fourth arrives.
    const client = await open({ topic, bulk: { maxMessagesCount: 4, maxAwaitDurationMs: 2000 } });
    for (let n = 0; n < 4; n++) await publish(topic, { n });
    await waitFor(() => client.frames.some((f) => f.type === "bulk"), { what: "a bulk frame" });
    const bulk = client.frames.find((f) => f.type === "bulk")!;
    expect(bulk.entries!.map((e) => (e.event["data"] as { n: number }).n).sort()).toEqual([0, 1, 2, 3]);
    const [retried, ...rest] = bulk.entries!;
    await client.ack([{ id: retried!.entryId, status: "RETRY" }, ...rest.map((e) => ({ id: e.entryId, status: "SUCCESS" }))]);
    // Only the entry answered RETRY comes back, in a bulk of its own (after maxAwaitDurationMs).
    await waitFor(() => client.frames.filter((f) => f.type === "bulk").length === 2, { what: "the retried entry's bulk" });
    const second = client.frames.filter((f) => f.type === "bulk")[1]!;
    expect(second.entries!.map((e) => e.event["id"])).toEqual([retried!.event["id"]]);
  });

  it("never has more than maxInFlight messages out unacknowledged", async () => {
    const topic = freshTopic();
    const client = await open({ topic, maxInFlight: 3 });
    for (let n = 0; n < 12; n++) await publish(topic, { n });
    let acked = 0;
    let maxOutstanding = 0;
    while (acked < 12) {
      await waitFor(() => client.events.length > acked, { what: `event ${acked + 1}` });
      maxOutstanding = Math.max(maxOutstanding, client.events.length - acked);
      const { status } = await client.ack({ id: client.events[acked]!.id });
      expect(status).toBe(204);
      acked++;
    }
    await client.waitForEvents(3);
    // Counted after each ack was confirmed, so the sidecar's count was never above what the client saw.
    expect(maxOutstanding).toBeLessThanOrEqual(3);
    expect(maxOutstanding).toBe(3);
    expect(new Set(client.events.map((e) => (dataOf(e) as { n: number }).n)).size).toBe(12);
  });
});

describe("an SSE stream", () => {
  it("serves text/event-stream to a POST and to a browser's EventSource (GET with query parameters)", async () => {
    const topic = freshTopic();
    const posted = await open({ topic }, { sse: true });
    expect(posted.frames[0]).toMatchObject({ type: "subscribed", topic });
    const source = new EventSource(`${rt.url}/v1.0-alpha1/subscriptions/stream?pubsubname=pubsub&topic=${topic}-es&maxInFlight=2&metadata.retryInitialInterval=10ms`);
    const received: Array<{ type: string; id?: string; data?: unknown }> = [];
    let streamId = "";
    source.addEventListener("subscribed", (e) => (streamId = (JSON.parse((e as unknown as { data: string }).data) as { id: string }).id));
    source.addEventListener("event", (e) => received.push(JSON.parse((e as unknown as { data: string }).data) as { type: string; id: string }));
    try {
      await waitFor(() => streamId !== "", { what: "EventSource's subscribed event" });
      await publish(topic, { to: "post" });
      await publish(`${topic}-es`, { to: "eventsource" });
      const [event] = await posted.waitForEvents(1);
      expect(dataOf(event!)).toEqual({ to: "post" });
      await waitFor(() => received.length === 1, { what: "EventSource's event" });
      expect((received[0] as { event: { data: unknown } } & typeof received[0]).event.data).toEqual({ to: "eventsource" });
      expect((await ackOver(rt.url, streamId, { id: received[0]!.id, status: "SUCCESS" })).status).toBe(204);
      expect((await posted.ack({ id: event!.id })).status).toBe(204);
    } finally {
      source.close();
    }
  });
});

describe("refusals", () => {
  it.each([
    ["an unknown pub/sub", { pubsubname: "nope", topic: "x" }, 404, "ERR_PUBSUB_NOT_FOUND"],
    ["no topic", { pubsubname: "pubsub" }, 404, "ERR_TOPIC_NAME_EMPTY"],
    ["no pub/sub name", { pubsubname: "", topic: "x" }, 404, "ERR_PUBSUB_EMPTY"],
    ["a topic the component's scopes refuse", { pubsubname: "scoped", topic: "other" }, 403, "ERR_PUBSUB_FORBIDDEN"],
    ["a maxInFlight of 0", { pubsubname: "pubsub", topic: "x", maxInFlight: 0 }, 400, "ERR_MALFORMED_REQUEST"],
    ["a bad subscription metadata value", { pubsubname: "pubsub", topic: "x", metadata: { maxRetries: "many" } }, 400, "ERR_MALFORMED_REQUEST"],
    ["a body that is not JSON", "{nope", 400, "ERR_MALFORMED_REQUEST"],
  ])("%s: refused, and the sidecar goes on serving", async (_name, body, status, errorCode) => {
    const client = await HttpStreamClient.open(rt.url, body);
    expect(client.statusCode).toBe(status);
    expect(client.refusal?.errorCode).toBe(errorCode);
    expect((await fetch(`${rt.url}/v1.0/healthz/outbound`)).status).toBe(204);
  });

  it("lets a scoped topic through", async () => {
    const client = await open({ pubsubname: "scoped", topic: "allowed" });
    await publish("allowed", { ok: 1 }, "scoped");
    expect(dataOf((await client.waitForEvents(1))[0]!)).toEqual({ ok: 1 });
  });

  it("answers 404 to acknowledgements for a stream that is not open, 400 to a malformed one", async () => {
    expect((await ackOver(rt.url, "no-such-stream", { id: "x" })).status).toBe(404);
    const client = await open({ topic: freshTopic() });
    const bad = await client.ack({ id: "x", status: "MAYBE" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("SUCCESS, RETRY or DROP");
  });
});

describe("with an API token", () => {
  let guarded: TestRuntime;
  beforeAll(async () => {
    guarded = await startRuntime({ apiToken: "s3cret", resourcesPaths: [await resourcesFolder(RESOURCES)] });
  });
  afterAll(() => guarded.close());

  it("refuses a stream and its acknowledgements without the token, serves them with it", async () => {
    const refused = await HttpStreamClient.open(guarded.url, { pubsubname: "pubsub", topic: "guarded" });
    expect(refused.statusCode).toBe(401);
    const client = await HttpStreamClient.open(guarded.url, { pubsubname: "pubsub", topic: "guarded" }, { token: "s3cret" });
    clients.push(client);
    await client.waitForOpen();
    const published = await fetch(`${guarded.url}/v1.0/publish/pubsub/guarded`, { method: "POST", headers: { "dapr-api-token": "s3cret", "content-type": "application/json" }, body: "{}" });
    expect(published.status).toBe(204);
    const [event] = await client.waitForEvents(1);
    expect((await ackOver(guarded.url, client.id, { id: event!.id })).status).toBe(401);
    expect((await client.ack({ id: event!.id })).status).toBe(204);
  });
});

describe("shutdown", () => {
  it("ends open streams first, so the API's drain does not wait its grace period on them", async () => {
    const closing = await startRuntime({ gracefulShutdownMs: 20_000, resourcesPaths: [await resourcesFolder(RESOURCES)] });
    const client = await HttpStreamClient.open(closing.url, { pubsubname: "pubsub", topic: "closing" });
    clients.push(client);
    await client.waitForOpen();
    const started = Date.now();
    await closing.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitFor(() => client.ended, { what: "the stream's response to end" });
    expect(closing.logs()).toContain("closed");
  });
});
