/**
 * OpenTelemetry traces from publish to delivery, through the built sidecar: an in-process
 * OTLP/HTTP receiver (protobuf, what daprd's exporter and the sidecar's send) collects the
 * spans; a caller's traceparent is continued by the server span, which as in daprd carries the publish
 * (its context in the CloudEvent, the messaging attributes on it; no producer span), the delivery a
 * consumer span whose context the app receives.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { decodeTraces, type OtlpSpan } from "../support/otlp.js";
import { freePort, waitFor } from "../support/ports.js";
import * as grpc from "@grpc/grpc-js";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

// OTLP's SpanKind numbers (SPAN_KIND_SERVER = 2, ...).
const KIND = { server: 2, producer: 4, consumer: 5 };

class OtlpReceiver {
  readonly spans: OtlpSpan[] = [];
  private server?: http.Server;
  port = 0;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (req.url === "/v1/traces" && req.headers["content-type"] === "application/x-protobuf") this.spans.push(...decodeTraces(Buffer.concat(chunks)));
        // An empty ExportTraceServiceResponse: everything accepted.
        res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function attr(span: OtlpSpan, key: string): unknown {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
}

function configFile(dir: string, name: string, tracing: Record<string, unknown>): string {
  const file = path.join(dir, `${name}.yaml`);
  writeFileSync(file, JSON.stringify({ apiVersion: "dapr.io/v1alpha1", kind: "Configuration", metadata: { name }, spec: { tracing } }));
  return file;
}

const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
let retriedOnce = 0;

describe("tracing from publish to delivery", () => {
  const receiver = new OtlpReceiver();
  let app: TestApp;
  let traced: SidecarProcess;
  let unsampled: SidecarProcess;
  let collectorDown: SidecarProcess;

  beforeAll(async () => {
    await receiver.start();
    const dir = tempDir("tracing-");
    app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders" }] });
    const endpoint = `127.0.0.1:${receiver.port}`;
    traced = await startSidecar({ appId: "traced", args: ["--app-port", String(app.port), "--config", configFile(dir, "on", { samplingRate: "1", otel: { endpointAddress: endpoint, isSecure: false, protocol: "http" } })] });
    unsampled = await startSidecar({ appId: "unsampled", args: ["--app-port", String(app.port), "--config", configFile(dir, "zero", { samplingRate: "0", otel: { endpointAddress: endpoint, isSecure: false, protocol: "http" } })] });
    const closedPort = await freePort();
    collectorDown = await startSidecar({ appId: "collector-down", args: ["--app-port", String(app.port), "--config", configFile(dir, "down", { samplingRate: "1", otel: { endpointAddress: `127.0.0.1:${closedPort}`, isSecure: false } })] });
    for (const sidecar of [traced, unsampled, collectorDown]) await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/healthz`)).status === 204, { what: "sidecar health" });
  }, 60_000);

  afterAll(async () => {
    for (const sidecar of [traced, unsampled, collectorDown]) await sidecar?.stop("SIGKILL");
    await app?.close();
    await receiver.close();
  });

  it("exports the server and consumer spans of one trace, the consumer under the server span that carries the publish, and hands the app that trace", async () => {
    const res = await fetch(`${traced.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` }, body: JSON.stringify({ order: "traced" }) });
    expect(res.status).toBe(204);
    await waitFor(() => receiver.spans.filter((s) => s.traceId === CALLER_TRACE && s.service === "traced").length >= 2, { timeoutMs: 15_000, what: "two spans of the caller's trace" });
    const spans = receiver.spans.filter((s) => s.traceId === CALLER_TRACE);
    const server = spans.find((s) => s.kind === KIND.server)!;
    const consumer = spans.find((s) => s.kind === KIND.consumer)!;
    expect(server).toMatchObject({ name: "POST /v1.0/publish/:pubsubname/*topic", parentSpanId: CALLER_SPAN });
    expect(attr(server, "http.response.status_code")).toBe(204);
    // As daprd: a single publish makes no producer span; the CloudEvent carries the server span.
    expect(consumer.parentSpanId).toBe(server.spanId);
    expect(spans.filter((s) => s.kind === KIND.producer)).toEqual([]);
    for (const span of [server, consumer]) {
      expect(attr(span, "messaging.system")).toBe("in-memory");
      expect(attr(span, "messaging.destination.name")).toBe("orders");
    }
    expect(attr(server, "messaging.operation.type")).toBe("send");
    expect(attr(server, "runtime.pubsub.name")).toBe("pubsub");
    expect(attr(consumer, "messaging.operation.type")).toBe("process");
    const delivered = app.on("/orders").find((r) => r.json<{ data: { order: string } }>().data.order === "traced")!;
    expect(attr(server, "messaging.message.id")).toBe(delivered.json()["id"]);
    expect(delivered.json()["traceparent"]).toBe(`00-${CALLER_TRACE}-${server.spanId}-01`);
    // The app gets the consumer span's context: the same trace, the consumer as parent.
    expect(delivered.headers["traceparent"]).toBe(`00-${CALLER_TRACE}-${consumer.spanId}-01`);
  });

  it("over gRPC: the server span follows rpc conventions and continues the caller's traceparent (metadata) to the app", async () => {
    const trace = "22222222222222222222222222222222";
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    const client = new Dapr(`127.0.0.1:${traced.grpcPort}`, grpc.credentials.createInsecure());
    const metadata = new grpc.Metadata();
    metadata.set("traceparent", `00-${trace}-${CALLER_SPAN}-01`);
    try {
      await new Promise<void>((resolve, reject) => client.PublishEvent({ pubsub_name: "pubsub", topic: "orders", data: Buffer.from(JSON.stringify({ order: "grpc" })), data_content_type: "application/json" }, metadata, (error) => (error ? reject(error) : resolve())));
    } finally {
      client.close();
    }
    await waitFor(() => receiver.spans.filter((s) => s.traceId === trace).length >= 2, { timeoutMs: 15_000, what: "two spans of the gRPC caller's trace" });
    const spans = receiver.spans.filter((s) => s.traceId === trace);
    const server = spans.find((s) => s.kind === KIND.server)!;
    const consumer = spans.find((s) => s.kind === KIND.consumer)!;
    expect(server).toMatchObject({ name: "dapr.proto.runtime.v1.Dapr/PublishEvent", parentSpanId: CALLER_SPAN });
    expect([attr(server, "rpc.system"), attr(server, "rpc.service"), attr(server, "rpc.method"), attr(server, "rpc.grpc.status_code")]).toEqual(["grpc", "dapr.proto.runtime.v1.Dapr", "PublishEvent", 0]);
    expect(consumer.parentSpanId).toBe(server.spanId);
    expect(spans.filter((s) => s.kind === KIND.producer)).toEqual([]);
    expect([attr(server, "messaging.system"), attr(server, "messaging.destination.name"), attr(server, "messaging.operation.type")]).toEqual(["in-memory", "orders", "send"]);
    await waitFor(() => app.on("/orders").some((r) => r.json<{ data: { order: string } }>().data.order === "grpc"), { what: "the gRPC-published delivery" });
    const delivered = app.on("/orders").find((r) => r.json<{ data: { order: string } }>().data.order === "grpc")!;
    expect(delivered.headers["traceparent"]).toBe(`00-${trace}-${consumer.spanId}-01`);
  });

  it("bulk: each entry's broker write is a producer span under the server span, and its delivery continues that span, as daprd", async () => {
    const trace = "55555555555555555555555555555555";
    const entries = ["bulk-a", "bulk-b"].map((order) => ({ entryId: order, event: { order }, contentType: "application/json" }));
    const res = await fetch(`${traced.url}/v1.0-alpha1/publish/bulk/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${trace}-${CALLER_SPAN}-01` }, body: JSON.stringify(entries) });
    expect(res.status).toBe(204);
    await waitFor(() => receiver.spans.filter((s) => s.traceId === trace).length >= 5, { timeoutMs: 15_000, what: "the bulk publish's five spans" });
    const spans = receiver.spans.filter((s) => s.traceId === trace);
    const server = spans.find((s) => s.kind === KIND.server)!;
    const producers = spans.filter((s) => s.kind === KIND.producer);
    expect(server.parentSpanId).toBe(CALLER_SPAN);
    expect(producers.map((p) => p.parentSpanId)).toEqual([server.spanId, server.spanId]);
    for (const order of ["bulk-a", "bulk-b"]) {
      const delivered = app.on("/orders").find((r) => r.json<{ data: { order: string } }>().data.order === order)!;
      const producer = producers.find((p) => attr(p, "messaging.message.id") === delivered.json()["id"])!;
      expect([attr(producer, "messaging.system"), attr(producer, "messaging.destination.name"), attr(producer, "messaging.operation.type")]).toEqual(["in-memory", "orders", "send"]);
      const consumer = spans.find((s) => s.kind === KIND.consumer && s.parentSpanId === producer.spanId)!;
      expect(delivered.headers["traceparent"]).toBe(`00-${trace}-${consumer.spanId}-01`);
    }
  });

  it("with samplingRate \"0\" exports nothing and still carries the caller's traceparent to the app", async () => {
    const trace = "0af7651916cd43dd8448eb211c80319c";
    const res = await fetch(`${unsampled.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${trace}-b7ad6b7169203331-01` }, body: JSON.stringify({ order: "unsampled" }) });
    expect(res.status).toBe(204);
    await waitFor(() => app.on("/orders").some((r) => r.json<{ data: { order: string } }>().data.order === "unsampled"), { what: "the unsampled delivery" });
    const delivered = app.on("/orders").find((r) => r.json<{ data: { order: string } }>().data.order === "unsampled")!;
    expect(delivered.headers["traceparent"]).toBe(`00-${trace}-b7ad6b7169203331-01`);
    // A traced publish made after it is exported; by then nothing from the unsampled sidecar has been.
    const marker = "11111111111111111111111111111111";
    await fetch(`${traced.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${marker}-${CALLER_SPAN}-01` }, body: "{}" });
    await waitFor(() => receiver.spans.some((s) => s.traceId === marker && s.kind === KIND.consumer), { timeoutMs: 15_000, what: "the marker trace" });
    expect(receiver.spans.filter((s) => s.service === "unsampled" || s.traceId === trace)).toEqual([]);
    expect(unsampled.output()).not.toContain("tracing on");
  });

  it("honours a caller's unsampled traceparent at samplingRate \"1\": none of its spans is exported and the app gets it unsampled", async () => {
    const trace = "33333333333333333333333333333333";
    const res = await fetch(`${traced.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${trace}-${CALLER_SPAN}-00` }, body: JSON.stringify({ order: "caller-unsampled" }) });
    expect(res.status).toBe(204);
    await waitFor(() => app.on("/orders").some((r) => r.json<{ data: { order: string } }>().data.order === "caller-unsampled"), { what: "the delivery of the unsampled trace" });
    const delivered = app.on("/orders").find((r) => r.json<{ data: { order: string } }>().data.order === "caller-unsampled")!;
    expect(delivered.headers["traceparent"]).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-00$`));
    const marker = "44444444444444444444444444444444";
    await fetch(`${traced.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${marker}-${CALLER_SPAN}-01` }, body: "{}" });
    await waitFor(() => receiver.spans.some((s) => s.traceId === marker && s.kind === KIND.consumer), { timeoutMs: 15_000, what: "the marker trace" });
    expect(receiver.spans.filter((s) => s.traceId === trace)).toEqual([]);
  });

  it("never fails or holds a request when the collector is down", async () => {
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, n) => fetch(`${collectorDown.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ order: `down-${n}` }) }).then((r) => r.status)));
    expect(statuses.every((s) => s === 204)).toBe(true);
    await waitFor(() => new Set(app.on("/orders").map((r) => r.json<{ data: { order?: string } }>().data.order ?? "").filter((o) => o.startsWith("down-"))).size === 50, { what: "50 deliveries" });
    expect(collectorDown.output()).toContain("tracing on");
  });

  it("writes the consumer span's trace id into the log lines of a delivery's retries", async () => {
    const trace = "22222222222222222222222222222222";
    app.respond("/orders", (r, n) => (r.json<{ data: { order?: string } }>().data.order === "retried" && n <= 1000 && !retriedOnce++ ? { status: 500 } : { status: 200, body: { status: "SUCCESS" } }));
    const res = await fetch(`${traced.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json", traceparent: `00-${trace}-${CALLER_SPAN}-01` }, body: JSON.stringify({ order: "retried" }) });
    expect(res.status).toBe(204);
    await waitFor(() => app.on("/orders").filter((r) => r.json<{ data: { order?: string } }>().data.order === "retried").length === 2, { what: "the retried delivery" });
    const line = traced.output().split("\n").find((l) => l.includes("will be retried"));
    expect(line).toContain(`"trace_id":"${trace}"`);
  });
});
