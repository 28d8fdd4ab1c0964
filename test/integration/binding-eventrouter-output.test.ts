import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bindingResources, startStandins, type Standins } from "../support/azure-standins.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";

/**
 * The output side (operation `create`) with the real @azure/eventgrid client in the built sidecar,
 * publishing to a local HTTPS topic stand-in trusted through NODE_EXTRA_CA_CERTS; accessKey comes
 * from a secret store through secretKeyRef (spec "Authentication" 2).
 */
describe("eventrouter output binding against a topic stand-in", () => {
  let standins: Standins;
  let sidecar: SidecarProcess;
  let resources: { dir: string; remove(): void } | undefined;

  const invoke = (name: string, body: unknown): Promise<Response> =>
    fetch(`${sidecar.url}/v1.0/bindings/${name}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const published = (): Array<Record<string, unknown>> => JSON.parse(standins.topic.requests.at(-1)!.body) as Array<Record<string, unknown>>;

  beforeAll(async () => {
    standins = await startStandins();
    resources = bindingResources("eventrouter-out-", { topicKey: standins.accessKey }, `apiVersion: dapr.io/v1alpha1
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
    sidecar = await startSidecar({ appId: "orders-app", args: ["--resources-path", resources!.dir], env: { NODE_EXTRA_CA_CERTS: standins.certs.caFile } });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop();
    await standins?.close();
    resources?.remove();
  });

  it("wraps plain data in a CloudEvent and publishes it with the aeg-sas-key header", async () => {
    const res = await invoke("orders-out", { operation: "create", data: { orderId: 7 } });
    expect(res.status).toBe(204);
    const request = standins.topic.requests.at(-1)!;
    expect(request.headers["aeg-sas-key"]).toBe(standins.accessKey);
    expect(request.headers["content-type"]).toMatch(/^application\/cloudevents-batch\+json/);
    const [event] = published();
    expect(event).toMatchObject({ specversion: "1.0", type: "com.runtime.event.sent", source: "orders-app", datacontenttype: "application/json", data: { orderId: 7 } });
    expect(typeof event!.id).toBe("string");
  });

  it("sends text data as text/plain and honours cloudevent.* request metadata", async () => {
    const res = await invoke("orders-out", { operation: "create", data: "hello", metadata: { "cloudevent.type": "com.example.greeting", "cloudevent.subject": "greetings/1" } });
    expect(res.status).toBe(204);
    const [event] = published();
    // The SDK serialises non-object data as bytes: data_base64 with the content type.
    expect(event).toMatchObject({ type: "com.example.greeting", subject: "greetings/1", datacontenttype: "text/plain" });
    expect(Buffer.from(event!.data_base64 as string, "base64").toString("utf8")).toBe("hello");
  });

  it("sends a CloudEvent given as data as is: id, source, type, time and extension attributes kept", async () => {
    const event = { specversion: "1.0", id: "evt-42", source: "/shop/orders", type: "com.example.order.created", time: "2024-05-01T10:00:00.000Z", datacontenttype: "application/json", data: { total: 12.5 }, tenant: "acme" };
    const res = await invoke("orders-out", { operation: "create", data: event });
    expect(res.status).toBe(204);
    const [sent] = published();
    expect(sent).toMatchObject({ specversion: "1.0", id: "evt-42", source: "/shop/orders", type: "com.example.order.created", data: { total: 12.5 }, tenant: "acme" });
    expect(new Date(sent!.time as string).toISOString()).toBe("2024-05-01T10:00:00.000Z");
  });

  it("answers 400 for an invalid CloudEvent extension name and for a missing body field, publishing nothing", async () => {
    const before = standins.topic.requests.length;
    const bad = await invoke("orders-out", { operation: "create", data: { specversion: "1.0", id: "1", source: "s", type: "t", "Bad-Name": 1 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Bad-Name/);
    const noData = await invoke("orders-out", { operation: "create" });
    expect(noData.status).toBe(400);
    expect(standins.topic.requests.length).toBe(before);
  });

  it("maps a refused key to 500 ERR_INVOKE_OUTPUT_BINDING naming accessKey, and a 404 topic to a clear message", async () => {
    standins.topicStatus.value = 403;
    try {
      const res = await invoke("orders-out", { operation: "create", data: { a: 1 } });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { errorCode: string; message: string };
      expect(body.errorCode).toBe("ERR_INVOKE_OUTPUT_BINDING");
      expect(body.message).toMatch(/rejected the access key \(HTTP 403\).*accessKey/);
      expect(body.message).not.toContain(standins.accessKey);
      standins.topicStatus.value = 404;
      const missing = await invoke("orders-out", { operation: "create", data: { a: 1 } });
      expect(missing.status).toBe(500);
      expect(((await missing.json()) as { message: string }).message).toMatch(/does not exist \(HTTP 404\)/);
    } finally {
      standins.topicStatus.value = 200;
    }
  });

  it("answers an operation the binding does not support as daprd does for its dapr.io manifest: 500 ERR_INVOKE_OUTPUT_BINDING", async () => {
    const res = await invoke("orders-out", { operation: "delete", data: {} });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ errorCode: "ERR_INVOKE_OUTPUT_BINDING", message: "error invoking output binding orders-out: binding orders-out does not support operation delete. supported operations:create" });
  });

  it("counts invocations in runtime_bindings_* metrics and never logs the access key; no call left for the internet", async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/runtime_bindings_requests_total\{component="orders-out",direction="output",operation="create",success="true",app_id="orders-app"\} [1-9]/);
    expect(metrics).toMatch(/runtime_bindings_requests_total\{component="orders-out",direction="output",operation="create",success="false",app_id="orders-app"\} [1-9]/);
    expect(metrics).toMatch(/runtime_bindings_latency_ms_count\{app_id="orders-app",component="orders-out"/);
    expect(sidecar.output()).not.toContain(standins.accessKey);
    // Output only: no token or management call was made.
    expect(standins.identity.requests).toHaveLength(0);
    expect(standins.management.requests).toHaveLength(0);
    expect(standins.topic.requests.length).toBeGreaterThanOrEqual(5);
  });
});
