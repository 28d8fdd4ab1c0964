import { writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import request from "supertest";
import type { ComponentResource } from "../../pkg/apis/types.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder, startRuntime, type TestRuntime } from "../support/runtime.js";
import { startTestApp, type TestApp, type TestAppOptions } from "../support/testapp.js";

const component = (name: string, metadata = "[]"): string => `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec: {type: pubsub.in-memory, version: v1, metadata: ${metadata}}
`;

const DECLARATIVE = `apiVersion: runtime.io/v2alpha1
kind: Subscription
metadata: {name: decl}
spec:
  pubsubname: pubsub
  topic: declared
  routes: {default: /declared}
  deadLetterTopic: dead
  metadata: {retryInitialInterval: "10ms"}
scopes: [test-app]
---
apiVersion: runtime.io/v2alpha1
kind: Subscription
metadata: {name: other-app}
spec: {pubsubname: pubsub, topic: not-mine, routes: {default: /not-mine}}
scopes: [other-app]
`;

let running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.reverse()) await r.close();
  running = [];
});

async function setup(files: Record<string, string>, appOptions: TestAppOptions): Promise<{ rt: TestRuntime; app: TestApp }> {
  const app = await startTestApp(appOptions);
  running.push(app);
  const rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder(files)] });
  running.push(rt);
  await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
  return { rt, app };
}

/**
 * A catch-all app: every GET answers 200 with an HTML page (an SPA's fallback) except the JSON routes
 * given; every POST answers 200. Records the paths it was asked for.
 */
async function catchAllApp(json: Record<string, unknown>): Promise<{ port: number; gets: string[]; posts: string[]; close(): Promise<void> }> {
  const gets: string[] = [];
  const posts: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    req.resume();
    if (req.method !== "GET") {
      posts.push(path);
      res.writeHead(200).end();
      return;
    }
    gets.push(path);
    if (path in json) res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json[path]));
    else res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><html><body><div id=root></div></body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    gets,
    posts,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

describe("subscription discovery (spec A1) and /v1.0/metadata", () => {
  it("lists programmatic and in-scope declarative subscriptions in /v1.0/metadata, and delivers to both", async () => {
    const { rt, app } = await setup(
      { "pubsub.yaml": component("pubsub"), "subs.yaml": DECLARATIVE },
      { subscriptions: [{ pubsubname: "pubsub", topic: "orders", routes: { rules: [{ match: 'event.type == "x"', path: "/x" }], default: "/orders" }, metadata: { rawPayload: "false" } }] },
    );
    const res = await request(rt.url).get("/v1.0/metadata").expect(200);
    expect(res.body.subscriptions).toEqual(
      expect.arrayContaining([
        { pubsubname: "pubsub", topic: "orders", metadata: { rawPayload: "false" }, rules: [{ match: 'event.type == "x"', path: "/x" }, { path: "/orders" }], deadLetterTopic: "", type: "PROGRAMMATIC" },
        { pubsubname: "pubsub", topic: "declared", metadata: { retryInitialInterval: "10ms" }, rules: [{ path: "/declared" }], deadLetterTopic: "dead", type: "DECLARATIVE" },
      ]),
    );
    expect(res.body.subscriptions).toHaveLength(2);
    await request(rt.url).post("/v1.0/publish/pubsub/orders").set("content-type", "text/plain").send("o").expect(204);
    await request(rt.url).post("/v1.0/publish/pubsub/declared").set("content-type", "text/plain").send("d").expect(204);
    await app.waitForRequests("/orders", 1);
    await app.waitForRequests("/declared", 1);
  });

  it("falls back to GET /dapr/subscribe when /runtime/subscribe answers 404 (Dapr SDK apps)", async () => {
    const { rt, app } = await setup({ "pubsub.yaml": component("pubsub") }, { discovery: "dapr", subscriptions: [{ pubsubname: "pubsub", topic: "t", route: "/dapr-route" }] });
    expect(app.on("/runtime/subscribe")).toHaveLength(1);
    expect(app.on("/dapr/subscribe")).toHaveLength(1);
    await request(rt.url).post("/v1.0/publish/pubsub/t").set("content-type", "text/plain").send("x").expect(204);
    await app.waitForRequests("/dapr-route", 1);
  });

  it("uses /dapr/subscribe when the app answers 200 HTML to every other GET (a catch-all: an SPA fallback), and says so once", async () => {
    const app = await catchAllApp({ "/dapr/subscribe": [{ pubsubname: "pubsub", topic: "t", route: "/t" }] });
    running.push(app);
    const rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": component("pubsub") })] });
    running.push(rt);
    await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
    expect(app.gets).toEqual(["/runtime/subscribe", "/dapr/subscribe"]);
    expect(rt.runtime.subscriptions().map((s) => `${s.pubsubname}/${s.topic}`)).toEqual(["pubsub/t"]);
    expect(rt.logs().match(/the app serves its subscriptions at GET \/dapr\/subscribe/g)).toHaveLength(1);
    await request(rt.url).post("/v1.0/publish/pubsub/t").set("content-type", "text/plain").send("x").expect(204);
    await waitFor(() => app.posts.includes("/t"), { what: "the delivery to /t" });
  });

  it("prefers /runtime/subscribe when it answers a JSON array, and does not ask /dapr/subscribe", async () => {
    const app = await catchAllApp({ "/runtime/subscribe": [{ pubsubname: "pubsub", topic: "spec", route: "/spec" }], "/dapr/subscribe": [{ pubsubname: "pubsub", topic: "dapr", route: "/dapr" }] });
    running.push(app);
    const rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": component("pubsub") })] });
    running.push(rt);
    await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
    expect(app.gets).toEqual(["/runtime/subscribe"]);
    expect(rt.runtime.subscriptions().map((s) => s.topic)).toEqual(["spec"]);
    expect(rt.logs()).toContain("the app serves its subscriptions at GET /runtime/subscribe");
  });

  it("without a declaration list on either route: no subscriptions and one warning naming both routes and their answers", async () => {
    const app = await catchAllApp({ "/runtime/subscribe": { not: "an array" } });
    running.push(app);
    const rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": component("pubsub") })] });
    running.push(rt);
    await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
    expect(rt.runtime.subscriptions()).toEqual([]);
    const warnings = rt.logs().split("\n").filter((line) => line.includes("no programmatic subscriptions"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("GET /runtime/subscribe answered 200 with JSON that is not an array");
    expect(warnings[0]).toContain("GET /dapr/subscribe answered 200 with text/html (not JSON)");
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn" });
    expect((await request(rt.url).get("/v1.0/healthz")).status).toBe(204);
  });

  it("asks again with backoff while the app's discovery route fails (the app is starting)", async () => {
    const app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "t", route: "/t" }] });
    running.push(app);
    app.respond("/runtime/subscribe", (_r, n) => (n < 3 ? { status: 503 } : { status: 200, body: [{ pubsubname: "pubsub", topic: "t", route: "/t" }] }));
    const rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": component("pubsub") })] });
    running.push(rt);
    await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
    expect(app.on("/runtime/subscribe")).toHaveLength(3);
    expect(rt.logs()).toContain("subscription discovery failed (attempt 2)");
    expect(rt.runtime.subscriptions()).toHaveLength(1);
  });

  it("ignores invalid declarations with an error and keeps the valid ones", async () => {
    const { rt } = await setup({ "pubsub.yaml": component("pubsub") }, { subscriptions: [{ pubsubname: "pubsub" }, { pubsubname: "pubsub", topic: "ok", route: "/ok" }, { pubsubname: "pubsub", topic: "evil", route: "http://elsewhere/x" }] });
    expect(rt.runtime.subscriptions().map((s) => s.topic)).toEqual(["ok"]);
    expect(rt.logs()).toContain("topic is required");
    expect(rt.logs()).toContain("is not a plain path");
  });

  it("does not subscribe to a topic the component's subscriptionScopes forbid", async () => {
    const { rt, app } = await setup(
      { "pubsub.yaml": component("pubsub", '[{name: subscriptionScopes, value: "test-app=allowed"}]') },
      { subscriptions: [{ pubsubname: "pubsub", topic: "allowed", route: "/allowed" }, { pubsubname: "pubsub", topic: "forbidden", route: "/forbidden" }] },
    );
    expect(rt.logs()).toContain("subscription to topic forbidden on pubsub is not allowed for app test-app");
    await request(rt.url).post("/v1.0/publish/pubsub/forbidden").set("content-type", "text/plain").send("f").expect(204);
    await request(rt.url).post("/v1.0/publish/pubsub/allowed").set("content-type", "text/plain").send("a").expect(204);
    await app.waitForRequests("/allowed", 1);
    expect(app.on("/forbidden")).toHaveLength(0);
  });
});

describe("subscriptions across a component swap (ComponentListener: hot reload loses nothing)", () => {
  it("drains on beforeDetach and restarts on afterAttach; messages published around the swap all arrive", async () => {
    const { rt, app } = await setup({ "pubsub.yaml": component("pubsub") }, { subscriptions: [{ pubsubname: "pubsub", topic: "t", route: "/t" }] });
    for (let i = 0; i < 5; i++) await request(rt.url).post("/v1.0/publish/pubsub/t").set("content-type", "text/plain").send(`before-${i}`).expect(204);
    await app.waitForRequests("/t", 5);
    const resource: ComponentResource = { apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name: "pubsub" }, spec: { type: "pubsub.in-memory", version: "v1", metadata: [{ name: "redeliveryDelay", value: "20ms" }] } };
    await rt.runtime.processor.apply(resource);
    expect(rt.runtime.store.entry("pubsub")!.resource).toBe(resource);
    for (let i = 0; i < 5; i++) await request(rt.url).post("/v1.0/publish/pubsub/t").set("content-type", "text/plain").send(`after-${i}`).expect(204);
    await waitFor(() => app.on("/t").filter((r) => String(r.json()["data"]).startsWith("after-")).length === 5, { what: "5 messages on the new instance" });
  });

  it("lets an in-flight delivery finish before the old instance closes", async () => {
    const { rt, app } = await setup({ "pubsub.yaml": component("pubsub") }, { subscriptions: [{ pubsubname: "pubsub", topic: "t", route: "/t" }] });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let finished = 0;
    app.respond("/t", async () => {
      await gate;
      finished++;
      return { status: 200 };
    });
    await request(rt.url).post("/v1.0/publish/pubsub/t").set("content-type", "text/plain").send("slow").expect(204);
    await app.waitForRequests("/t", 1);
    let swapped = false;
    const swap = rt.runtime.processor.apply({ apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name: "pubsub" }, spec: { type: "pubsub.in-memory", version: "v1", metadata: [] } }).then(() => (swapped = true));
    // Give the swap many turns of the event loop: it must still be waiting for the delivery.
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    expect(swapped).toBe(false);
    release();
    await swap;
    expect(finished).toBe(1);
    expect(app.on("/t")).toHaveLength(1);
  });
});

describe("declarative subscriptions hot reload (controller subscriptionsChanged)", () => {
  it("starts a Subscription resource added to the resources folder while running", async () => {
    const app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "app-topic", route: "/app-topic" }] });
    running.push(app);
    const folder = await resourcesFolder({ "pubsub.yaml": component("pubsub") });
    const rt = await startRuntime({ appPort: app.port, resourcesPaths: [folder] }, { controllerTuning: { debounceMs: 20 } });
    running.push(rt);
    await waitFor(() => rt.logs().includes("subscriptions started"), { what: "subscriptions to start" });
    await writeFile(path.join(folder, "sub.yaml"), DECLARATIVE);
    await waitFor(() => rt.runtime.subscriptions().some((s) => s.topic === "declared"), { what: "the new Subscription in /v1.0/metadata" });
    await request(rt.url).post("/v1.0/publish/pubsub/declared").set("content-type", "text/plain").send("d").expect(204);
    await request(rt.url).post("/v1.0/publish/pubsub/app-topic").set("content-type", "text/plain").send("a").expect(204);
    await app.waitForRequests("/declared", 1);
    await app.waitForRequests("/app-topic", 1);
    expect(rt.runtime.subscriptions().map((s) => s.topic).sort()).toEqual(["app-topic", "declared"]);
  });
});
