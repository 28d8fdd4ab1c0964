import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CommunicationProtocolEnum, DaprClient, DaprServer, LogLevel, type LoggerService } from "@dapr/dapr";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { componentYaml } from "../support/manifests.js";

/**
 * The official Dapr JS SDK (@dapr/dapr 3.18) with `CommunicationProtocolEnum.GRPC`, its code unchanged,
 * against the BUILT sidecar's gRPC port: its DaprClient speaks Connect over HTTP/2 to grpc-js, so every
 * RPC here is also a wire check between two independent implementations. Deliveries come back through an
 * HTTP DaprServer app (the gRPC app channel is tested on its own).
 */

const silent: LoggerService = { error: () => undefined, warn: () => undefined, info: () => undefined, verbose: () => undefined, debug: () => undefined };

const component = (name: string, type: string, metadata: Record<string, string>): string => componentYaml(name, type, metadata, "dapr.io");

describe("the Dapr JS SDK 3.18 over gRPC against the built sidecar", () => {
  const run = randomUUID().slice(0, 8);
  const topic = (name: string): string => `grpc-${name}-${run}`;
  const received = new Map<string, unknown[]>();
  const on = (name: string): unknown[] => received.get(topic(name)) ?? [];
  let dir: string;
  let configFile: string;
  let sidecar: SidecarProcess;
  let server: DaprServer;
  let client: DaprClient;

  beforeAll(async () => {
    dir = tempDir("grpc-sdk-");
    const secretsFile = path.join(dir, "secrets.json");
    configFile = path.join(dir, "config.yaml");
    writeFileSync(secretsFile, JSON.stringify({ "db-password": "s3cret", "api-key": "k-123" }));
    writeFileSync(configFile, "greeting: {value: hello, version: '1'}\ncolour: {value: blue, version: '1'}\n");
    const resources = path.join(dir, "resources");
    mkdirSync(resources);
    writeFileSync(path.join(resources, "components.yaml"), [
      component("pubsub", "pubsub.in-memory", {}),
      // Holds one undelivered message: the second entry of a bulk publish is refused while the first is delivered.
      component("tiny", "pubsub.in-memory", { maxBufferedMessages: "1" }),
      component("secrets", "secretstores.local.file", { secretsFile }),
      component("config", "configuration.local.file", { path: configFile, debounce: "10ms" }),
    ].join("---\n"));
    const [httpPort, appPort] = [await freePort(), await freePort()];
    const httpClientOptions = { daprHost: "127.0.0.1", daprPort: String(httpPort), communicationProtocol: CommunicationProtocolEnum.HTTP, logger: { level: LogLevel.Error, service: silent } };
    server = new DaprServer({ serverHost: "127.0.0.1", serverPort: String(appPort), communicationProtocol: CommunicationProtocolEnum.HTTP, clientOptions: httpClientOptions, logger: httpClientOptions.logger });
    for (const name of ["json", "text", "bulk"]) await server.pubsub.subscribe("pubsub", topic(name), async (data: unknown) => void received.set(topic(name), [...on(name), data]));
    await server.pubsub.subscribe("tiny", topic("partial"), async (data: unknown) => void received.set(topic("partial"), [...on("partial"), data]));
    sidecar = await startSidecar({ appId: `grpc-sdk-${run}`, httpPort, args: ["--app-port", String(appPort), "--resources-path", resources] });
    await server.start();
    client = new DaprClient({ daprHost: "127.0.0.1", daprPort: String(sidecar.grpcPort), communicationProtocol: CommunicationProtocolEnum.GRPC, logger: { level: LogLevel.Error, service: silent } });
    await client.start();
    await waitFor(async () => ((await fetch(`${sidecar.url}/v1.0/metadata`).then((r) => r.json())) as { subscriptions: unknown[] }).subscriptions.length === 4, { what: "the app's subscriptions" });
  }, 30_000);

  afterAll(async () => {
    await client?.stop();
    await server?.stop();
    await sidecar?.stop("SIGKILL");
  });

  it("PublishEvent: JSON and text reach the subscriber as published", async () => {
    expect(await client.pubsub.publish("pubsub", topic("json"), { orderId: 1 })).toEqual({});
    expect(await client.pubsub.publish("pubsub", topic("text"), "hello")).toEqual({});
    await waitFor(() => on("json").length === 1 && on("text").length === 1, { what: "both deliveries" });
    expect(on("json")[0]).toEqual({ orderId: 1 });
    expect(on("text")[0]).toBe("hello");
  });

  it("PublishEvent to an unknown pub/sub is refused with INVALID_ARGUMENT naming it", async () => {
    const error = await client.pubsub.publish("nope", topic("json"), { orderId: 2 }).catch((e: unknown) => e) as { error: { code: number; message: string } };
    expect(error.error.code).toBe(3);
    expect(error.error.message).toContain("pubsub nope is not found");
  });

  it("BulkPublishEventAlpha1 (the SDK's bulk call): every entry is delivered", async () => {
    const result = await client.pubsub.publishBulk("pubsub", topic("bulk"), [{ orderId: 10 }, { orderId: 11 }, "text entry"]);
    expect(result.failedMessages).toEqual([]);
    await waitFor(() => on("bulk").length === 3, { what: "three bulk deliveries" });
    expect(on("bulk")).toEqual(expect.arrayContaining([{ orderId: 10 }, { orderId: 11 }, "text entry"]));
  });

  it("BulkPublishEventAlpha1 with an entry the broker refuses answers OK listing it (as daprd); the other is delivered", async () => {
    const result = await client.pubsub.publishBulk("tiny", topic("partial"), [{ entryID: "kept", event: "one", contentType: "text/plain" }, { entryID: "refused", event: "two", contentType: "text/plain" }]);
    expect(result.failedMessages.map((f) => f.message.entryID)).toEqual(["refused"]);
    expect(String(result.failedMessages[0]!.error)).toContain("maxBufferedMessages");
    await waitFor(() => on("partial").length === 1, { what: "the kept entry's delivery" });
    expect(on("partial")).toEqual(["one"]);
  });

  it("GetSecret and GetBulkSecret", async () => {
    expect(await client.secret.get("secrets", "db-password")).toEqual({ "db-password": "s3cret" });
    expect(await client.secret.getBulk("secrets")).toEqual({ "db-password": { "db-password": "s3cret" }, "api-key": { "api-key": "k-123" } });
    await expect(client.secret.get("missing", "x")).rejects.toMatchObject({ code: 3 });
  });

  it("GetConfiguration, SubscribeConfiguration (a change arrives) and UnsubscribeConfiguration", async () => {
    const got = await client.configuration.get("config", ["greeting"]);
    expect(got.items["greeting"]).toMatchObject({ key: "greeting", value: "hello", version: "1" });
    const changes: Array<Record<string, { value: string }>> = [];
    const subscription = await client.configuration.subscribeWithKeys("config", ["colour"], async (update) => void changes.push(update.items as Record<string, { value: string }>));
    await waitFor(async () => {
      writeFileSync(configFile, `greeting: {value: hello, version: '1'}\ncolour: {value: red-${changes.length}, version: '2'}\n`);
      return changes.length > 0;
    }, { what: "a configuration change on the stream", intervalMs: 200 });
    expect(changes[0]!["colour"]!.value).toMatch(/^red-/);
    await subscription.stop();
    await waitFor(() => sidecar.output().includes("ended"), { what: "the subscription ended in the sidecar" });
  });

  it("GetMetadata lists the components; SetMetadata adds an extended attribute", async () => {
    await client.metadata.set("team", "payments");
    const metadata = await client.metadata.get();
    expect(metadata.id).toBe(`grpc-sdk-${run}`);
    expect(metadata.components.map((c) => c.name).sort()).toEqual(["config", "pubsub", "secrets", "tiny"]);
    expect(metadata.extended).toMatchObject({ team: "payments" });
  });

  it("InvokeBinding of an unknown binding is NOT_FOUND naming it", async () => {
    await expect(client.binding.send("nowhere", "create", { a: 1 })).rejects.toMatchObject({ code: 5, message: expect.stringContaining("output binding nowhere is not found") });
  });

  it("a state call (a building block runtimed does not serve) is UNIMPLEMENTED naming it, at once", async () => {
    await expect(client.state.get("statestore", "k")).rejects.toMatchObject({ code: 12, message: expect.stringContaining("state management") });
  });

  it("Shutdown: the call answers, then the sidecar drains and exits 0", async () => {
    await client.sidecar.shutdown();
    await waitFor(() => sidecar.child.exitCode !== null, { what: "the sidecar's exit", timeoutMs: 15_000 });
    expect(sidecar.child.exitCode).toBe(0);
  });
});
