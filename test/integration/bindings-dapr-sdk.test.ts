import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CommunicationProtocolEnum, DaprClient, DaprServer, LogLevel, type LoggerService } from "@dapr/dapr";
import { Redis } from "ioredis";
import pg from "pg";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { startEchoServer, type EchoServer } from "../support/echo-server.js";
import { freePort, waitFor } from "../support/ports.js";
import { deleteRabbitMQ, RABBITMQ_URL } from "../support/rabbitmq.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { PG_URL } from "../conformance/configuration/postgres-support.js";
import { componentYaml } from "../support/manifests.js";

/**
 * The Dapr JS SDK (@dapr/dapr 3.18, HTTP), unchanged, against the BUILT sidecar with Dapr manifests of
 * the seven bindings: `client.binding.send` for each output, `server.binding.receive` for each input
 * (cron firing, an MQTT message and a RabbitMQ message the outputs themselves sent), and the API's
 * answers to requests a binding refuses.
 */

const silent: LoggerService = { error: () => undefined, warn: () => undefined, info: () => undefined, verbose: () => undefined, debug: () => undefined };
const up = (await Promise.all((["redis", "postgres", "mqtt", "rabbitmq"] as const).map((b) => brokerAvailable(b)))).every(Boolean);

const manifest = (name: string, type: string, metadata: Record<string, string>): string => componentYaml(name, type, metadata, "dapr.io");

(up ? describe : describe.skip)("the Dapr JS SDK against the built sidecar's bindings", () => {
  const run = randomUUID().slice(0, 8);
  const topic = `sdk/bindings/${run}`;
  const queue = `sdk-bindings-${run}`;
  const table = `sdk_bindings_${run}`;
  const files = tempDir("sdk-files-");
  const received = new Map<string, unknown[]>();
  const on = (name: string): unknown[] => received.get(name) ?? [];
  let echo: EchoServer;
  let sidecar: SidecarProcess;
  let server: DaprServer;
  let client: DaprClient;
  let admin: pg.Client;

  beforeAll(async () => {
    echo = await startEchoServer();
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`);
    const resources = tempDir("sdk-bindings-");
    writeFileSync(
      path.join(resources, "bindings.yaml"),
      [
        manifest("ticks", "bindings.cron", { schedule: "@every 1s" }),
        manifest("web", "bindings.http", { url: `${echo.url}/api` }),
        manifest("cache", "bindings.redis", { redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}` }),
        manifest("files", "bindings.localstorage", { rootPath: files }),
        manifest("db", "bindings.postgres", { connectionString: PG_URL }),
        manifest("mq", "bindings.mqtt3", { url: `tcp://${BROKERS.mqtt.host}:${BROKERS.mqtt.port}`, topic, consumerID: `sdk-${run}`, cleanSession: "true" }),
        manifest("rabbit", "bindings.rabbitmq", { host: RABBITMQ_URL, queueName: queue, deleteWhenUnused: "false" }),
      ].join("---\n"),
    );
    const [daprPort, appPort] = [await freePort(), await freePort()];
    const clientOptions = { daprHost: "127.0.0.1", daprPort: String(daprPort), communicationProtocol: CommunicationProtocolEnum.HTTP, logger: { level: LogLevel.Error, service: silent } };
    server = new DaprServer({ serverHost: "127.0.0.1", serverPort: String(appPort), communicationProtocol: CommunicationProtocolEnum.HTTP, clientOptions, logger: clientOptions.logger });
    for (const name of ["ticks", "mq", "rabbit"]) {
      await server.binding.receive(name, (data: unknown) => {
        received.set(name, [...on(name), data]);
        return Promise.resolve();
      });
    }
    sidecar = await startSidecar({ appId: `sdk-bindings-${run}`, httpPort: daprPort, args: ["--app-port", String(appPort), "--resources-path", resources] });
    await server.start();
    client = new DaprClient(clientOptions);
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await sidecar?.stop("SIGKILL");
    await echo?.close();
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.end();
    await deleteRabbitMQ({ queues: [queue] });
    const redis = new Redis(BROKERS.redis.port, BROKERS.redis.host);
    await redis.del(`sdk-bindings-${run}`);
    redis.disconnect();
  });

  it("lists every binding in /v1.0/metadata and reports outbound health", async () => {
    const metadata = (await client.metadata.get()) as { components: Array<{ name: string; type: string }> };
    expect(metadata.components.map((c) => c.name)).toEqual(expect.arrayContaining(["ticks", "web", "cache", "files", "db", "mq", "rabbit"]));
    expect((await fetch(`${sidecar.url}/v1.0/healthz/outbound`)).status).toBe(204);
  });

  it("server.binding.receive gets the cron binding's firings", async () => {
    await waitFor(() => on("ticks").length >= 1, { what: "a cron firing at the app" });
  });

  it("binding.send over http: the operation is the method, metadata.path the path, the answer the endpoint's", async () => {
    const answer = await client.binding.send("web", "post", { orderId: 1 }, { path: "/orders", "X-Order": "1" });
    expect(answer).toEqual({ method: "POST", url: "/api/orders", body: '{"orderId":1}' });
    expect(echo.requests.at(-1)!.headers["x-order"]).toBe("1");
  });

  it("binding.send over redis: create then get", async () => {
    await client.binding.send("cache", "create", { n: 1 }, { key: `sdk-bindings-${run}` });
    expect(await client.binding.send("cache", "get", undefined, { key: `sdk-bindings-${run}` })).toEqual({ n: 1 });
  });

  it("binding.send over localstorage: create, get, list", async () => {
    expect(await client.binding.send("files", "create", "hello", { fileName: "a/hello.txt" })).toEqual({ fileName: "a/hello.txt" });
    expect(readFileSync(path.join(files, "a/hello.txt"), "utf8")).toBe("hello");
    expect(await client.binding.send("files", "list", undefined, {})).toEqual([expect.stringMatching(/a\/hello\.txt$/)]);
  });

  it("binding.send over postgresql: exec with params, query as rows of arrays", async () => {
    await client.binding.send("db", "exec", undefined, { sql: `INSERT INTO ${table} (id, name) VALUES ($1, $2)`, params: JSON.stringify([1, "one"]) });
    expect(await client.binding.send("db", "query", undefined, { sql: `SELECT id, name FROM ${table}` })).toEqual([[1, "one"]]);
  });

  it("binding.send over mqtt3 and rabbitmq reaches server.binding.receive through the same bindings' inputs", async () => {
    await client.binding.send("mq", "create", { via: "mqtt" });
    await client.binding.send("rabbit", "create", { via: "rabbitmq" }, { contentType: "application/json" });
    await waitFor(() => on("mq").length >= 1 && on("rabbit").length >= 1, { what: "both messages at the app" });
    expect(on("mq")[0]).toEqual({ via: "mqtt" });
    expect(on("rabbit")[0]).toEqual({ via: "rabbitmq" });
  });

  it.each([
    ["files", { operation: "get", metadata: { fileName: "../../etc/passwd" } }],
    ["files", { operation: "create", data: "x", metadata: { fileName: "/tmp/escape" } }],
    ["web", { operation: "get", metadata: { path: "../admin" } }],
    ["cache", { operation: "get", metadata: {} }],
    ["db", { operation: "query", metadata: { sql: "SELECT 1", params: "not json" } }],
  ])("%s refuses %j with 400 naming what is wrong", async (name, body) => {
    const response = await fetch(`${sidecar.url}/v1.0/bindings/${name}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { errorCode: string; message: string };
    expect(error.errorCode).toMatch(/^ERR_/);
    expect(error.message).toMatch(/fileName|path|key|params/);
  });

  it("refuses an operation a dapr.io binding does not support as daprd does: 500 ERR_INVOKE_OUTPUT_BINDING naming the operations", async () => {
    const response = await fetch(`${sidecar.url}/v1.0/bindings/web`, { method: "POST", body: JSON.stringify({ operation: "connect", metadata: {} }), headers: { "content-type": "application/json" } });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ errorCode: "ERR_INVOKE_OUTPUT_BINDING", message: expect.stringMatching(/does not support operation connect\. supported operations:/) });
  });
});
