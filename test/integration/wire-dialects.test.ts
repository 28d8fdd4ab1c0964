import { mkdir, rm, writeFile } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import express from "express";
import { stringify } from "yaml";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { componentYaml, type ApiGroup } from "../support/manifests.js";

/**
 * docs/components/README.md "Two dialects on the wire", end to end on the built sidecar: one sidecar, components
 * declared in Dapr's API group (dapr.io) and in ours (runtime.io), and `wireFormat` overriding either
 * default. The app holds a handler written for Dapr (the configuration quickstart's: it reads
 * `req.body.items` as an object keyed by item name) and one written for the spec (a list of items).
 */
const component = (apiGroup: string, name: string, type: string, metadata: Record<string, string>): string => componentYaml(name, type, metadata, apiGroup as ApiGroup);

interface Posted {
  path: string;
  body: Record<string, unknown>;
}

let dir: string;
let server: http.Server;
let sidecar: SidecarProcess | undefined;
const posted: Posted[] = [];
const daprItems: Array<Record<string, unknown>> = [];
const specItems: unknown[] = [];
const files: Record<string, string> = {};

const SUBSCRIPTIONS = [
  { pubsubname: "daprbus", topic: "orders", route: "/events/dapr" },
  { pubsubname: "specbus", topic: "orders", route: "/events/spec" },
  { pubsubname: "forcedspec", topic: "orders", route: "/events/forcedspec" },
  { pubsubname: "forceddapr", topic: "orders", route: "/events/forceddapr" },
  { pubsubname: "daprbus", topic: "bulk", route: "/events/daprbulk", bulkSubscribe: { enabled: true, maxMessagesCount: 2, maxAwaitDurationMs: 50 } },
  { pubsubname: "specbus", topic: "bulk", route: "/events/specbulk", bulkSubscribe: { enabled: true, maxMessagesCount: 2, maxAwaitDurationMs: 50 } },
];

beforeAll(async () => {
  dir = tempDir("wire-dialects-");
  const resources = path.join(dir, "resources");
  await mkdir(resources);
  for (const store of ["configstore", "specstore", "forcedstore"]) {
    files[store] = path.join(dir, `${store}.yaml`);
    await writeFile(files[store], stringify({ orderId1: "100" }));
  }
  const manifests: Record<string, string> = {
    "configstore.yaml": component("dapr.io", "configstore", "configuration.local.file", { path: files["configstore"]!, debounce: "10ms" }),
    "specstore.yaml": component("runtime.io", "specstore", "configuration.local.file", { path: files["specstore"]!, debounce: "10ms" }),
    "forcedstore.yaml": component("runtime.io", "forcedstore", "configuration.local.file", { path: files["forcedstore"]!, debounce: "10ms", wireFormat: "dapr" }),
    "daprbus.yaml": component("dapr.io", "daprbus", "pubsub.in-memory", {}),
    "specbus.yaml": component("runtime.io", "specbus", "pubsub.in-memory", {}),
    "forcedspec.yaml": component("dapr.io", "forcedspec", "pubsub.in-memory", { wireFormat: "spec" }),
    "forceddapr.yaml": component("runtime.io", "forceddapr", "pubsub.in-memory", { wireFormat: "Dapr" }),
  };
  for (const [name, text] of Object.entries(manifests)) await writeFile(path.join(resources, name), text);

  const app = express();
  app.use(express.json({ type: ["application/json", "application/cloudevents+json", "application/cloudevents-batch+json"] }));
  // As the Dapr configuration quickstart (javascript/http) has it, on Express 5's wildcard syntax.
  app.post("/configuration/configstore/*key", (req, res) => {
    daprItems.push(req.body.items as Record<string, unknown>);
    res.sendStatus(200);
  });
  app.post("/configuration/forcedstore/*key", (req, res) => {
    daprItems.push(req.body.items as Record<string, unknown>);
    res.sendStatus(200);
  });
  app.post("/configuration/specstore/*key", (req, res) => {
    specItems.push(...(req.body.items as unknown[]));
    res.sendStatus(200);
  });
  app.get("/dapr/subscribe", (_req, res) => void res.json(SUBSCRIPTIONS));
  app.post("/events/*name", (req, res) => {
    posted.push({ path: req.path, body: req.body as Record<string, unknown> });
    const entries = (req.body as { entries?: Array<{ entryId: string }> }).entries;
    if (entries) res.json({ statuses: entries.map((e) => ({ entryId: e.entryId, status: "SUCCESS" })) });
    else res.json({ status: "SUCCESS" });
  });
  const port = await freePort();
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  sidecar = await startSidecar({ appId: "dialects", args: ["--app-port", String(port), "--resources-path", resources] });
  await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions: unknown[] }).subscriptions.length === SUBSCRIPTIONS.length, { what: "the subscriptions" }).catch((error: Error) => {
    throw new Error(`${error.message}\n${sidecar!.output()}`);
  });
});

afterAll(async () => {
  await sidecar?.stop("SIGKILL");
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function subscribe(store: string): Promise<void> {
  const res = await fetch(`${sidecar!.url}/v1.0/configuration/${store}/subscribe?key=orderId1&key=orderId2`);
  expect(res.status).toBe(200);
}

describe("configuration notifications by the store's API group", () => {
  it("posts Dapr's object shape for a dapr.io store and the spec's list for a runtime.io store, from one sidecar", async () => {
    await subscribe("configstore");
    await subscribe("specstore");
    await writeFile(files["configstore"]!, stringify({ orderId1: { value: "103", version: "v7" }, orderId2: "104" }));
    await writeFile(files["specstore"]!, stringify({ orderId1: { value: "203", version: "v7" }, orderId2: "204" }));
    await waitFor(() => daprItems.length >= 2 && specItems.length >= 2, { what: "both apps' notifications" });
    // daprd's UpdateEvent as Go encodes it: items keyed by name, empty fields left out (no version on orderId2).
    expect(Object.assign({}, ...daprItems)).toEqual({ orderId1: { value: "103", version: "v7" }, orderId2: { value: "104" } });
    expect(specItems).toEqual(expect.arrayContaining([{ key: "orderId1", value: "203", version: "v7" }, { key: "orderId2", value: "204", version: "" }]));
  });

  it("speaks Dapr's shape for a runtime.io store whose metadata says wireFormat: dapr", async () => {
    daprItems.length = 0;
    await subscribe("forcedstore");
    await writeFile(files["forcedstore"]!, stringify({ orderId1: "300" }));
    await waitFor(() => daprItems.length >= 1, { what: "the notification" });
    expect(daprItems[0]).toEqual({ orderId1: { value: "300" } });
  });
});

describe("the CloudEvent type set by the envelope, by the pub/sub's API group", () => {
  const publish = (pubsub: string, topic: string, body: string, query = ""): Promise<Response> =>
    fetch(`${sidecar!.url}/v1.0/publish/${pubsub}/${topic}${query}`, { method: "POST", headers: { "content-type": "application/json" }, body });
  const typeOn = (route: string): unknown => posted.find((p) => p.path === route)?.body["type"];

  it("is com.dapr.event.sent for dapr.io (and wireFormat: dapr), com.runtime.event.sent for runtime.io (and wireFormat: spec)", async () => {
    for (const bus of ["daprbus", "specbus", "forcedspec", "forceddapr"]) expect((await publish(bus, "orders", '{"n":1}')).status).toBe(204);
    await waitFor(() => ["dapr", "spec", "forcedspec", "forceddapr"].every((r) => typeOn(`/events/${r}`) !== undefined), { what: "four deliveries" });
    expect(typeOn("/events/dapr")).toBe("com.dapr.event.sent");
    expect(typeOn("/events/forceddapr")).toBe("com.dapr.event.sent");
    expect(typeOn("/events/spec")).toBe("com.runtime.event.sent");
    expect(typeOn("/events/forcedspec")).toBe("com.runtime.event.sent");
  });

  it("wraps a raw message for a runtime.io subscriber, hands a dapr.io one the JSON object as daprd does, and types bulk deliveries com.dapr.event.sent.bulk / com.runtime.event.sent.bulk", async () => {
    posted.length = 0;
    expect((await publish("specbus", "orders", "raw", "?metadata.rawPayload=true")).status).toBe(204);
    await waitFor(() => typeOn("/events/spec") !== undefined, { what: "the raw delivery" });
    expect(posted.find((p) => p.path === "/events/spec")!.body).toMatchObject({ type: "com.runtime.event.sent", data_base64: Buffer.from("raw").toString("base64") });
    // daprd's subscription unmarshals the bytes as the event: a JSON object arrives unchanged (wire-dapr-pubsub.test.ts has the rest).
    expect((await publish("daprbus", "orders", '{"n":0}', "?metadata.rawPayload=true")).status).toBe(204);
    await waitFor(() => posted.some((p) => p.path === "/events/dapr"), { what: "the raw delivery" });
    expect(posted.find((p) => p.path === "/events/dapr")!.body).toEqual({ n: 0 });
    for (const bus of ["daprbus", "specbus"]) expect((await publish(bus, "bulk", '{"n":2}')).status).toBe(204);
    await waitFor(() => typeOn("/events/daprbulk") !== undefined && typeOn("/events/specbulk") !== undefined, { what: "two bulk deliveries" });
    const daprBulk = posted.find((p) => p.path === "/events/daprbulk")!.body as { type: string; entries: Array<{ event: { type: string } }> };
    const specBulk = posted.find((p) => p.path === "/events/specbulk")!.body as { type: string; entries: Array<{ event: { type: string } }> };
    expect(daprBulk.type).toBe("com.dapr.event.sent.bulk");
    expect(daprBulk.entries[0]!.event.type).toBe("com.dapr.event.sent");
    expect(specBulk.type).toBe("com.runtime.event.sent.bulk");
    expect(specBulk.entries[0]!.event.type).toBe("com.runtime.event.sent");
  });
});
