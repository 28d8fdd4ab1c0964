import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startGrpcApp, type Answer, type GrpcApp } from "../support/grpc-app.js";
import { freePort, waitFor } from "../support/ports.js";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { resourcesFolder } from "../support/runtime.js";
import { tempDir } from "../support/tempdirs.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import type { TopicEventResponse } from "../../pkg/proto/gen/dapr/proto/runtime/v1/TopicEventResponse.js";

/**
 * The gRPC app channel (`--app-protocol grpc`) against the built sidecar as a process and an app written
 * with plain grpc-js from the vendored protos: discovery by ListTopicSubscriptions, the CloudEvent mapped
 * onto TopicEventRequest, every reply and error mapped as daprd's gRPC postman maps it, bulks falling back
 * to the Alpha1 method, a hanging callback, an app answering bytes that are no protobuf message, and an app
 * restart. Publishing goes over the sidecar's HTTP API. A Resiliency gives inbound deliveries a 1 s timeout
 * and quick retries, so a hang or a retry costs the test a second at most.
 */
const APP_ID = "grpc-app";
const APP_TOKEN = "app-token-for-grpc-tests";

const RESOURCES = {
  "pubsub.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: pubsub}
spec: {type: pubsub.in-memory, version: v1}
`,
  "declared.yaml": `apiVersion: runtime.io/v2alpha1
kind: Subscription
metadata: {name: declared}
spec:
  pubsubname: pubsub
  topic: declared
  routes: {default: /declared}
`,
  "resiliency.yaml": `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata: {name: resiliency}
spec:
  policies:
    timeouts: {short: 1s}
    retries:
      quick: {policy: constant, duration: 50ms, maxRetries: -1}
  targets:
    components:
      pubsub:
        inbound: {timeout: short, retry: quick}
`,
};

/** What the app answers for each `case` of the status topic, on the first attempt (later ones succeed). */
const FIRST_ANSWER: Record<string, Answer<TopicEventResponse>> = {
  success: { reply: { status: "SUCCESS" } },
  unset: { reply: {} },
  retry: { reply: { status: "RETRY" } },
  unknown: { reply: { status: 9 as unknown as "SUCCESS" } },
  drop: { reply: { status: "DROP" } },
  unimplemented: { error: grpc.status.UNIMPLEMENTED },
  error: { error: grpc.status.INTERNAL, details: "the handler threw" },
  garbage: { garbage: true },
};

const json = (buffer: Buffer): Record<string, unknown> => JSON.parse(buffer.toString("utf8")) as Record<string, unknown>;

describe("the gRPC app channel: the built sidecar and a plain grpc-js app", () => {
  let app: GrpcApp;
  let appPort: number;
  let sidecar: SidecarProcess;
  const attempts = new Map<string, number>();

  const publish = async (topic: string, body: unknown, contentType = "application/json", query = ""): Promise<void> => {
    const res = await fetch(`${sidecar.url}/v1.0/publish/pubsub/${topic}${query}`, { method: "POST", headers: { "content-type": contentType }, body: typeof body === "string" ? body : JSON.stringify(body) });
    expect(res.status).toBe(204);
  };
  const onTopic = (topic: string) => app.topicEvents.filter((e) => e.request.topic === topic);
  const withCase = (topic: string, c: string) => onTopic(topic).filter((e) => (json(e.request.data) as { case?: string }).case === c);

  const behaviour = (): Parameters<typeof startGrpcApp>[1] => ({
    listFailures: 2,
    subscriptions: [
      { pubsub_name: "pubsub", topic: "orders", routes: { rules: [{ match: 'event.data.kind == "urgent"', path: "urgent" }], default: "orders" } },
      { pubsub_name: "pubsub", topic: "plain" },
      { pubsub_name: "pubsub", topic: "raw", metadata: { rawPayload: "true" }, routes: { default: "/raw" } },
      { pubsub_name: "pubsub", topic: "status", dead_letter_topic: "status-dead", routes: { default: "/status" } },
      { pubsub_name: "pubsub", topic: "status-dead", routes: { default: "/dead" } },
      { pubsub_name: "pubsub", topic: "hang", routes: { default: "/hang" } },
      { pubsub_name: "pubsub", topic: "bulk", routes: { default: "/bulk" }, bulk_subscribe: { enabled: true, max_messages_count: 3, max_await_duration_ms: 200 } },
    ],
    onTopicEvent: ({ request }) => {
      const n = (attempts.get(request.id) ?? 0) + 1;
      attempts.set(request.id, n);
      if (request.topic === "status" && n === 1) return FIRST_ANSWER[(json(request.data) as { case: string }).case]!;
      if (request.topic === "hang" && n === 1 && (json(request.data) as { hang?: boolean }).hang) return { hang: true };
      return { reply: { status: "SUCCESS" } };
    },
    onBulkAlpha: ({ request }) => ({
      reply: {
        statuses: request.entries.map((entry) => {
          const n = (attempts.get(entry.cloud_event!.id) ?? 0) + 1;
          attempts.set(entry.cloud_event!.id, n);
          const retry = (json(entry.cloud_event!.data) as { retry?: boolean }).retry && n === 1;
          return { entry_id: entry.entry_id, status: retry ? "RETRY" : "SUCCESS" };
        }),
      },
    }),
  });

  beforeAll(async () => {
    appPort = await freePort();
    app = await startGrpcApp(appPort, behaviour());
    const settings = path.join(tempDir("grpc-app-config-"), "settings.yaml");
    await writeFile(settings, "greeting: hello\n");
    const dir = await resourcesFolder({ ...RESOURCES, "config.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: config}
spec:
  type: configuration.local.file
  version: v1
  metadata: [{name: path, value: ${JSON.stringify(settings)}}]
` });
    sidecar = await startSidecar({ appId: APP_ID, args: ["--app-port", String(appPort), "--app-protocol", "grpc", "--resources-path", dir], env: { APP_API_TOKEN: APP_TOKEN } });
    await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/healthz`)).status === 204, { timeoutMs: 15_000, what: "subscriptions live" });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop();
    await app?.close();
  });

  it("asks ListTopicSubscriptions again while the app fails it, and merges the answer with the declarative subscriptions", async () => {
    expect(app.listCalls).toBe(3);
    const metadata = (await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { subscriptions: Array<{ topic: string; type: string; deadLetterTopic: string }>; appConnectionProperties?: { protocol?: string } };
    const byTopic = new Map(metadata.subscriptions.map((s) => [s.topic, s]));
    expect([...byTopic.keys()].sort()).toEqual(["bulk", "declared", "hang", "orders", "plain", "raw", "status", "status-dead"]);
    expect(byTopic.get("declared")!.type).toBe("DECLARATIVE");
    expect(byTopic.get("orders")!.type).toBe("PROGRAMMATIC");
    expect(byTopic.get("status")!.deadLetterTopic).toBe("status-dead");
    expect(metadata.appConnectionProperties).toMatchObject({ port: appPort, protocol: "grpc" });
    expect(sidecar.output()).toContain("ListTopicSubscriptions failed (attempt 1), retrying: ListTopicSubscriptions: UNAVAILABLE: starting");
  });

  it("maps the CloudEvent onto TopicEventRequest as daprd does: attributes, decoded data, extensions, pubsubname and the app token as gRPC metadata", async () => {
    await publish("orders", { kind: "normal", n: 1 });
    await publish("orders", "plain text", "text/plain");
    await waitFor(() => onTopic("orders").length >= 2, { what: "two deliveries on orders" });
    const [first, second] = onTopic("orders");
    expect(first!.request).toMatchObject({ source: APP_ID, spec_version: "1.0", data_content_type: "application/json", topic: "orders", pubsub_name: "pubsub", path: "orders" });
    expect(first!.request.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json(first!.request.data)).toEqual({ kind: "normal", n: 1 });
    const extensions = first!.request.extensions!.fields;
    expect(extensions["topic"]).toMatchObject({ stringValue: "orders" });
    expect(extensions["pubsubname"]).toMatchObject({ stringValue: "pubsub" });
    expect(Object.keys(extensions)).not.toEqual(expect.arrayContaining(["id"]));
    expect(Object.keys(extensions)).not.toContain("data");
    expect(first!.metadata).toMatchObject({ pubsubname: "pubsub", "dapr-api-token": APP_TOKEN });
    expect(second!.request.data_content_type).toBe("text/plain");
    expect(second!.request.data.toString()).toBe("plain text");
  });

  it("routes by the rules and hands the app its routes as it spelled them; no routes is daprd's empty default path", async () => {
    await publish("orders", { kind: "urgent" });
    await publish("plain", { n: 2 });
    await publish("declared", { n: 3 });
    await waitFor(() => onTopic("orders").some((e) => e.request.path === "urgent") && onTopic("plain").length > 0 && onTopic("declared").length > 0, { what: "routed deliveries" });
    expect(onTopic("plain")[0]!.request.path).toBe("");
    expect(onTopic("declared")[0]!.request.path).toBe("/declared");
  });

  it("hands a rawPayload subscription the bytes as published", async () => {
    await publish("raw", "raw-bytes", "text/plain", "?metadata.rawPayload=true");
    await waitFor(() => onTopic("raw").length > 0, { what: "raw delivery" });
    expect(onTopic("raw")[0]!.request).toMatchObject({ data_content_type: "application/octet-stream", path: "/raw" });
    expect(onTopic("raw")[0]!.request.data.toString()).toBe("raw-bytes");
  });

  it("maps every reply as daprd: SUCCESS or unset done, RETRY, unknown status, an error status or garbage retried, DROP dead-lettered, UNIMPLEMENTED dropped without dead letter", async () => {
    for (const c of Object.keys(FIRST_ANSWER)) await publish("status", { case: c });
    const retried = ["retry", "unknown", "error", "garbage"];
    await waitFor(() => retried.every((c) => withCase("status", c).length === 2) && withCase("status-dead", "drop").length === 1, { timeoutMs: 15_000, what: "retries and the dead letter" });
    for (const c of ["success", "unset", "drop", "unimplemented"]) expect([c, withCase("status", c).length]).toEqual([c, 1]);
    // A later message on the dead-letter topic shows that anything dead-lettered before it has arrived.
    await publish("status-dead", { case: "sentinel" });
    await waitFor(() => withCase("status-dead", "sentinel").length === 1, { what: "the sentinel" });
    expect(withCase("status-dead", "unimplemented")).toHaveLength(0);
    expect(sidecar.output()).toMatch(/dropping message \S+ on pubsub\/status: the app answered UNIMPLEMENTED.*not dead-lettered/);
  });

  it("gives up on a callback that hangs at the deadline and retries it, while the subscription keeps delivering", async () => {
    await publish("hang", { hang: true, n: 1 });
    await waitFor(() => onTopic("hang").length === 1, { what: "the hanging call" });
    await publish("hang", { n: 2 });
    await waitFor(() => onTopic("hang").some((e) => (json(e.request.data) as { n: number }).n === 2), { what: "the next message while the first hangs" });
    await waitFor(() => onTopic("hang").filter((e) => (json(e.request.data) as { n: number }).n === 1).length === 2, { timeoutMs: 10_000, what: "the hanging message retried" });
  });

  it("delivers bulks by OnBulkTopicEventAlpha1 when OnBulkTopicEvent is UNIMPLEMENTED, retrying only the entries the app answered RETRY", async () => {
    await publish("bulk", { n: 1 });
    await publish("bulk", { n: 2, retry: true });
    await publish("bulk", { n: 3 });
    const delivered = (): number[] => app.bulks.flatMap((b) => b.request.entries.map((e) => (json(e.cloud_event!.data) as { n: number }).n));
    await waitFor(() => delivered().filter((n) => n === 2).length === 2 && delivered().includes(1) && delivered().includes(3), { timeoutMs: 10_000, what: "the bulk and the retried entry" });
    expect(app.bulks.every((b) => b.method === "alpha")).toBe(true);
    expect(delivered().filter((n) => n !== 2).sort()).toEqual([1, 3]);
    const first = app.bulks[0]!;
    expect(first.request).toMatchObject({ topic: "bulk", pubsub_name: "pubsub", path: "/bulk" });
    expect(first.request.entries[0]).toMatchObject({ event: "cloud_event", content_type: "application/cloudevents+json" });
    expect(first.metadata).toMatchObject({ pubsubname: "pubsub", "dapr-api-token": APP_TOKEN });
  });

  it("refuses a configuration subscription over HTTP with the reason: a gRPC app has no configuration callback", async () => {
    const res = await fetch(`${sidecar.url}/v1.0/configuration/config/subscribe`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string };
    expect(body.message).toContain("the app speaks gRPC (--app-protocol grpc), whose AppCallback service has no configuration callback: subscribe with SubscribeConfiguration on the gRPC API");
    expect((await fetch(`${sidecar.url}/v1.0/configuration/config?key=greeting`)).status).toBe(200);
  });

  it("reconnects when the app restarts: what was published while it was down is delivered after", async () => {
    const retriesOnOrders = async (): Promise<number> => {
      const text = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
      const line = text.split("\n").find((l) => l.startsWith("runtime_pubsub_ingress_total{") && l.includes('topic="orders"') && l.includes('process_status="retry"'));
      return line ? Number(line.split(" ").pop()) : 0;
    };
    const before = await retriesOnOrders();
    await app.close();
    for (let n = 0; n < 3; n++) await publish("orders", { kind: "normal", restart: n });
    await waitFor(async () => (await retriesOnOrders()) >= before + 6, { what: "deliveries failing while the app is down" });
    const previous = app;
    app = await startGrpcApp(appPort, behaviour());
    previous.topicEvents.length = 0;
    await waitFor(() => [0, 1, 2].every((n) => app.topicEvents.some((e) => (json(e.request.data) as { restart?: number }).restart === n)), { timeoutMs: 15_000, what: "the three messages after the restart" });
  });
});

describe("bulk delivery to an app serving the stable OnBulkTopicEvent", () => {
  let app: GrpcApp;
  let sidecar: SidecarProcess;

  beforeAll(async () => {
    const appPort = await freePort();
    app = await startGrpcApp(appPort, {
      subscriptions: [{ pubsub_name: "pubsub", topic: "bulk", routes: { default: "/bulk" }, bulk_subscribe: { enabled: true, max_messages_count: 2, max_await_duration_ms: 100 } }],
      onBulk: ({ request }) => ({ reply: { statuses: request.entries.map((e) => ({ entry_id: e.entry_id, status: "SUCCESS" })) } }),
      onBulkAlpha: () => ({ error: 13 }),
    });
    sidecar = await startSidecar({ appId: "grpc-bulk-v1", args: ["--app-port", String(appPort), "--app-protocol", "grpc"] });
    await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/healthz`)).status === 204, { timeoutMs: 15_000, what: "subscriptions live" });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop();
    await app?.close();
  });

  it("uses OnBulkTopicEvent and never the Alpha1 method", async () => {
    for (const n of [1, 2]) {
      const res = await fetch(`${sidecar.url}/v1.0/publish/pubsub/bulk`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
      expect(res.status).toBe(204);
    }
    await waitFor(() => app.bulks.flatMap((b) => b.request.entries).length === 2, { what: "both entries" });
    expect(app.bulks.map((b) => b.method)).toEqual(app.bulks.map(() => "v1"));
    expect(app.bulks[0]!.request.type).toBe("com.runtime.event.sent.bulk");
  });
});
