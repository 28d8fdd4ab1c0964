import { writeFile } from "node:fs/promises";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Errors, GrpcCode, notSupported, type ApiError } from "../../pkg/api/universal/index.js";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { MAX_JSON_DEPTH } from "../../pkg/util/json.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { registerTestBindings } from "../support/test-bindings.js";
import { freePort } from "../support/ports.js";
import { tempDir } from "../support/tempdirs.js";
import { componentYaml } from "../support/manifests.js";

/**
 * The API's rules over both transports, as table rows: each operation is sent once over HTTP and once over
 * gRPC, and must end the same way (the same success, or the same catalogue error: its HTTP status and
 * errorCode on HTTP, daprd's gRPC code on gRPC, the same message on both). A rule that held on one
 * transport and broke on the other fails its row here.
 */

const TOKEN = "transport-token";

/** What an operation ended with, transport aside. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: { status?: number; errorCode?: string; grpcCode?: number; message: string } };

interface Transport {
  name: string;
  publish(pubsub: string, topic: string, data: string, contentType: string, metadata?: Record<string, string>): Promise<Outcome>;
  bulkPublish(pubsub: string, topic: string, entries: Array<{ entryId: string; event: string; contentType: string; metadata?: Record<string, string> }>): Promise<Outcome>;
  getSecret(store: string, key: string): Promise<Outcome>;
  bulkSecrets(store: string): Promise<Outcome>;
  getConfiguration(store: string, keys: string[]): Promise<Outcome>;
  invokeBinding(name: string, operation: string, data: unknown): Promise<Outcome>;
  setMetadata(key: string, value: string): Promise<Outcome>;
  extended(): Promise<Outcome>;
  unserved(): Promise<Outcome>;
  withoutToken(): Promise<Outcome>;
}

function httpTransport(base: () => string): Transport {
  const call = async (method: string, url: string, body?: string, contentType = "application/json", token: string | null = TOKEN): Promise<Outcome> => {
    const res = await fetch(`${base()}${url}`, { method, body, headers: { "content-type": contentType, ...(token ? { "dapr-api-token": token } : {}) } });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    if (res.status >= 400) return { ok: false, error: { status: res.status, errorCode: parsed?.["errorCode"] as string, message: parsed?.["message"] as string } };
    return { ok: true, value: parsed ?? null };
  };
  const query = (metadata: Record<string, string>): string => Object.entries(metadata).map(([k, v]) => `metadata.${k}=${encodeURIComponent(v)}`).join("&");
  return {
    name: "HTTP",
    publish: (pubsub, topic, data, contentType, metadata = {}) => call("POST", `/v1.0/publish/${pubsub}/${topic}?${query(metadata)}`, data, contentType),
    bulkPublish: (pubsub, topic, entries) => call("POST", `/v1.0-alpha1/publish/bulk/${pubsub}/${topic}`, JSON.stringify(entries)),
    getSecret: (store, key) => call("GET", `/v1.0/secrets/${store}/${key}`),
    bulkSecrets: (store) => call("GET", `/v1.0/secrets/${store}/bulk`),
    getConfiguration: async (store, keys) => {
      const outcome = await call("GET", `/v1.0/configuration/${store}?${keys.map((k) => `key=${k}`).join("&")}`);
      return outcome.ok ? { ok: true, value: Object.fromEntries(Object.entries(outcome.value as Record<string, { value: string }>).map(([k, v]) => [k, v.value])) } : outcome;
    },
    invokeBinding: async (name, operation, data) => {
      const outcome = await call("POST", `/v1.0/bindings/${name}`, JSON.stringify({ operation, data }));
      return outcome.ok ? { ok: true, value: outcome.value } : outcome;
    },
    setMetadata: (key, value) => call("PUT", `/v1.0/metadata/${key}`, value, "text/plain"),
    extended: async () => {
      const outcome = await call("GET", "/v1.0/metadata");
      return outcome.ok ? { ok: true, value: (outcome.value as { extended: unknown }).extended } : outcome;
    },
    unserved: () => call("GET", "/v1.0/state/statestore/key"),
    withoutToken: () => call("POST", "/v1.0/publish/pubsub/orders", "{}", "application/json", null),
  };
}

function grpcTransport(port: () => number): Transport {
  let client: grpc.Client & Record<string, (req: unknown, md: grpc.Metadata, cb: (e: grpc.ServiceError | null, r: unknown) => void) => void>;
  const call = (method: string, request: unknown, token: string | null = TOKEN): Promise<Outcome> => {
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    client ??= new Dapr(`127.0.0.1:${port()}`, grpc.credentials.createInsecure()) as unknown as typeof client;
    const metadata = new grpc.Metadata();
    if (token) metadata.set("dapr-api-token", token);
    return new Promise((resolve) => client[method]!(request, metadata, (error, response) => resolve(error ? { ok: false, error: { grpcCode: error.code, message: error.details } } : { ok: true, value: response })));
  };
  const map = async (outcome: Promise<Outcome>, view: (value: Record<string, unknown>) => unknown): Promise<Outcome> => {
    const done = await outcome;
    return done.ok ? { ok: true, value: view(done.value as Record<string, unknown>) } : done;
  };
  return {
    name: "gRPC",
    publish: (pubsub, topic, data, contentType, metadata = {}) => map(call("PublishEvent", { pubsub_name: pubsub, topic, data: Buffer.from(data), data_content_type: contentType, metadata }), () => null),
    bulkPublish: (pubsub, topic, entries) => map(call("BulkPublishEvent", { pubsub_name: pubsub, topic, entries: entries.map((e) => ({ entry_id: e.entryId, event: Buffer.from(e.event), content_type: e.contentType, metadata: e.metadata ?? {} })) }), () => null),
    getSecret: (store, key) => map(call("GetSecret", { store_name: store, key }), (v) => v["data"]),
    bulkSecrets: (store) => map(call("GetBulkSecret", { store_name: store }), (v) => Object.fromEntries(Object.entries(v["data"] as Record<string, { secrets: unknown }>).map(([k, s]) => [k, s.secrets]))),
    getConfiguration: (store, keys) => map(call("GetConfiguration", { store_name: store, keys }), (v) => Object.fromEntries(Object.entries(v["items"] as Record<string, { value: string }>).map(([k, i]) => [k, i.value]))),
    invokeBinding: (name, operation, data) => map(call("InvokeBinding", { name, operation, data: Buffer.from(JSON.stringify(data)) }), (v) => JSON.parse((v["data"] as Buffer).toString()) as unknown),
    setMetadata: (key, value) => map(call("SetMetadata", { key, value }), () => null),
    extended: () => map(call("GetMetadata", {}), (v) => v["extended_metadata"]),
    unserved: () => call("GetState", { store_name: "statestore", key: "key" }),
    withoutToken: () => call("PublishEvent", { pubsub_name: "pubsub", topic: "orders", data: Buffer.from("{}") }, null),
    close: () => client?.close(),
  } as Transport;
}

/** The catalogue error as each transport shows it. */
function failure(error: ApiError, transport: Transport): Outcome {
  return transport.name === "HTTP" ? { ok: false, error: { status: error.status, errorCode: error.errorCode, message: error.message } } : { ok: false, error: { grpcCode: GrpcCode[error.grpcCode], message: error.message } };
}

const component = (name: string, type: string, metadata: Record<string, string> = {}): string => `${componentYaml(name, type, metadata)}---\n`;

let rt: TestRuntime;

beforeAll(async () => {
  const files = tempDir("transports-");
  const secretsFile = path.join(files, "secrets.json");
  const configFile = path.join(files, "config.yaml");
  await writeFile(secretsFile, JSON.stringify({ token: "tok-1", denied: "no" }));
  await writeFile(configFile, "colour: {value: blue}\nsize: {value: large}\n");
  const dir = await resourcesFolder({
    "components.yaml":
      component("pubsub", "pubsub.in-memory") +
      component("scoped", "pubsub.in-memory", { publishingScopes: "test-app=allowed" }) +
      component("files", "secretstores.local.file", { secretsFile }) +
      component("config", "configuration.local.file", { path: configFile }) +
      component("echo", "bindings.test.echo"),
    "configuration.yaml": "apiVersion: runtime.io/v1alpha1\nkind: Configuration\nmetadata: {name: scoping}\nspec:\n  secrets:\n    scopes: [{storeName: files, defaultAccess: allow, deniedSecrets: [denied]}]\n",
  });
  rt = createRuntime({ resourcesPaths: [dir], configPath: path.join(dir, "configuration.yaml"), apiToken: TOKEN }, { registries: registerTestBindings(builtinRegistries()) });
  await rt.start();
});

afterAll(() => rt.close());

const transports = [httpTransport(() => rt.url), grpcTransport(() => rt.runtime.grpcPort)];
afterAll(() => transports.forEach((t) => (t as Transport & { close?: () => void }).close?.()));

function deep(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

describe.each(transports)("the API's rules over $name", (transport) => {
  it.each([
    ["a publish the broker accepts", () => transport.publish("pubsub", "orders", '{"a":1}', "application/json"), null],
    ["an unknown pub/sub", () => transport.publish("nope", "orders", "{}", "application/json"), Errors.pubsubNotFound("nope")],
    ["a topic outside the component's publishing scopes", () => transport.publish("scoped", "other", "{}", "application/json"), Errors.pubsubForbidden("other", "test-app")],
    ["a ttlInSeconds that is not a number", () => transport.publish("pubsub", "orders", "{}", "application/json", { ttlInSeconds: "soon" }), Errors.pubsubRequestMetadata("orders", "pubsub", 'metadata ttlInSeconds must be a positive whole number of seconds or a duration such as 90s, got "soon"')],
    ["JSON nested beyond the depth bound", () => transport.publish("pubsub", "orders", deep(MAX_JSON_DEPTH + 1), "application/json"), "ERR_PUBSUB_CLOUD_EVENTS_SER"],
    ["a bulk publish the broker accepts", () => transport.bulkPublish("pubsub", "orders", [{ entryId: "1", event: "a", contentType: "text/plain" }]), null],
    ["a bulk publish with a repeated entry id", () => transport.bulkPublish("pubsub", "orders", [{ entryId: "1", event: "a", contentType: "text/plain" }, { entryId: "1", event: "b", contentType: "text/plain" }]), Errors.pubsubEventsSer("orders", "pubsub", 'entryId "1" is duplicated')],
    ["a bulk publish to an unknown pub/sub", () => transport.bulkPublish("nope", "orders", [{ entryId: "1", event: "a", contentType: "text/plain" }]), Errors.pubsubNotFound("nope").withStatus(400)],
    ["an allowed secret", () => transport.getSecret("files", "token"), { token: "tok-1" }],
    ["a secret denied by scoping", () => transport.getSecret("files", "denied"), Errors.secretPermissionDenied("denied", "files")],
    ["an unknown secret store", () => transport.getSecret("vault", "token"), Errors.secretStoreNotFound("vault")],
    ["bulk secrets, denied ones left out", () => transport.bulkSecrets("files"), { token: { token: "tok-1" } }],
    ["configuration items by key", () => transport.getConfiguration("config", ["colour"]), { colour: "blue" }],
    ["an unknown configuration store", () => transport.getConfiguration("nope", []), Errors.configurationStoreNotFound("nope")],
    ["an output binding call", () => transport.invokeBinding("echo", "echo", { n: 1 }), { data: { n: 1 }, metadata: {} }],
    ["an unknown output binding", () => transport.invokeBinding("nowhere", "echo", {}), Errors.bindingNotFound("nowhere")],
    ["an operation the binding does not have", () => transport.invokeBinding("echo", "delete", {}), Errors.bindingOperationUnsupported("echo", "delete", "echo, empty, bytes, fail, badrequest")],
    ["a binding whose backend fails", () => transport.invokeBinding("echo", "fail", {}), Errors.bindingInvoke("echo", "backend is down")],
    ["an invalid extended metadata key", () => transport.setMetadata("bad key", "x"), Errors.metadataKeyInvalid("bad key")],
    ["a building block runtimed does not serve", () => transport.unserved(), notSupported("state management")],
    ["a call without the API token", () => transport.withoutToken(), Errors.unauthorized()],
  ] as Array<[string, () => Promise<Outcome>, ApiError | string | Record<string, unknown> | null]>)("%s", async (_name, send, expected) => {
    const outcome = await send();
    if (typeof expected === "string") {
      // The message carries the parser's own words: the code is what both transports must agree on.
      expect(outcome.ok).toBe(false);
      const error = (outcome as Extract<Outcome, { ok: false }>).error;
      if (transport.name === "HTTP") expect(error.errorCode).toBe(expected);
      else expect(error.grpcCode).toBe(grpc.status.INVALID_ARGUMENT);
      expect(error.message).toMatch(/nested deeper than 100 levels/);
    } else if (expected !== null && "errorCode" in expected && "grpcCode" in expected) {
      expect(outcome).toEqual(failure(expected as ApiError, transport));
    } else if (expected === null) {
      expect(outcome.ok).toBe(true);
    } else {
      expect(outcome).toEqual({ ok: true, value: expected });
    }
  });

  it("an extended metadata attribute set is read back", async () => {
    expect((await transport.setMetadata(`team-${transport.name}`, "payments")).ok).toBe(true);
    expect(await transport.extended()).toEqual({ ok: true, value: expect.objectContaining({ [`team-${transport.name}`]: "payments" }) });
  });
});

describe.each(transports)("a bulk publish over $name mixing a bad CloudEvent and bad entry metadata", (transport) => {
  it("is refused, and the sidecar keeps serving (no rejection left unhandled)", async () => {
    const outcome = await transport.bulkPublish("pubsub", "orders", [{ entryId: "1", event: "{bad", contentType: "application/cloudevents+json" }, { entryId: "2", event: "x", contentType: "text/plain", metadata: { ttlInSeconds: "x" } }]);
    // The entry with bad metadata of its own would fail alone; the entry that cannot become a CloudEvent fails the request.
    expect(outcome.ok).toBe(false);
    const refusal = outcome.ok ? undefined : outcome.error;
    expect(refusal?.message).toMatch(/^error when creating the cloud event for topic orders in pubsub pubsub: /);
    if (transport.name === "HTTP") expect(refusal).toMatchObject({ status: 400, errorCode: "ERR_PUBSUB_CLOUD_EVENTS_SER" });
    // A rejection left unhandled surfaces on a later tick: give it one, then publish again.
    await new Promise((resolve) => setImmediate(resolve));
    expect((await transport.publish("pubsub", "orders", "{}", "application/json")).ok).toBe(true);
  });
});

describe("GetMetadata's app connection over both transports (daprd's appConnectionProperties)", () => {
  let withApp: TestRuntime;
  let appPort: number;

  beforeAll(async () => {
    appPort = await freePort();
    withApp = createRuntime({ appPort, appProtocol: "http", appHealth: { enabled: true, path: "/healthz", probeIntervalMs: 5000, probeTimeoutMs: 500, threshold: 3 } });
    await withApp.start();
  });
  afterAll(() => withApp.close());

  it("shows the port, protocol, address, concurrency and health settings, the same on HTTP and gRPC", async () => {
    const http = (await (await fetch(`${withApp.url}/v1.0/metadata`)).json()) as { appConnectionProperties: unknown };
    expect(http.appConnectionProperties).toEqual({ port: appPort, protocol: "http", channelAddress: "127.0.0.1", maxConcurrency: 10, health: { healthCheckPath: "/healthz", healthProbeInterval: "5s", healthProbeTimeout: "500ms", healthThreshold: 3 } });
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    const client = new Dapr(`127.0.0.1:${withApp.runtime.grpcPort}`, grpc.credentials.createInsecure());
    try {
      const response = await new Promise<{ app_connection_properties: unknown }>((resolve, reject) => client.GetMetadata({}, (error, value) => (error ? reject(error) : resolve(value as { app_connection_properties: unknown }))));
      expect(response.app_connection_properties).toEqual({ port: appPort, protocol: "http", channel_address: "127.0.0.1", max_concurrency: 10, health: { health_check_path: "/healthz", health_probe_interval: "5s", health_probe_timeout: "500ms", health_threshold: 3 } });
    } finally {
      client.close();
    }
  });
});

describe("a sidecar without pub/sub, secret or configuration components, over both transports", () => {
  let bare: TestRuntime;
  beforeAll(async () => {
    bare = createRuntime({ resourcesPaths: [await resourcesFolder({ "none.yaml": "" })] });
    await bare.start();
  });
  afterAll(() => bare.close());

  const sides = [httpTransport(() => bare.url), grpcTransport(() => bare.runtime.grpcPort)];
  afterAll(() => sides.forEach((t) => (t as Transport & { close?: () => void }).close?.()));

  it.each(sides.flatMap((transport) => [
    [transport.name, "a publish", () => transport.publish("pubsub", "orders", "{}", "application/json"), Errors.pubsubNotConfigured(), transport],
    [transport.name, "a secret", () => transport.getSecret("files", "token"), Errors.secretStoresNotConfigured(), transport],
    [transport.name, "configuration items", () => transport.getConfiguration("config", []), Errors.configurationStoresNotConfigured(), transport],
  ] as Array<[string, string, () => Promise<Outcome>, ApiError, Transport]>))("%s: %s is refused as daprd's not-configured (FAILED_PRECONDITION on gRPC)", async (_t, _n, send, expected, transport) => {
    expect(await send()).toEqual(failure(expected, transport));
  });
});
