import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import request from "supertest";
import { brokerAvailable, tcpReachable } from "../support/brokers.js";
import { freePort, waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { installConfigTable, PG_URL } from "../conformance/configuration/postgres-support.js";
import { component, TestApp } from "./configuration-support.js";
import { tempDir } from "../support/tempdirs.js";

// Every row of the spec's Errors table for configuration (endpoints 3-5), black-box over HTTP.
const pgUp = await brokerAvailable("postgres");

describe("configuration API without any configuration store", () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = createRuntime();
    await rt.start();
  });
  afterAll(() => rt.close());

  it.each([
    ["get", "/v1.0/configuration/files"],
    ["subscribe", "/v1.0/configuration/files/subscribe"],
    ["unsubscribe", "/v1.0/configuration/files/some-id/unsubscribe"],
  ])("%s answers 400 ERR_CONFIGURATION_STORE_NOT_CONFIGURED", async (_name, url) => {
    const res = await request(rt.url).get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorCode: "ERR_CONFIGURATION_STORE_NOT_CONFIGURED", message: "configuration stores not configured" });
  });
});

(pgUp ? describe : describe.skip)("configuration API errors with stores loaded", () => {
  let rt: TestRuntime;
  let app: TestApp;
  let client: pg.Client;
  let dropTable: () => Promise<void>;
  let redis: ChildProcess | undefined;

  beforeAll(async () => {
    app = await TestApp.start();
    const dir = tempDir("conf-api-");
    const file = path.join(dir, "config.yaml");
    await writeFile(file, "greeting: hello\nlimit:\n  value: '10'\n  version: v3\n");
    client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const installed = await installConfigTable(client, randomUUID().replace(/-/g, "").slice(0, 10));
    dropTable = installed.drop;
    const redisPort = await freePort();
    // Its own Redis (the test kills it), never the shared one.
    redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await waitFor(() => tcpReachable("127.0.0.1", redisPort), { timeoutMs: 5000, what: "redis-server" });
    const resources = await resourcesFolder({
      "files.yaml": component("files", "configuration.local.file", { path: file }),
      "pg.yaml": component("pgstore", "configuration.postgresql", { connectionString: PG_URL, table: installed.table, pgNotifyChannel: installed.channel }),
      "redis.yaml": component("redisown", "configuration.redis", { redisHost: `127.0.0.1:${redisPort}` }),
    });
    rt = createRuntime({ resourcesPaths: [resources], appPort: app.port });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
    await app?.close();
    await dropTable?.().catch(() => undefined);
    await client?.end();
    if (redis?.pid && redis.exitCode === null && redis.signalCode === null) process.kill(redis.pid, "SIGKILL");
  });

  it("get answers 200 with key -> {value, version} (a 204 could not carry the items), under both prefixes", async () => {
    for (const prefix of ["/v1.0", "/v1.0-alpha1"]) {
      const res = await request(rt.url).get(`${prefix}/configuration/files`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ greeting: { value: "hello" }, limit: { value: "10", version: "v3" } });
    }
  });

  it("get with repeated key returns only those keys; an unknown key is absent", async () => {
    const res = await request(rt.url).get("/v1.0/configuration/files?key=limit&key=nope");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ limit: { value: "10", version: "v3" } });
  });

  it.each([
    ["get", "/v1.0/configuration/nostore"],
    ["subscribe", "/v1.0/configuration/nostore/subscribe"],
    ["unsubscribe", "/v1.0/configuration/nostore/some-id/unsubscribe"],
  ])("%s of a missing store answers 400 ERR_CONFIGURATION_STORE_NOT_FOUND", async (_name, url) => {
    const res = await request(rt.url).get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorCode: "ERR_CONFIGURATION_STORE_NOT_FOUND", message: "configuration store nostore is not found" });
  });

  it.each([
    ["get with an empty key", "/v1.0/configuration/files?key="],
    ["subscribe with an empty key", "/v1.0/configuration/files/subscribe?key=a&key="],
  ])("%s is a malformed request: 400 ERR_MALFORMED_REQUEST", async (_name, url) => {
    const res = await request(rt.url).get(url);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe("ERR_MALFORMED_REQUEST");
    expect(res.body.message).toMatch(/key/);
  });

  it("subscribe answers 200 {id}; unsubscribe {ok: true}, then {ok: false, message} for the same id", async () => {
    const sub = await request(rt.url).get("/v1.0/configuration/files/subscribe?key=greeting");
    expect(sub.status).toBe(200);
    expect(Object.keys(sub.body)).toEqual(["id"]);
    expect(sub.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const first = await request(rt.url).get(`/v1.0-alpha1/configuration/files/${sub.body.id}/unsubscribe`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    const again = await request(rt.url).get(`/v1.0/configuration/files/${sub.body.id}/unsubscribe`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: false, message: `subscription ${sub.body.id} is not found in configuration store files` });
  });

  it("unsubscribe of an unknown id, or of another store's id, answers 200 {ok: false, message}", async () => {
    const unknown = await request(rt.url).get("/v1.0/configuration/files/not-an-id/unsubscribe");
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ ok: false, message: "subscription not-an-id is not found in configuration store files" });
    const sub = await request(rt.url).get("/v1.0/configuration/files/subscribe");
    const wrongStore = await request(rt.url).get(`/v1.0/configuration/pgstore/${sub.body.id}/unsubscribe`);
    expect(wrongStore.body.ok).toBe(false);
    expect((await request(rt.url).get(`/v1.0/configuration/files/${sub.body.id}/unsubscribe`)).body).toEqual({ ok: true });
  });

  it("unsubscribe answers 500 ERR_CONFIGURATION_UNSUBSCRIBE when the store cannot let go (its Redis died)", async () => {
    const sub = await request(rt.url).get("/v1.0/configuration/redisown/subscribe?key=x");
    expect(sub.status).toBe(200);
    process.kill(redis!.pid!, "SIGKILL");
    await waitFor(async () => (await request(rt.url).get("/v1.0/configuration/redisown")).status === 500, { timeoutMs: 5000, what: "the store to notice" });
    const res = await request(rt.url).get(`/v1.0/configuration/redisown/${sub.body.id}/unsubscribe`);
    expect(res.status).toBe(500);
    expect(res.body.errorCode).toBe("ERR_CONFIGURATION_UNSUBSCRIBE");
    expect(res.body.message).toMatch(/failed to unsubscribe .* from configuration store redisown/);
  });

  it("get answers 500 ERR_CONFIGURATION_GET when the store fails (its table is gone); subscribe answers 500 ERR_CONFIGURATION_SUBSCRIBE", async () => {
    expect((await request(rt.url).get("/v1.0/configuration/pgstore")).status).toBe(200);
    await dropTable();
    const get = await request(rt.url).get("/v1.0/configuration/pgstore?key=a");
    expect(get.status).toBe(500);
    expect(get.body.errorCode).toBe("ERR_CONFIGURATION_GET");
    expect(get.body.message).toMatch(/failed to get keys a from configuration store pgstore: .*does not exist/);
    const sub = await request(rt.url).get("/v1.0/configuration/pgstore/subscribe?key=a");
    expect(sub.status).toBe(500);
    expect(sub.body.errorCode).toBe("ERR_CONFIGURATION_SUBSCRIBE");
    expect(sub.body.message).toMatch(/failed to subscribe keys a from configuration store pgstore/);
  });

  it("records runtime_configuration_* metrics by component, operation and success", async () => {
    const text = await rt.runtime.metrics.registry.metrics();
    expect(text).toMatch(/runtime_configuration_operation_count\{component="files",operation="get",success="true"\} \d+/);
    expect(text).toMatch(/runtime_configuration_operation_count\{component="pgstore",operation="get",success="false"\} 1/);
    expect(text).toMatch(/runtime_configuration_operation_latency_ms_bucket\{le="[^"]+",component="files",operation="subscribe",success="true"\}/);
  });
});

describe("configuration subscribe without an app channel", () => {
  it("answers 500 ERR_CONFIGURATION_SUBSCRIBE naming --app-port", async () => {
    const dir = tempDir("conf-api-");
    await writeFile(path.join(dir, "c.yaml"), "a: 1\n");
    const rt = createRuntime({ resourcesPaths: [await resourcesFolder({ "files.yaml": component("files", "configuration.local.file", { path: path.join(dir, "c.yaml") }) })] });
    await rt.start();
    try {
      const res = await request(rt.url).get("/v1.0/configuration/files/subscribe");
      expect(res.status).toBe(500);
      expect(res.body.errorCode).toBe("ERR_CONFIGURATION_SUBSCRIBE");
      expect(res.body.message).toMatch(/--app-port/);
    } finally {
      await rt.close();
    }
  });
});
