import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { rowToItem } from "../../pkg/components/configuration/postgresql/postgresql.js";
import { MAX_JSON_DEPTH } from "../../pkg/util/json.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder, startRuntime, type TestRuntime } from "../support/runtime.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * JSON nested far deeper than any real document (100,000 levels) is refused where it
 * enters, with a 400 and a catalogue body, and a broker payload that deep goes to the dead-letter
 * topic instead of crashing the delivery or looping on it.
 */
const DEPTH = 100_000;
const deepArray = (depth = DEPTH): string => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth = DEPTH): string => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const deepEvent = (id: string): string => `{"specversion":"1.0","id":"${id}","source":"s","type":"t","datacontenttype":"application/json","data":${deepArray()}}`;

const COMPONENTS = {
  "pubsub.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: pubsub}
spec: {type: pubsub.in-memory, version: v1, metadata: []}
`,
};

let rt: TestRuntime;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    subscriptions: [
      { pubsubname: "pubsub", topic: "deep-single", route: "/deep/single", deadLetterTopic: "deep-dlq" },
      { pubsubname: "pubsub", topic: "deep-bulk", route: "/deep/bulk", deadLetterTopic: "deep-dlq", bulkSubscribe: { enabled: true, maxMessagesCount: 2, maxAwaitDurationMs: 50 } },
      // Raw: the dead letters are the deep payloads themselves, which a CloudEvent subscription would refuse again.
      { pubsubname: "pubsub", topic: "deep-dlq", route: "/deep/dlq", metadata: { rawPayload: "true" } },
    ],
  });
  rt = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder(COMPONENTS)], maxBodyBytes: 8 * 1024 * 1024 });
  await waitFor(async () => (await request(rt.url).get("/v1.0/metadata")).body.subscriptions?.length === 3, { what: "three subscriptions" });
});

afterAll(async () => {
  await rt?.close();
  await app?.close();
});

function expectRefused(res: request.Response, errorCode: string): void {
  expect({ status: res.status, errorCode: res.body.errorCode }).toEqual({ status: 400, errorCode });
  expect(res.body.message).toMatch(/nested deeper than \d+ levels/);
}

describe("deeply nested JSON from outside", () => {
  it("bulk publish: 400 ERR_PUBSUB_EVENTS_SER, not a 500", async () => {
    const body = `[{"entryId":"1","contentType":"application/json","event":${deepArray()}}]`;
    const res = await request(rt.url).post("/v1.0-alpha1/publish/bulk/pubsub/deep-single").set("content-type", "application/json").send(body);
    expectRefused(res, "ERR_PUBSUB_EVENTS_SER");
  });

  it("application/cloudevents+json publish: 400 ERR_PUBSUB_CLOUD_EVENTS_SER, not a 500", async () => {
    const res = await request(rt.url).post("/v1.0/publish/pubsub/deep-single").set("content-type", "application/cloudevents+json").send(deepEvent("ce-1"));
    expectRefused(res, "ERR_PUBSUB_CLOUD_EVENTS_SER");
  });

  it("application/json publish: 400 ERR_PUBSUB_CLOUD_EVENTS_SER, nothing reaches the broker", async () => {
    const res = await request(rt.url).post("/v1.0/publish/pubsub/deep-single").set("content-type", "application/json").send(deepObject());
    expectRefused(res, "ERR_PUBSUB_CLOUD_EVENTS_SER");
  });

  it("nesting right at the bound is published and delivered, envelope and all (the fuzzer found it dead-lettered)", async () => {
    const res = await request(rt.url).post("/v1.0/publish/pubsub/deep-single").set("content-type", "application/json").send(deepArray(MAX_JSON_DEPTH));
    expect(res.status).toBe(204);
    const [delivered] = await app.waitForRequests("/deep/single", 1);
    expect(JSON.stringify(delivered!.json<{ data: unknown }>().data)).toBe(deepArray(MAX_JSON_DEPTH));
  });

  it("a broker payload nested too deep goes to the dead-letter topic, single and bulk subscriptions alike", async () => {
    for (const topic of ["deep-single", "deep-bulk"]) {
      const res = await request(rt.url).post(`/v1.0/publish/pubsub/${topic}?metadata.rawPayload=true`).set("content-type", "application/cloudevents+json").send(deepEvent(`raw-${topic}`));
      expect(res.status).toBe(204);
    }
    const dead = await app.waitForRequests("/deep/dlq", 2);
    expect(dead.map((r) => /"id":"([^"]+)"/.exec(r.body.toString())?.[1]).sort()).toEqual(["raw-deep-bulk", "raw-deep-single"]);
    expect(app.on("/deep/bulk")).toHaveLength(0);
    expect(app.on("/deep/single").every((r) => !r.body.toString().startsWith('{"specversion":"1.0","id":"raw-'))).toBe(true);
    expect(rt.logs()).not.toMatch(/Maximum call stack/);
    // The sidecar still answers as before.
    expect((await request(rt.url).get("/v1.0/healthz")).status).toBe(204);
  });
});

describe("deeply nested configuration values", () => {
  it("a PostgreSQL row whose metadata JSON is nested too deep keeps its value and drops the metadata instead of throwing", () => {
    const item = rowToItem({ value: "v", version: "1", metadata: `{"a":${deepArray()}}` });
    expect(item).toEqual({ value: "v", version: "1" });
  });
});
