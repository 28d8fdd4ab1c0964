import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import pg from "pg";
import request from "supertest";
import { stringify } from "yaml";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { installConfigTable, PG_URL } from "../conformance/configuration/postgres-support.js";
import { component, TestApp } from "./configuration-support.js";
import { tempDir } from "../support/tempdirs.js";

// App route A4 and routing rule 2 (spec), with the fallback of docs/api.md "Configuration": key route -> store route -> /configuration.
const redisUp = await brokerAvailable("redis");
const pgUp = await brokerAvailable("postgres");

describe("configuration notifications to the app (A4)", () => {
  let rt: TestRuntime;
  let app: TestApp;
  let file: string;
  const fileItems: Record<string, string> = { seed: "0" };
  const edit = async (key: string, value: string): Promise<void> => {
    fileItems[key] = value;
    await writeFile(file, stringify(fileItems));
  };
  const subscribe = async (store: string, keys: string[]): Promise<string> => {
    const res = await request(rt.url).get(`/v1.0/configuration/${store}/subscribe${keys.length ? `?${keys.map((k) => `key=${encodeURIComponent(k)}`).join("&")}` : ""}`);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };

  beforeAll(async () => {
    app = await TestApp.start();
    const dir = tempDir("conf-notify-");
    file = path.join(dir, "config.yaml");
    await writeFile(file, stringify(fileItems));
    rt = createRuntime({ resourcesPaths: [await resourcesFolder({ "files.yaml": component("files", "configuration.local.file", { path: file, debounce: "10ms" }) })], appPort: app.port });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
    await app?.close();
  });

  it("posts {id, items: [{key, value, version}]} to /configuration/<store>/<key> when the app serves it", async () => {
    app.answer = () => 200;
    const id = await subscribe("files", ["k1"]);
    await edit("k1", "v1");
    await waitFor(() => app.delivered("k1", "v1").length > 0, { timeoutMs: 5000, what: "delivery of k1" });
    const call = app.delivered("k1", "v1")[0]!;
    expect(call.path).toBe("/configuration/files/k1");
    expect(call.body).toEqual({ id, items: [{ key: "k1", value: "v1", version: "" }] });
  });

  it("falls back to /configuration/<store> on 404 and then goes there directly", async () => {
    app.answer = (p) => (p === "/configuration/files" ? 200 : 404);
    await subscribe("files", ["k2"]);
    await edit("k2", "first");
    await waitFor(() => app.delivered("k2", "first").some((c) => c.path === "/configuration/files"), { timeoutMs: 5000, what: "store-route delivery" });
    expect(app.delivered("k2", "first").map((c) => c.path)).toEqual(["/configuration/files/k2", "/configuration/files"]);
    await edit("k2", "second");
    await waitFor(() => app.delivered("k2", "second").length > 0, { timeoutMs: 5000, what: "second delivery" });
    expect(app.delivered("k2", "second").map((c) => c.path)).toEqual(["/configuration/files"]);
  });

  it("falls back to /configuration when neither the key nor the store route exists", async () => {
    app.answer = (p) => (p === "/configuration" ? 200 : 404);
    await subscribe("files", ["k3"]);
    await edit("k3", "x");
    await waitFor(() => app.delivered("k3", "x").some((c) => c.path === "/configuration"), { timeoutMs: 5000, what: "root-route delivery" });
    expect(app.delivered("k3", "x").map((c) => c.path)).toEqual(["/configuration/files/k3", "/configuration/files", "/configuration"]);
  });

  it("drops (and logs) a notification the app serves on no route", async () => {
    app.answer = () => 404;
    await subscribe("files", ["k4"]);
    await edit("k4", "lost");
    await waitFor(() => rt.logs().includes("the app serves none of /configuration/files/<key>, /configuration/files, /configuration"), { timeoutMs: 5000, what: "the drop to be logged" });
    expect(app.delivered("k4", "lost")).toHaveLength(3);
  });

  it("retries a failed notification with back-off until the app accepts it", async () => {
    let failures = 2;
    app.answer = (p) => (p === "/configuration/files/k5" && failures-- > 0 ? 503 : 200);
    await subscribe("files", ["k5"]);
    await edit("k5", "retry-me");
    await waitFor(() => app.delivered("k5", "retry-me").length === 3, { timeoutMs: 5000, what: "two retries" });
    expect(rt.logs()).toMatch(/POST \/configuration\/files\/k5: the app answered 503; retrying in \d+ms/);
  });

  it("stops at once on unsubscribe: a later edit is not delivered", async () => {
    app.answer = () => 200;
    const id = await subscribe("files", ["k6"]);
    await edit("k6", "before");
    await waitFor(() => app.delivered("k6", "before").length > 0, { timeoutMs: 5000, what: "first delivery" });
    expect((await request(rt.url).get(`/v1.0/configuration/files/${id}/unsubscribe`)).body).toEqual({ ok: true });
    const witness = await subscribe("files", ["k7"]);
    await edit("k6", "after");
    await edit("k7", "witness");
    await waitFor(() => app.delivered("k7", "witness").length > 0, { timeoutMs: 5000, what: "the witness delivery" });
    expect(app.delivered("k6", "after")).toHaveLength(0);
    expect(app.delivered("k7", "witness")[0]!.body.id).toBe(witness);
  });

  it("a subscription with no keys receives keys created after it", async () => {
    app.answer = () => 200;
    const id = await subscribe("files", []);
    await edit("brand-new", "hello");
    await waitFor(() => app.delivered("brand-new", "hello").some((c) => c.body.id === id), { timeoutMs: 5000, what: "the new key" });
  });
});

// How fast an edit reaches the app is measured by bench/7-configuration-notify-latency.mjs, not here.
describe("an edit to each configuration store reaches a real app", () => {
  let rt: TestRuntime;
  let app: TestApp;
  let file: string;
  let redis: Redis | undefined;
  let client: pg.Client | undefined;
  let dropTable: (() => Promise<void>) | undefined;
  let table = "";
  const prefix = `notify-${randomUUID().slice(0, 8)}-`;

  beforeAll(async () => {
    app = await TestApp.start();
    const dir = tempDir("conf-fast-");
    file = path.join(dir, "config.yaml");
    await writeFile(file, "seed: 0\n");
    const files: Record<string, string> = { "files.yaml": component("files", "configuration.local.file", { path: file }) };
    if (redisUp) {
      redis = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, db: 9 });
      files["redis.yaml"] = component("redisconf", "configuration.redis", { redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}`, redisDB: "9" });
    }
    if (pgUp) {
      client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      const installed = await installConfigTable(client, randomUUID().replace(/-/g, "").slice(0, 10));
      ({ table } = installed);
      dropTable = installed.drop;
      files["pg.yaml"] = component("pgconf", "configuration.postgresql", { connectionString: PG_URL, table, pgNotifyChannel: installed.channel });
    }
    rt = createRuntime({ resourcesPaths: [await resourcesFolder(files)], appPort: app.port });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
    await app?.close();
    if (redis) {
      await redis.del(`${prefix}key`);
      await redis.quit();
    }
    await dropTable?.();
    await client?.end();
  });

  async function editReachesApp(store: string, key: string, value: string, write: () => Promise<unknown>): Promise<void> {
    const sub = await request(rt.url).get(`/v1.0/configuration/${store}/subscribe?key=${encodeURIComponent(key)}`);
    expect(sub.status).toBe(200);
    await write();
    await waitFor(() => app.delivered(key, value).length > 0, { timeoutMs: 5000, what: `${store} notification` });
    expect(app.delivered(key, value)[0]!.body.items).toContainEqual(expect.objectContaining({ key, value }));
  }

  it("configuration.local.file", async () => {
    await editReachesApp("files", "fast", "1", () => writeFile(file, "seed: 0\nfast: '1'\n"));
  });

  (redisUp ? it : it.skip)("configuration.redis", async () => {
    await editReachesApp("redisconf", `${prefix}key`, "2", () => redis!.set(`${prefix}key`, "2||v2"));
    expect(app.delivered(`${prefix}key`, "2")[0]!.body.items).toEqual([{ key: `${prefix}key`, value: "2", version: "v2" }]);
  });

  (pgUp ? it : it.skip)("configuration.postgresql", async () => {
    await editReachesApp("pgconf", "pgkey", "3", () => client!.query(`INSERT INTO ${table} (key, value, version) VALUES ('pgkey', '3', 'v3')`));
  });

  it("ends every subscription when the sidecar closes", async () => {
    expect(rt.runtime.configurationSubscriptions.size).toBeGreaterThan(0);
    await rt.runtime.configurationSubscriptions.close();
    expect(rt.runtime.configurationSubscriptions.size).toBe(0);
  });
});
