import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { DELAYED_TOPICS_KEY, delayedKeyOf } from "../../pkg/components/pubsub/redis/delayed.js";
import { slotGroupOf } from "../../pkg/components/pubsub/redis/redis.js";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * Delayed delivery through the built sidecar, over HTTP and gRPC alike (both call one publish path):
 * `metadata.deliverAfter` / `metadata.deliverAt` on publish and bulk publish, the 400 a bad value
 * or a broker that cannot hold one gets, the capability in /v1.0/metadata and the pending gauge.
 */

const up = (await brokerAvailable("redis")) && (await brokerAvailable("mqtt"));
const run = randomUUID().slice(0, 8);
const TOPIC = `delayed-${run}`;

type GrpcClient = grpc.Client & Record<string, (req: unknown, md: grpc.Metadata, cb: (e: grpc.ServiceError | null, r: unknown) => void) => void>;

(up ? describe : describe.skip)("delayed delivery through the sidecar (Redis; MQTT refuses)", () => {
  let sidecar: SidecarProcess;
  let app: TestApp;
  let client: GrpcClient;
  const arrivals: Array<{ at: number; event: Record<string, unknown> }> = [];

  beforeAll(async () => {
    app = await startTestApp({ subscriptions: [{ pubsubname: "redisbus", topic: TOPIC, route: "/delayed" }] });
    app.respond("/delayed", (req) => {
      arrivals.push({ at: Date.now(), event: req.json() });
      return { status: 200 };
    });
    const resources = await resourcesFolder({
      "redis.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: redisbus}
spec:
  type: pubsub.redis
  version: v1
  metadata:
  - {name: redisHost, value: "${BROKERS.redis.host}:${BROKERS.redis.port}"}
  - {name: maxDeliveryDelay, value: "1h"}
`,
      "mqtt.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: mqttbus}
spec:
  type: pubsub.mqtt3
  version: v1
  metadata:
  - {name: url, value: "tcp://${BROKERS.mqtt.host}:${BROKERS.mqtt.port}"}
`,
    });
    sidecar = await startSidecar({ appId: `delayed-${run}`, args: ["--app-port", String(app.port), "--resources-path", resources, "--log-level", "warn"] });
    await waitFor(() => app.on("/runtime/subscribe").length > 0, { timeoutMs: 10_000, what: "subscription discovery" });
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    client = new Dapr(`127.0.0.1:${sidecar.grpcPort}`, grpc.credentials.createInsecure()) as unknown as GrpcClient;
  }, 30_000);

  afterAll(async () => {
    client?.close();
    await sidecar?.stop("SIGKILL");
    await app?.close();
    const admin = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port });
    await admin.del(TOPIC, delayedKeyOf(TOPIC, slotGroupOf)!).finally(() => admin.srem(DELAYED_TOPICS_KEY, TOPIC)).finally(() => admin.disconnect());
  });

  const grpcCall = (method: string, request: unknown): Promise<{ code: number; details: string }> =>
    new Promise((resolve) => client[method]!(request, new grpc.Metadata(), (error) => resolve({ code: error?.code ?? grpc.status.OK, details: error?.details ?? "" })));
  const arrivalOf = (data: string) => arrivals.find((a) => a.event["data"] === data);

  it("HTTP publish with metadata.deliverAfter: 204, delivered not before the time and within the bound after, with deliverat; pending shows on /metrics meanwhile", async () => {
    const before = Date.now();
    const res = await fetch(`${sidecar.url}/v1.0/publish/redisbus/${TOPIC}?metadata.deliverAfter=1500ms`, { method: "POST", headers: { "content-type": "text/plain" }, body: "http-delayed" });
    expect(res.status).toBe(204);
    const metrics = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`runtime_pubsub_delayed_pending\\{[^}]*component="redisbus"[^}]*topic="${TOPIC}"[^}]*\\} 1`));
    await waitFor(() => arrivalOf("http-delayed") !== undefined, { timeoutMs: 10_000, what: "the delayed message" });
    const arrival = arrivalOf("http-delayed")!;
    const due = Date.parse(String(arrival.event["deliverat"]));
    expect(due).toBeGreaterThanOrEqual(before + 1500);
    expect(arrival.at).toBeGreaterThanOrEqual(due);
    expect(arrival.at - due).toBeLessThan(1500);
    const after = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    expect(after).toMatch(new RegExp(`runtime_pubsub_delayed_deliveries_total\\{[^}]*topic="${TOPIC}"[^}]*\\} 1`));
  });

  it("gRPC PublishEvent with deliverAt metadata: OK, delivered at that time", async () => {
    const at = new Date(Date.now() + 1200);
    const result = await grpcCall("PublishEvent", { pubsub_name: "redisbus", topic: TOPIC, data: Buffer.from("grpc-delayed"), data_content_type: "text/plain", metadata: { deliverAt: at.toISOString() } });
    expect(result).toEqual({ code: grpc.status.OK, details: "" });
    await waitFor(() => arrivalOf("grpc-delayed") !== undefined, { timeoutMs: 10_000, what: "the gRPC delayed message" });
    const arrival = arrivalOf("grpc-delayed")!;
    expect(arrival.event["deliverat"]).toBe(at.toISOString());
    expect(arrival.at).toBeGreaterThanOrEqual(at.getTime());
  });

  it("bulk publish over HTTP and gRPC: each entry at its own time", async () => {
    const res = await fetch(`${sidecar.url}/v1.0-alpha1/publish/bulk/redisbus/${TOPIC}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { entryId: "1", event: "bulk-late", contentType: "text/plain", metadata: { deliverAfter: "1200ms" } },
        { entryId: "2", event: "bulk-now", contentType: "text/plain" },
      ]),
    });
    expect(res.status).toBe(204);
    const grpcResult = await grpcCall("BulkPublishEventAlpha1", { pubsub_name: "redisbus", topic: TOPIC, entries: [{ entry_id: "g1", event: Buffer.from("grpc-bulk-late"), content_type: "text/plain", metadata: { deliverAfter: "800ms" } }] });
    expect(grpcResult.code).toBe(grpc.status.OK);
    await waitFor(() => ["bulk-late", "bulk-now", "grpc-bulk-late"].every((d) => arrivalOf(d) !== undefined), { timeoutMs: 10_000, what: "the bulk entries" });
    expect(arrivalOf("bulk-now")!.event["deliverat"]).toBeUndefined();
    for (const data of ["bulk-late", "grpc-bulk-late"]) expect(arrivalOf(data)!.at).toBeGreaterThanOrEqual(Date.parse(String(arrivalOf(data)!.event["deliverat"])));
  });

  it("a bad value, both fields, or a time beyond maxDeliveryDelay: 400 ERR_PUBSUB_REQUEST_METADATA naming the field (INVALID_ARGUMENT on gRPC)", async () => {
    const cases: Array<[string, string]> = [
      ["metadata.deliverAfter=soon", "deliverAfter"],
      ["metadata.deliverAt=2030-01-01T00:00:00Z&metadata.deliverAfter=1s", "deliverAfter"],
      ["metadata.deliverAfter=2h", "deliverAfter"],
      ["metadata.deliverAt=yesterday", "deliverAt"],
    ];
    for (const [query, field] of cases) {
      const res = await fetch(`${sidecar.url}/v1.0/publish/redisbus/${TOPIC}?${query}`, { method: "POST", body: "refused" });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errorCode: string; message: string };
      expect(body.errorCode).toBe("ERR_PUBSUB_REQUEST_METADATA");
      expect(body.message).toContain(`metadata ${field} must be`);
    }
    const result = await grpcCall("PublishEvent", { pubsub_name: "redisbus", topic: TOPIC, data: Buffer.from("refused"), metadata: { deliverAfter: "10" } });
    expect(result.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(result.details).toContain("metadata deliverAfter must be a duration");
  });

  it("MQTT cannot hold a delayed message: 400 naming the component, on HTTP and gRPC", async () => {
    const res = await fetch(`${sidecar.url}/v1.0/publish/mqttbus/${TOPIC}?metadata.deliverAfter=10s`, { method: "POST", body: "refused" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errorCode: string; message: string };
    expect(body).toEqual({ errorCode: "ERR_PUBSUB_REQUEST_METADATA", message: expect.stringContaining("pubsub mqttbus (pubsub.mqtt3) cannot hold a delayed message durably") });
    const result = await grpcCall("PublishEvent", { pubsub_name: "mqttbus", topic: TOPIC, data: Buffer.from("refused"), metadata: { deliverAt: "2030-01-01T00:00:00Z" } });
    expect(result.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(result.details).toContain("mqttbus");
  });

  it("GET /v1.0/metadata lists delayedDelivery among the capabilities of Redis, not of MQTT", async () => {
    const metadata = (await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { components: Array<{ name: string; capabilities: string[] }> };
    expect(metadata.components.find((c) => c.name === "redisbus")!.capabilities).toContain("delayedDelivery");
    expect(metadata.components.find((c) => c.name === "mqttbus")!.capabilities).not.toContain("delayedDelivery");
  });
});
