import { afterEach, describe, expect, it } from "@jest/globals";
import request from "supertest";
import type { RuntimeOptions } from "../../pkg/runtime/options.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder, startRuntime, type TestRuntime } from "../support/runtime.js";
import { startTestApp, type TestApp, type TestAppOptions } from "../support/testapp.js";
import { componentYaml } from "../support/manifests.js";

/** Fast retries so redelivery tests take milliseconds (subscription metadata). */
const FAST = { retryInitialInterval: "10ms", retryMaxInterval: "50ms" };

const PUBSUB = componentYaml("pubsub", "pubsub.in-memory");

let running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.reverse()) await r.close();
  running = [];
});

interface Setup {
  rt: TestRuntime;
  app: TestApp;
}

async function setup(subscriptions: unknown[], options: { files?: Record<string, string>; runtime?: Partial<RuntimeOptions>; app?: TestAppOptions; expect?: number } = {}): Promise<Setup> {
  const app = await startTestApp({ subscriptions, ...options.app });
  running.push(app);
  const rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": PUBSUB, ...options.files })], ...options.runtime });
  running.push(rt);
  const expected = options.expect ?? subscriptions.length;
  await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
  expect(rt.runtime.subscriptions()).toHaveLength(expected);
  return { rt, app };
}

const sub = (topic: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ pubsubname: "pubsub", topic, routes: { default: `/${topic}` }, metadata: FAST, ...extra });
const publish = (rt: TestRuntime, topic: string, body: unknown, contentType = "application/json"): Promise<unknown> =>
  request(rt.url).post(`/v1.0/publish/pubsub/${topic}`).set("content-type", contentType).send(typeof body === "string" ? body : JSON.stringify(body)).expect(204);

/** Waits until `path` got `count` requests, then a little longer, and returns how many there were (to see that nothing more came). */
async function settledCount(app: TestApp, path: string, count: number, rt: TestRuntime, logLine: string): Promise<number> {
  await app.waitForRequests(path, count);
  await waitFor(() => rt.logs().includes(logLine), { what: `log line ${JSON.stringify(logLine)}` });
  return app.on(path).length;
}

async function metricsText(rt: TestRuntime): Promise<string> {
  return rt.runtime.metrics.registry.metrics();
}

describe("reply handling for A2 (spec table), 2xx rows", () => {
  it.each([
    ["{status: SUCCESS}", { status: 200, body: { status: "SUCCESS" } }],
    ["an empty body", { status: 200 }],
    ["a body without status", { status: 200, body: { other: 1 } }],
    ["an invalid JSON body (ignored)", { status: 200, body: "{not json" }],
    ["a 204", { status: 204 }],
  ])("acknowledges on 2xx with %s: delivered exactly once", async (_what, reply) => {
    const { rt, app } = await setup([sub("t")]);
    app.respond("/t", () => reply);
    await publish(rt, "t", { n: 1 });
    await app.waitForRequests("/t", 1);
    await waitFor(async () => /runtime_pubsub_ingress_total\{component="pubsub",topic="t",process_status="success"\} 1/.test(await metricsText(rt)), { what: "success metric" });
    expect(app.on("/t")).toHaveLength(1);
  });

  it("retries on {status: RETRY} until SUCCESS", async () => {
    const { rt, app } = await setup([sub("t")]);
    app.respond("/t", (_r, n) => ({ status: 200, body: { status: n < 3 ? "RETRY" : "SUCCESS" } }));
    await publish(rt, "t", { n: 1 });
    const got = await app.waitForRequests("/t", 3);
    expect(new Set(got.map((r) => r.json()["id"])).size).toBe(1);
    expect(await metricsText(rt)).toMatch(/runtime_pubsub_ingress_total\{component="pubsub",topic="t",process_status="retry"\} 2/);
  });

  it("treats an unknown status as an error and retries", async () => {
    const { rt, app } = await setup([sub("t")]);
    app.respond("/t", (_r, n) => ({ status: 200, body: { status: n === 1 ? "MAYBE" : "SUCCESS" } }));
    await publish(rt, "t", { n: 1 });
    await app.waitForRequests("/t", 2);
    expect(rt.logs()).toContain("unknown processing status");
  });

  it("drops on {status: DROP} with a warning: delivered once, never again", async () => {
    const { rt, app } = await setup([sub("t"), sub("after")]);
    app.respond("/t", () => ({ status: 200, body: { status: "DROP" } }));
    await publish(rt, "t", { n: 1 });
    expect(await settledCount(app, "/t", 1, rt, "the app answered DROP")).toBe(1);
    // A later message on another topic arrives; the dropped one still was not redelivered.
    await publish(rt, "after", { n: 2 });
    await app.waitForRequests("/after", 1);
    expect(app.on("/t")).toHaveLength(1);
    expect(await metricsText(rt)).toMatch(/runtime_pubsub_ingress_total\{component="pubsub",topic="t",process_status="drop"\} 1/);
  });
});

describe("reply handling for A2 (spec table), error rows", () => {
  it("drops on 404 with an error log line", async () => {
    const { rt, app } = await setup([sub("t"), sub("after")]);
    app.respond("/t", () => ({ status: 404 }));
    await publish(rt, "t", { n: 1 });
    expect(await settledCount(app, "/t", 1, rt, "the app answered 404")).toBe(1);
    await publish(rt, "after", { n: 2 });
    await app.waitForRequests("/after", 1);
    expect(app.on("/t")).toHaveLength(1);
    expect(rt.logs()).toMatch(/"level":"error".*dropping message/);
  });

  it("retries on 500 (warning) with backoff until the app succeeds", async () => {
    const { rt, app } = await setup([sub("t")]);
    app.respond("/t", (_r, n) => ({ status: n <= 3 ? 500 : 200 }));
    await publish(rt, "t", { n: 1 });
    await app.waitForRequests("/t", 4);
    expect(rt.logs()).toMatch(/"level":"warn".*will be retried.*the app answered 500/);
  });

  it("retries while the app is down, then delivers once it is back", async () => {
    const { rt, app } = await setup([sub("t")]);
    await app.close();
    await publish(rt, "t", { n: "while down" });
    await waitFor(() => /will be retried.*(ECONNREFUSED|ECONNRESET|socket hang up)/.test(rt.logs()), { what: "a retry after a refused connection" });
    const back = await startTestApp({ port: app.port, subscriptions: [] });
    running.push(back);
    const [got] = await back.waitForRequests("/t", 1);
    expect(got!.json()["data"]).toEqual({ n: "while down" });
  });

  it("does not let a message being retried block the others (maxConcurrency 1)", async () => {
    const { rt, app } = await setup([sub("t", { metadata: { ...FAST, maxConcurrency: "1" } })]);
    let releaseA = false;
    app.respond("/t", (r) => (r.json<{ data: string }>().data === "A" && !releaseA ? { status: 500 } : { status: 200 }));
    await publish(rt, "t", "A", "text/plain");
    await app.waitForRequests("/t", 2);
    await publish(rt, "t", "B", "text/plain");
    await waitFor(() => app.on("/t").some((r) => r.json()["data"] === "B"), { what: "B delivered while A is retried" });
    releaseA = true;
    await waitFor(() => app.on("/t").filter((r) => r.json()["data"] === "A").length >= 3, { what: "A delivered eventually" });
  });

  it("bounds concurrent deliveries per subscription (maxConcurrency 2): a slow app gets backpressure", async () => {
    const { rt, app } = await setup([sub("t", { metadata: { ...FAST, maxConcurrency: "2" } })]);
    let inFlight = 0;
    let peak = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app.respond("/t", async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await gate;
      inFlight--;
      return { status: 200 };
    });
    for (let i = 0; i < 6; i++) await publish(rt, "t", { i });
    await app.waitForRequests("/t", 2);
    expect(app.on("/t")).toHaveLength(2);
    release();
    await app.waitForRequests("/t", 6);
    expect(peak).toBe(2);
  });
});

describe("delivery headers, token and envelope on the way to the app", () => {
  it("sends the app token as runtime-api-token (and never the API token), header pubsubname and the CloudEvent content type", async () => {
    const { rt, app } = await setup([sub("t")], { runtime: { appToken: "app-secret", apiToken: "api-secret" } });
    await request(rt.url).post("/v1.0/publish/pubsub/t").set("runtime-api-token", "api-secret").set("content-type", "text/plain").send("x").expect(204);
    const [got] = await app.waitForRequests("/t", 1);
    expect(got!.headers["runtime-api-token"]).toBe("app-secret");
    expect(JSON.stringify(got!.headers)).not.toContain("api-secret\"");
    expect(got!.headers["pubsubname"]).toBe("pubsub");
    expect(got!.headers["content-type"]).toBe("application/cloudevents+json");
    // Discovery carried the token too.
    expect(app.on("/runtime/subscribe")[0]!.headers["runtime-api-token"]).toBe("app-secret");
  });

  it("never delivers a message whose expiration has passed (a CloudEvent with an expiration in the past)", async () => {
    const { rt, app } = await setup([sub("t")]);
    const old = { specversion: "1.0", id: "expired-1", source: "s", type: "t", expiration: "2000-01-01T00:00:00Z", data: "old" };
    await publish(rt, "t", old, "application/cloudevents+json");
    await publish(rt, "t", "fresh", "text/plain");
    await waitFor(() => rt.logs().includes("dropping expired message expired-1"), { what: "expired drop log" });
    await app.waitForRequests("/t", 1);
    expect(app.on("/t").map((r) => r.json()["data"])).toEqual(["fresh"]);
  });

  it("stops retrying a message once its ttlInSeconds passed", async () => {
    const { rt, app } = await setup([sub("t")]);
    app.respond("/t", () => ({ status: 500 }));
    await request(rt.url).post("/v1.0/publish/pubsub/t?metadata.ttlInSeconds=1").set("content-type", "text/plain").send("short").expect(204);
    await waitFor(() => rt.logs().includes("dropping expired message"), { timeoutMs: 5000, what: "the expired message to be dropped" });
    const count = app.on("/t").length;
    expect(count).toBeGreaterThanOrEqual(1);
    await publish(rt, "t", "marker", "text/plain");
    await waitFor(() => app.on("/t").some((r) => r.json()["data"] === "marker"), { what: "a later message" });
    app.respond("/t", () => ({ status: 200 }));
    const afterExpiry = app.on("/t").slice(count).filter((r) => r.json()["data"] === "short");
    expect(afterExpiry).toHaveLength(0);
  });
});

describe("routing (spec Routing rules, CEL)", () => {
  const routed = sub("orders", { routes: { rules: [{ match: 'event.type == "widget"', path: "/widgets" }, { match: "event.data.priority > 5", path: "urgent" }], default: "/orders-default" } });

  it("takes the first matching rule in order, then the default", async () => {
    const { rt, app } = await setup([routed]);
    const ce = (type: string, data: unknown): Record<string, unknown> => ({ specversion: "1.0", id: `${type}-${JSON.stringify(data)}`, source: "s", type, datacontenttype: "application/json", data });
    await publish(rt, "orders", ce("widget", { priority: 9 }), "application/cloudevents+json");
    await publish(rt, "orders", ce("gadget", { priority: 9 }), "application/cloudevents+json");
    await publish(rt, "orders", ce("gadget", { priority: 1 }), "application/cloudevents+json");
    await publish(rt, "orders", ce("gadget", "no priority field"), "application/cloudevents+json");
    await app.waitForRequests("/widgets", 1);
    await app.waitForRequests("/urgent", 1);
    await app.waitForRequests("/orders-default", 2);
    expect(app.on("/widgets")[0]!.json()["data"]).toEqual({ priority: 9 });
    expect(app.on("/urgent")[0]!.json()["type"]).toBe("gadget");
  });

  it("drops with a warning when no rule matches and there is no default", async () => {
    const { rt, app } = await setup([sub("orders", { routes: { rules: [{ match: 'event.type == "widget"', path: "/widgets" }] } })]);
    await publish(rt, "orders", "not a widget", "text/plain");
    await waitFor(() => /"level":"warn".*no routing rule matched/.test(rt.logs()), { what: "no-match warning" });
    expect(app.on("/widgets")).toHaveLength(0);
  });

  it("skips a subscription whose rule is not valid CEL, with an error naming it; only the live one is listed", async () => {
    const { rt } = await setup([sub("bad", { routes: { rules: [{ match: "event.type ==", path: "/x" }] } }), sub("good")], { expect: 1 });
    expect(rt.logs()).toMatch(/subscription to topic bad on pubsub failed to start: routes.rules match .* is not a valid CEL expression/);
    expect(rt.runtime.subscriptions().map((s) => s.topic)).toEqual(["good"]);
    await publish(rt, "good", "ok", "text/plain");
  });
});

describe("dead-letter topic", () => {
  it("receives what the app DROPs and what exhausted maxRetries; the original message is kept", async () => {
    const { rt, app } = await setup([
      sub("drops", { deadLetterTopic: "dlq" }),
      sub("fails", { deadLetterTopic: "dlq", metadata: { ...FAST, maxRetries: "2" } }),
      sub("nomatch", { routes: { rules: [{ match: "false", path: "/never" }] }, deadLetterTopic: "dlq" }),
      sub("dlq"),
    ]);
    app.respond("/drops", () => ({ status: 200, body: { status: "DROP" } }));
    app.respond("/fails", () => ({ status: 503 }));
    await publish(rt, "drops", "dropped", "text/plain");
    await publish(rt, "fails", "failing", "text/plain");
    await publish(rt, "nomatch", "unrouted", "text/plain");
    const dead = await app.waitForRequests("/dlq", 3);
    expect(dead.map((r) => r.json()["data"]).sort()).toEqual(["dropped", "failing", "unrouted"]);
    expect(dead.find((r) => r.json()["data"] === "failing")!.json()["topic"]).toBe("fails");
    expect(app.on("/fails")).toHaveLength(3);
    expect(rt.logs()).toContain("moved to dead-letter topic dlq");
  });

  it("drops after maxRetries when no dead-letter topic is set", async () => {
    const { rt, app } = await setup([sub("fails", { metadata: { ...FAST, maxRetries: "1" } })]);
    app.respond("/fails", () => ({ status: 500 }));
    await publish(rt, "fails", "x", "text/plain");
    await waitFor(() => rt.logs().includes("gave up after 1 retries"), { what: "give-up log" });
    expect(app.on("/fails")).toHaveLength(2);
  });
});

describe("bulk subscribe (the bulk body of docs/api.md, spec bulk reply table)", () => {
  const bulkSub = (topic: string, extra: Record<string, unknown> = {}): Record<string, unknown> => sub(topic, { bulkSubscribe: { enabled: true, maxMessagesCount: 5, maxAwaitDurationMs: 100 }, ...extra });

  it("batches up to maxMessagesCount entries in the documented bulk body and acks per statuses", async () => {
    const { rt, app } = await setup([bulkSub("b")]);
    app.respond("/b", (r) => ({ status: 200, body: { statuses: r.json<{ entries: Array<{ entryId: string }> }>().entries.map((e) => ({ entryId: e.entryId, status: "SUCCESS" })) } }));
    for (let i = 0; i < 12; i++) await publish(rt, "b", { i });
    await waitFor(() => app.on("/b").reduce((n, r) => n + r.json<{ entries: unknown[] }>().entries.length, 0) >= 12, { what: "12 entries" });
    const bodies = app.on("/b").map((r) => r.json<Record<string, unknown> & { entries: Array<Record<string, unknown>> }>());
    expect(bodies.every((b) => b.entries.length <= 5)).toBe(true);
    expect(bodies[0]).toMatchObject({ type: "com.runtime.event.sent.bulk", pubsubname: "pubsub", topic: "b", id: expect.any(String), metadata: expect.any(Object) });
    expect(bodies[0]!.entries[0]).toMatchObject({ entryId: expect.any(String), contentType: "application/cloudevents+json", event: { specversion: "1.0", topic: "b", data: { i: 0 } } });
    const all = bodies.flatMap((b) => b.entries.map((e) => (e["event"] as { data: { i: number } }).data.i));
    expect(new Set(all)).toEqual(new Set(Array.from({ length: 12 }, (_, i) => i)));
  });

  it("sends a partial batch after maxAwaitDurationMs", async () => {
    const { rt, app } = await setup([bulkSub("b")]);
    await publish(rt, "b", { i: 1 });
    const [got] = await app.waitForRequests("/b", 1);
    expect(got!.json<{ entries: unknown[] }>().entries).toHaveLength(1);
  });

  it("redelivers entries answered RETRY or missing from statuses, not those answered SUCCESS or DROP", async () => {
    const { rt, app } = await setup([bulkSub("b", { bulkSubscribe: { enabled: true, maxMessagesCount: 4, maxAwaitDurationMs: 300 } })]);
    const seen = new Map<string, number>();
    app.respond("/b", (r) => {
      const entries = r.json<{ entries: Array<{ entryId: string; event: { data: string } }> }>().entries;
      const statuses = [];
      for (const e of entries) {
        const n = (seen.get(e.event.data) ?? 0) + 1;
        seen.set(e.event.data, n);
        if (n > 1 || e.event.data === "ok") statuses.push({ entryId: e.entryId, status: "SUCCESS" });
        else if (e.event.data === "drop") statuses.push({ entryId: e.entryId, status: "DROP" });
        else if (e.event.data === "retry") statuses.push({ entryId: e.entryId, status: "RETRY" });
        // "missing": left out of statuses
      }
      return { status: 200, body: { statuses } };
    });
    for (const body of ["ok", "drop", "retry", "missing"]) await publish(rt, "b", body, "text/plain");
    await waitFor(() => seen.get("retry") === 2 && seen.get("missing") === 2, { what: "RETRY and missing entries redelivered" });
    expect(seen.get("ok")).toBe(1);
    expect(seen.get("drop")).toBe(1);
  });

  it("drops all entries on 404 and retries all on 500", async () => {
    const { rt, app } = await setup([bulkSub("gone"), bulkSub("flaky")]);
    app.respond("/gone", () => ({ status: 404 }));
    app.respond("/flaky", (_r, n) => (n === 1 ? { status: 500 } : { status: 200, body: { statuses: [] } }));
    await publish(rt, "gone", "g", "text/plain");
    await publish(rt, "flaky", "f", "text/plain");
    await app.waitForRequests("/flaky", 2);
    await waitFor(() => rt.logs().includes("the app answered 404"), { what: "404 drop log" });
    expect(app.on("/gone")).toHaveLength(1);
  });

  it("delivers a rawPayload bulk entry's event as base64", async () => {
    const { rt, app } = await setup([bulkSub("raw", { metadata: { ...FAST, rawPayload: "true" } })]);
    app.respond("/raw", (r) => ({ status: 200, body: { statuses: r.json<{ entries: Array<{ entryId: string }> }>().entries.map((e) => ({ entryId: e.entryId, status: "SUCCESS" })) } }));
    await request(rt.url).post("/v1.0/publish/pubsub/raw?metadata.rawPayload=true").set("content-type", "text/plain").send("raw bytes").expect(204);
    const [got] = await app.waitForRequests("/raw", 1);
    const entry = got!.json<{ entries: Array<{ event: string; contentType: string }> }>().entries[0]!;
    expect(Buffer.from(entry.event, "base64").toString()).toBe("raw bytes");
    expect(entry.contentType).toBe("text/plain");
  });
});
