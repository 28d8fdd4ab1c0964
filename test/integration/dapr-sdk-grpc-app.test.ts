import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CommunicationProtocolEnum, DaprPubSubStatusEnum, DaprServer, LogLevel, type LoggerService } from "@dapr/dapr";
import { bindingResources, eventRouterInputComponent, type Standins, startStandins } from "../support/azure-standins.js";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";

/**
 * The official Dapr JS SDK's DaprServer with CommunicationProtocolEnum.GRPC, its code unchanged, as the app
 * of the built sidecar started with `--app-protocol grpc`: it serves AppCallback (and only the Alpha1 bulk
 * method) over Connect on HTTP/2. Publishing goes over the sidecar's HTTP API. The DaprServer also starts a
 * DaprClient and waits for the sidecar through it; that client is given the HTTP protocol (clientOptions),
 * so this file checks the app channel alone, not the sidecar's gRPC API.
 */
const SDK_ERRORS: string[] = [];
const logger: LoggerService = {
  error: (message: unknown, ...rest: unknown[]) => void SDK_ERRORS.push([message, ...rest].map(String).join(" ")),
  warn: () => undefined,
  info: () => undefined,
  verbose: () => undefined,
  debug: () => undefined,
};

const SUBSCRIBER = "https://ingress.example.test/api/events-in";
const SCOPE = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg1/providers/Microsoft.EventGrid/topics/orders";

describe("the Dapr JS SDK's DaprServer over gRPC as the app (--app-protocol grpc)", () => {
  let standins: Standins;
  let sidecar: SidecarProcess;
  let server: DaprServer;
  let resources: { dir: string; remove(): void };
  let handshakePort: number;
  const received = new Map<string, unknown[]>();
  const on = (name: string): unknown[] => received.get(name) ?? [];
  const record = (name: string, status = DaprPubSubStatusEnum.SUCCESS) => async (data: unknown): Promise<DaprPubSubStatusEnum> => {
    received.set(name, [...on(name), data]);
    return status;
  };
  const publish = async (topic: string, body: unknown, contentType = "application/json", query = ""): Promise<void> => {
    const res = await fetch(`${sidecar.url}/v1.0/publish/pubsub/${topic}${query}`, { method: "POST", headers: { "content-type": contentType }, body: typeof body === "string" ? body : JSON.stringify(body) });
    expect(res.status).toBe(204);
  };

  beforeAll(async () => {
    handshakePort = await freePort();
    standins = await startStandins({ ingress: (url) => (url === SUBSCRIBER ? `http://127.0.0.1:${handshakePort}/api/events-in` : undefined) });
    resources = bindingResources("sdk-grpc-", { clientSecret: standins.clientSecret }, `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: pubsub}
spec: {type: pubsub.in-memory, version: v1}
---
${eventRouterInputComponent(standins, { name: "orders-in", subscriptionName: "ordersin", subscriber: SUBSCRIBER, handshakePort, scope: SCOPE, apiVersion: "dapr.io/v1alpha1" })}`);
    const [daprPort, appPort] = [await freePort(), await freePort()];
    const clientOptions = { daprHost: "127.0.0.1", daprPort: String(daprPort), communicationProtocol: CommunicationProtocolEnum.HTTP, logger: { level: LogLevel.Error, service: logger } };
    server = new DaprServer({ serverHost: "127.0.0.1", serverPort: String(appPort), communicationProtocol: CommunicationProtocolEnum.GRPC, clientOptions, logger: clientOptions.logger });
    await server.pubsub.subscribe("pubsub", "json", record("json"));
    await server.pubsub.subscribeWithOptions("pubsub", "routed", { route: { rules: [{ match: 'event.data.kind == "urgent"', path: "urgent" }], default: "normal" } });
    server.pubsub.subscribeToRoute("pubsub", "routed", "urgent", record("urgent"));
    server.pubsub.subscribeToRoute("pubsub", "routed", "normal", record("normal"));
    // The SDK sends subscription metadata values JSON-encoded: `true` arrives as "true".
    await server.pubsub.subscribe("pubsub", "raw", record("raw"), "", { rawPayload: true });
    let attempts = 0;
    await server.pubsub.subscribe("pubsub", "retry", async (data) => {
      await record("retry")(data);
      return ++attempts === 1 ? DaprPubSubStatusEnum.RETRY : DaprPubSubStatusEnum.SUCCESS;
    });
    await server.pubsub.subscribeWithOptions("pubsub", "drop", { deadLetterTopic: "poison", callback: record("drop", DaprPubSubStatusEnum.DROP) });
    await server.pubsub.subscribe("pubsub", "poison", record("poison"));
    await server.pubsub.subscribeBulk("pubsub", "bulk", record("bulk"), { maxMessagesCount: 3, maxAwaitDurationMs: 100 });
    await server.binding.receive("orders-in", async (data: unknown) => void received.set("binding", [...on("binding"), data]));

    sidecar = await startSidecar({ appId: "sdk-grpc-app", httpPort: daprPort, args: ["--app-port", String(appPort), "--app-protocol", "grpc", "--resources-path", resources.dir], env: { NODE_EXTRA_CA_CERTS: standins.certs.caFile } });
    await server.start();
    // The in-memory broker keeps nothing for a subscriber that does not exist yet: publish once they are live.
    await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/healthz`)).status === 204, { timeoutMs: 15_000, what: "the SDK app's subscriptions live" });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await sidecar?.stop();
    await standins?.close();
    resources?.remove();
  });

  it("lists the SDK app's subscriptions from its ListTopicSubscriptions", async () => {
    const metadata = (await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { subscriptions: Array<{ topic: string; type: string }>; appConnectionProperties?: unknown };
    expect(metadata.subscriptions.map((s) => s.topic).sort()).toEqual(["bulk", "drop", "json", "poison", "raw", "retry", "routed"]);
    expect(metadata.subscriptions.every((s) => s.type === "PROGRAMMATIC")).toBe(true);
  });

  it("delivers JSON, and routes by the rules to the route the SDK registered", async () => {
    await publish("json", { orderId: 1 });
    await publish("routed", { kind: "urgent" });
    await publish("routed", { kind: "normal" });
    await waitFor(() => on("json").length === 1 && on("urgent").length === 1 && on("normal").length === 1, { what: "the deliveries" });
    expect(on("json")[0]).toEqual({ orderId: 1 });
    expect(on("urgent")[0]).toEqual({ kind: "urgent" });
  });

  it("hands a rawPayload subscription the published bytes", async () => {
    await publish("raw", "raw-text", "text/plain", "?metadata.rawPayload=true");
    await waitFor(() => on("raw").length === 1, { what: "the raw delivery" });
    const data = on("raw")[0];
    expect(typeof data === "string" ? data : Buffer.from(data as Uint8Array).toString()).toBe("raw-text");
  });

  it("redelivers on RETRY and dead-letters on DROP", async () => {
    await publish("retry", { n: 1 });
    await publish("drop", { n: 2 });
    await waitFor(() => on("retry").length === 2 && on("poison").length === 1, { timeoutMs: 10_000, what: "the retry and the dead letter" });
    expect(on("drop")).toHaveLength(1);
    expect(on("poison")[0]).toEqual({ n: 2 });
  });

  it("delivers a bulk subscription through OnBulkTopicEventAlpha1, the only bulk method the SDK serves", async () => {
    for (let n = 0; n < 3; n++) await publish("bulk", { n });
    await waitFor(() => on("bulk").length === 3, { what: "three bulk entries" });
    expect(on("bulk").map((d) => (d as { n: number }).n).sort()).toEqual([0, 1, 2]);
    expect(sidecar.output()).not.toMatch(/dropping message \S+ on pubsub\/bulk/);
  });

  it("hands input binding events to the SDK's binding.receive handler", async () => {
    const res = await fetch(`http://127.0.0.1:${handshakePort}/api/events-in`, {
      method: "POST",
      headers: { "content-type": "application/cloudevents+json", authorization: `Bearer ${await standins.token()}` },
      body: JSON.stringify({ specversion: "1.0", id: "b-1", source: "/orders", type: "com.example.order", datacontenttype: "application/json", data: { n: "b-1" } }),
    });
    expect(res.status).toBe(200);
    await waitFor(() => on("binding").length === 1, { what: "the binding event" });
    expect(on("binding")[0]).toMatchObject({ id: "b-1", data: { n: "b-1" } });
    expect(SDK_ERRORS).toEqual([]);
  });
});
