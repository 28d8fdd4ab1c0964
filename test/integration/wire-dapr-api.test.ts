import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CommunicationProtocolEnum, DaprClient, LogLevel, type LoggerService } from "@dapr/dapr";
import { brokerAvailable } from "../support/brokers.js";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { startTestApp, type TestApp } from "../support/testapp.js";
import { componentYaml } from "../support/manifests.js";

/**
 * daprd 1.18's HTTP answers for `dapr.io` secret stores, configuration stores, bindings and pub/subs, beside
 * the spec's answers for their `runtime.io` twins, on one built sidecar. Each case is written from daprd v1.18.3
 * (pkg/api/http, pkg/api/universal, pkg/api/errors/pubsub.go, pkg/runtime/processor/binding/send.go) and
 * components-contrib v1.18.4 (secretstores/local/{file,env}); the Dapr JS SDK's client where it reaches the item.
 */
const component = (group: "dapr.io" | "runtime.io", name: string, type: string, metadata: Record<string, string> = {}): string => componentYaml(name, type, metadata, group);

const quiet: LoggerService = { error: () => undefined, warn: () => undefined, info: () => undefined, verbose: () => undefined, debug: () => undefined };

/** What the SDK's HTTP client throws on an error status: JSON with the status and the body. */
function sdkError(error: unknown): { status: number; body: Record<string, unknown> } {
  const parsed = JSON.parse((error as Error).message) as { status: number; error_msg: string };
  return { status: parsed.status, body: JSON.parse(parsed.error_msg) as Record<string, unknown> };
}

async function failure(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    return sdkError(error);
  }
  throw new Error("the call succeeded");
}

describe("dapr.io components beside their runtime.io twins", () => {
  let dir: string;
  let app: TestApp;
  let sidecar: SidecarProcess | undefined;
  let client: DaprClient;
  const unset = `RUNTIMED_UNSET_${randomUUID().replace(/-/g, "_").toUpperCase()}`;
  const post = (route: string, body: string, contentType = "application/json"): Promise<Response> => fetch(`${sidecar!.url}${route}`, { method: "POST", headers: { "content-type": contentType }, body });

  beforeAll(async () => {
    dir = tempDir("wire-dapr-api-");
    const resources = path.join(dir, "resources");
    await mkdir(resources);
    await mkdir(path.join(dir, "storage"));
    await writeFile(path.join(dir, "secrets.json"), JSON.stringify({ present: "1" }));
    await writeFile(path.join(dir, "config.yaml"), "greeting: hello\n");
    const manifests = [
      ...(["dapr.io", "runtime.io"] as const).flatMap((group) => {
        const prefix = group === "dapr.io" ? "" : "spec";
        return [
          component(group, `${prefix}files`, "secretstores.local.file", { secretsFile: path.join(dir, "secrets.json") }),
          component(group, `${prefix}envs`, "secretstores.local.env"),
          component(group, `${prefix}store`, "configuration.local.file", { path: path.join(dir, "config.yaml") }),
          component(group, `${prefix}storage`, "bindings.localstorage", { rootPath: path.join(dir, "storage") }),
          component(group, `${prefix}bus`, "pubsub.in-memory"),
          component(group, `${prefix}scoped`, "pubsub.in-memory", { publishingScopes: "wire-dapr-api=allowed" }),
        ];
      }),
    ];
    await writeFile(path.join(resources, "components.yaml"), manifests.join("---\n"));
    app = await startTestApp({ discovery: "dapr", subscriptions: [{ pubsubname: "bus", topic: "bulk", route: "/bulk" }] });
    sidecar = await startSidecar({ appId: "wire-dapr-api", args: ["--app-port", String(app.port), "--resources-path", resources] });
    client = new DaprClient({ daprHost: "127.0.0.1", daprPort: String(sidecar.httpPort), communicationProtocol: CommunicationProtocolEnum.HTTP, logger: { level: LogLevel.Error, service: quiet } });
    await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] }).subscriptions?.length === 1, { what: "the subscription" });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe("secrets (components-contrib secretstores/local)", () => {
    it("answers a local.file miss with 500 ERR_SECRET_GET and an unset local.env name with 200 and an empty value", async () => {
      const miss = await failure(client.secret.get("files", "absent"));
      expect(miss).toEqual({ status: 500, body: { errorCode: "ERR_SECRET_GET", message: "failed getting secret with key absent from secret store files: secret absent not found" } });
      expect(await client.secret.get("envs", unset)).toEqual({ [unset]: "" });
    });

    it("keeps the spec's 204 for the runtime.io twins", async () => {
      expect((await fetch(`${sidecar!.url}/v1.0/secrets/specfiles/absent`)).status).toBe(204);
      expect((await fetch(`${sidecar!.url}/v1.0/secrets/specenvs/${unset}`)).status).toBe(204);
    });
  });

  describe("configuration (daprd's onGetConfiguration, onUnsubscribeConfiguration)", () => {
    it("answers a GET matching no item with 204 and no body, and an unknown unsubscribe id with 500 and only a message", async () => {
      const none = await fetch(`${sidecar!.url}/v1.0/configuration/store?key=absent`);
      expect(none.status).toBe(204);
      expect(await none.text()).toBe("");
      const unsubscribe = await fetch(`${sidecar!.url}/v1.0/configuration/store/no-such-id/unsubscribe`);
      expect(unsubscribe.status).toBe(500);
      const body = (await unsubscribe.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(["message"]);
      expect(body["message"]).toMatch(/^failed to unsubscribe to configuration request no-such-id: /);
    });

    it("keeps the spec's 200 {} and 200 {ok: false, message} for the runtime.io twin", async () => {
      const none = await fetch(`${sidecar!.url}/v1.0/configuration/specstore?key=absent`);
      expect([none.status, await none.json()]).toEqual([200, {}]);
      const unsubscribe = await fetch(`${sidecar!.url}/v1.0/configuration/specstore/no-such-id/unsubscribe`);
      expect(unsubscribe.status).toBe(200);
      expect(await unsubscribe.json()).toMatchObject({ ok: false });
    });
  });

  describe("output bindings (daprd's SendToOutputBinding)", () => {
    it("refuses an unsupported or missing operation, and a dapr.io component that is no output binding, with 500 ERR_INVOKE_OUTPUT_BINDING", async () => {
      expect(await failure(client.binding.send("storage", "zap", "x"))).toEqual({
        status: 500,
        body: { errorCode: "ERR_INVOKE_OUTPUT_BINDING", message: "error invoking output binding storage: binding storage does not support operation zap. supported operations:create get list delete" },
      });
      const missing = await post("/v1.0/bindings/storage", JSON.stringify({ data: "x" }));
      expect([missing.status, await missing.json()]).toEqual([500, { errorCode: "ERR_INVOKE_OUTPUT_BINDING", message: "error invoking output binding storage: operation field is missing from request" }]);
      const notBinding = await post("/v1.0/bindings/bus", JSON.stringify({ operation: "create" }));
      expect([notBinding.status, await notBinding.json()]).toEqual([500, { errorCode: "ERR_INVOKE_OUTPUT_BINDING", message: "error invoking output binding bus: couldn't find output binding bus" }]);
    });

    it("keeps runtimed's 400s for the runtime.io twin, and 404 for a name no manifest declares", async () => {
      expect((await failure(client.binding.send("specstorage", "zap", "x"))).status).toBe(400);
      expect((await post("/v1.0/bindings/specstorage", JSON.stringify({ data: "x" }))).status).toBe(400);
      expect((await failure(client.binding.send("nothing", "create", "x"))).status).toBe(404);
    });
  });

  describe("bulk publish (daprd's onBulkPublish and ConvertEventToBytes)", () => {
    it("reads the body whatever its Content-Type, and publishes an event null as the JSON null", async () => {
      const body = JSON.stringify([
        { entryId: "1", event: "plain", contentType: "text/plain" },
        { entryId: "2", event: null, contentType: "application/json" },
      ]);
      expect((await post("/v1.0-alpha1/publish/bulk/bus/bulk", body, "text/plain")).status).toBe(204);
      const deliveries = await app.waitForRequests("/bulk", 2);
      const events = deliveries.map((d) => d.json<Record<string, unknown>>());
      expect(events.find((e) => e["datacontenttype"] === "text/plain")).toMatchObject({ data: "plain" });
      const nullEvent = events.find((e) => e["datacontenttype"] === "application/json")!;
      expect(Object.keys(nullEvent)).toContain("data");
      expect(nullEvent["data"]).toBeNull();
      // An event of no JSON type cannot be null: daprd's "mismatch between contentType and event".
      const mismatch = await post("/v1.0-alpha1/publish/bulk/bus/bulk", JSON.stringify([{ entryId: "1", event: null, contentType: "text/plain" }]));
      expect(mismatch.status).toBe(400);
      expect(((await mismatch.json()) as { message: string }).message).toBe("error when marshalling cloud event envelope for topic bulk pubsub bus: error: mismatch between contentType and event");
    });

    it("keeps the spec's 400 for the runtime.io twin: application/json only, every entry's event required", async () => {
      const body = JSON.stringify([{ entryId: "1", event: "plain", contentType: "text/plain" }]);
      expect((await post("/v1.0-alpha1/publish/bulk/specbus/bulk", body, "text/plain")).status).toBe(400);
      expect((await post("/v1.0-alpha1/publish/bulk/specbus/bulk", JSON.stringify([{ entryId: "1", event: null, contentType: "application/json" }]))).status).toBe(400);
    });
  });

  describe("publish errors (daprd's pkg/api/errors/pubsub.go over dapr/kit's rich errors)", () => {
    const resourceInfo = (pubsub: string, description: string): Record<string, unknown> => ({ "@type": "type.googleapis.com/google.rpc.ResourceInfo", description, owner: "", resource_name: pubsub, resource_type: "pubsub" });
    const errorInfo = (reason: string, metadata: Record<string, string>): Record<string, unknown> => ({ "@type": "type.googleapis.com/google.rpc.ErrorInfo", domain: "dapr.io", metadata, reason });

    it("carry details: ResourceInfo naming the pub/sub, ErrorInfo with daprd's reason and metadata", async () => {
      const forbidden = await post("/v1.0/publish/scoped/denied", "x", "text/plain");
      const message = "topic denied is not allowed for app id wire-dapr-api";
      expect([forbidden.status, await forbidden.json()]).toEqual([403, { errorCode: "ERR_PUBSUB_FORBIDDEN", message, details: [resourceInfo("scoped", message), errorInfo("DAPR_PUBSUB_FORBIDDEN", { error: message, topic: "denied" })] }]);
      const noTopic = await post("/v1.0/publish/bus/?metadata.k=v", "x", "text/plain");
      expect([noTopic.status, await noTopic.json()]).toEqual([404, { errorCode: "ERR_TOPIC_NAME_EMPTY", message: "topic is empty in pubsub bus", details: [resourceInfo("bus", "topic is empty in pubsub bus"), errorInfo("DAPR_PUBSUB_TOPIC_NAME_EMPTY", { k: "v" })] }]);
      const badMetadata = (await (await post("/v1.0/publish/bus/orders?metadata.rawPayload=maybe", "x", "text/plain")).json()) as { errorCode: string; message: string; details: unknown[] };
      expect(badMetadata.errorCode).toBe("ERR_PUBSUB_REQUEST_METADATA");
      expect(badMetadata.message).toMatch(/^failed deserializing metadata\. Error: /);
      expect(badMetadata.details[1]).toEqual(errorInfo("DAPR_PUBSUB_METADATA_DESERIALIZATION", { rawPayload: "maybe" }));
      const creation = (await (await post("/v1.0/publish/bus/orders", "[1]", "application/cloudevents+json")).json()) as { details: Array<{ reason?: string; metadata?: Record<string, string> }> };
      expect(creation.details[1]).toMatchObject({ reason: "DAPR_PUBSUB_CLOUD_EVENT_CREATION", metadata: { appID: "wire-dapr-api" } });
    });

    it("carry none for the runtime.io twin", async () => {
      const forbidden = await post("/v1.0/publish/specscoped/denied", "x", "text/plain");
      expect([forbidden.status, await forbidden.json()]).toEqual([403, { errorCode: "ERR_PUBSUB_FORBIDDEN", message: "topic denied is not allowed for app id wire-dapr-api" }]);
      expect(Object.keys((await (await post("/v1.0/publish/specbus/", "x", "text/plain")).json()) as object)).toEqual(["errorCode", "message"]);
    });
  });

  describe("GET /v1.0/metadata (daprd's pkg/api/http/metadata.go)", () => {
    it("leaves empty lists and maps out, always shows extended.daprRuntimeVersion, actorRuntime and appConnectionProperties", async () => {
      const metadata = (await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as Record<string, unknown>;
      for (const absent of ["enabledFeatures", "actors", "httpEndpoints", "componentErrors"]) expect(metadata).not.toHaveProperty(absent);
      expect(metadata["extended"]).toEqual({ daprRuntimeVersion: metadata["runtimeVersion"] });
      expect(metadata["actorRuntime"]).toEqual({ runtimeStatus: "DISABLED", hostReady: false, placement: "placement: disconnected" });
      expect(metadata["appConnectionProperties"]).toMatchObject({ port: app.port, protocol: "http", channelAddress: "127.0.0.1" });
      expect(metadata["subscriptions"]).toEqual([{ pubsubname: "bus", topic: "bulk", rules: [{ path: "/bulk" }], deadLetterTopic: "", type: "PROGRAMMATIC" }]);
      // The SDK's own call reads the same shape.
      expect(((await client.metadata.get()) as { actorRuntime?: unknown }).actorRuntime).toEqual(metadata["actorRuntime"]);
    });

    it("names a dapr.io component's capabilities as components-contrib's features; a runtime.io one keeps runtimed's", async () => {
      const { components } = (await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { components: Array<{ name: string; capabilities?: string[] }> };
      const capabilities = (name: string): string[] | undefined => components.find((c) => c.name === name)!.capabilities;
      expect(capabilities("bus")).toEqual(["SUBSCRIBE_WILDCARDS"]);
      expect(capabilities("storage")).toEqual(["OUTPUT_BINDING"]);
      expect(capabilities("envs")).toBeUndefined();
      expect(capabilities("store")).toBeUndefined();
      expect(capabilities("specbus")).toEqual(expect.arrayContaining(["MESSAGE_TTL", "BULK_PUBLISH"]));
      expect(capabilities("specstorage")).toEqual(["output"]);
    });
  });
});

const natsUp = await brokerAvailable("nats");

(natsUp ? describe : describe.skip)("a publish the broker refuses, on a dapr.io and a runtime.io JetStream pub/sub", () => {
  let dir: string;
  let sidecar: SidecarProcess | undefined;
  // No stream holds this subject and none may be made: the broker refuses every publish to it.
  const topic = `wire-refused-${randomUUID()}`;
  const entries = JSON.stringify([
    { entryId: "a", event: "1", contentType: "text/plain" },
    { entryId: "b", event: "2", contentType: "text/plain" },
  ]);

  beforeAll(async () => {
    dir = tempDir("wire-dapr-refused-");
    const metadata = { natsURL: "nats://127.0.0.1:4222", autoCreateStream: "false" };
    await writeFile(path.join(dir, "components.yaml"), [component("dapr.io", "js", "pubsub.jetstream", metadata), component("runtime.io", "specjs", "pubsub.jetstream", metadata)].join("---\n"));
    sidecar = await startSidecar({ appId: "wire-dapr-refused", args: ["--resources-path", dir] });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("answers a single publish 500 ERR_PUBSUB_PUBLISH_MESSAGE with daprd's details", async () => {
    const res = await fetch(`${sidecar!.url}/v1.0/publish/js/${topic}`, { method: "POST", body: "x" });
    const body = (await res.json()) as { errorCode: string; message: string; details: Array<Record<string, unknown>> };
    expect([res.status, body.errorCode]).toEqual([500, "ERR_PUBSUB_PUBLISH_MESSAGE"]);
    const error = body.message.slice(`error when publishing to topic ${topic} in pubsub js: `.length);
    expect(body.details).toEqual([
      { "@type": "type.googleapis.com/google.rpc.ResourceInfo", description: body.message, owner: "", resource_name: "js", resource_type: "pubsub" },
      { "@type": "type.googleapis.com/google.rpc.ErrorInfo", domain: "dapr.io", metadata: { error, topic }, reason: "DAPR_PUBSUB_PUBLISH_MESSAGE" },
    ]);
  });

  it("answers a bulk publish with failed entries 500 {failedEntries, errorCode} and the metadata.responseData and metadata.error headers", async () => {
    const res = await fetch(`${sidecar!.url}/v1.0-alpha1/publish/bulk/js/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: entries });
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/json");
    const text = await res.text();
    const body = JSON.parse(text) as { failedEntries: Array<{ entryId: string; error: string }>; errorCode: string };
    expect(Object.keys(body)).toEqual(["failedEntries", "errorCode"]);
    expect(body.errorCode).toBe("ERR_PUBSUB_PUBLISH_MESSAGE");
    expect(body.failedEntries.map((f) => f.entryId).sort()).toEqual(["a", "b"]);
    expect(res.headers.get("metadata.responseData")).toBe(text);
    expect(res.headers.get("metadata.error")).toBe(`api error: code = Internal desc = error when publishing to topic ${topic} in pubsub js: ${body.failedEntries[0]!.error}`);
  });

  it("keeps {errorCode, message, failedEntries} without the headers for the runtime.io twin", async () => {
    const res = await fetch(`${sidecar!.url}/v1.0-alpha1/publish/bulk/specjs/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: entries });
    expect(res.status).toBe(500);
    expect(Object.keys((await res.json()) as object).sort()).toEqual(["errorCode", "failedEntries", "message"]);
    expect(res.headers.get("metadata.responseData")).toBeNull();
  });
});

describe("trace context on the answers, with tracing on (daprd's HTTPTraceMiddleware)", () => {
  let dir: string;
  let traced: SidecarProcess | undefined;
  let untraced: SidecarProcess | undefined;

  beforeAll(async () => {
    dir = tempDir("wire-dapr-trace-");
    const config = path.join(dir, "config.yaml");
    // Tracing on, its spans sent to a port nobody listens on (the exporter drops them).
    const tracing = { samplingRate: "1", zipkin: { endpointAddress: `http://127.0.0.1:${await freePort()}/api/v2/spans` } };
    await writeFile(config, JSON.stringify({ apiVersion: "dapr.io/v1alpha1", kind: "Configuration", metadata: { name: "tracing" }, spec: { tracing } }));
    traced = await startSidecar({ appId: "wire-traced", args: ["--config", config] });
    untraced = await startSidecar({ appId: "wire-untraced" });
  }, 30_000);

  afterAll(async () => {
    await traced?.stop("SIGKILL");
    await untraced?.stop("SIGKILL");
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("carries the server span's traceparent on every answer but the health probes', continuing the caller's trace", async () => {
    const fresh = await fetch(`${traced!.url}/v1.0/metadata`);
    expect(fresh.headers.get("traceparent")).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const caller = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const continued = await fetch(`${traced!.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { traceparent: caller, tracestate: "vendor=1" }, body: "x" });
    expect(continued.status).toBe(204);
    expect(continued.headers.get("traceparent")!.slice(0, 36)).toBe(caller.slice(0, 36));
    expect(continued.headers.get("tracestate")).toBe("vendor=1");
    const error = await fetch(`${traced!.url}/v1.0/publish/nothing/orders`, { method: "POST", body: "x" });
    expect(error.status).toBe(404);
    expect(error.headers.get("traceparent")).not.toBeNull();
    expect((await fetch(`${traced!.url}/v1.0/healthz`)).headers.get("traceparent")).toBeNull();
  });

  it("echoes a valid baggage header and refuses an invalid one with 400", async () => {
    const baggage = "userId=alice,serverNode=DF%2028;ttl=30";
    const echoed = await fetch(`${traced!.url}/v1.0/metadata`, { headers: { baggage } });
    expect([echoed.status, echoed.headers.get("baggage")]).toEqual([200, baggage]);
    const invalid = await fetch(`${traced!.url}/v1.0/metadata`, { headers: { baggage: "no-equals-sign" } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toMatch(/^invalid baggage header: /);
  });

  it("adds neither with tracing off", async () => {
    const res = await fetch(`${untraced!.url}/v1.0/metadata`, { headers: { baggage: "userId=alice" } });
    expect([res.headers.get("traceparent"), res.headers.get("baggage")]).toEqual([null, null]);
  });
});
