import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { HttpStreamClient } from "../support/stream-client.js";

/**
 * A stream is a subscription like the app's: a Resiliency inbound timeout bounds how long an acknowledgement
 * may take (then the retry policy delivers it again), and a pub/sub swapped by a hot reload ends its streams
 * with an `end` frame saying why, while a stream of another pub/sub goes on.
 */

const pubsub = (name: string, delay: string): string => `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec: {type: pubsub.in-memory, version: v1, metadata: [{name: redeliveryDelay, value: ${delay}}]}
`;

const RESILIENCY = `apiVersion: runtime.io/v1alpha1
kind: Resiliency
metadata: {name: resiliency}
spec:
  policies:
    timeouts:
      ackWithin: 300ms
    retries:
      again:
        policy: constant
        duration: 10ms
        maxRetries: -1
  targets:
    components:
      pubsub:
        inbound:
          timeout: ackWithin
          retry: again
`;

let runtimes: TestRuntime[] = [];
let clients: HttpStreamClient[] = [];
afterEach(async () => {
  for (const client of clients) client.kill();
  clients = [];
  for (const rt of runtimes) await rt.close();
  runtimes = [];
});

async function start(files: Record<string, string>): Promise<{ rt: TestRuntime; dir: string }> {
  const dir = await resourcesFolder(files);
  const rt = createRuntime({ resourcesPaths: [dir] }, { controllerTuning: { debounceMs: 30 } });
  runtimes.push(rt);
  await rt.start();
  return { rt, dir };
}

async function open(rt: TestRuntime, body: Record<string, unknown>): Promise<HttpStreamClient> {
  const client = await HttpStreamClient.open(rt.url, body);
  clients.push(client);
  expect(client.statusCode).toBe(200);
  await client.waitForOpen();
  return client;
}

const publish = async (rt: TestRuntime, pubsubName: string, topic: string, data: unknown): Promise<void> => {
  const response = await fetch(`${rt.url}/v1.0/publish/${pubsubName}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) });
  expect(response.status).toBe(204);
};

describe("stream subscriptions under the runtime's policies", () => {
  it("delivers again a message not acknowledged within the Resiliency inbound timeout", async () => {
    const { rt } = await start({ "pubsub.yaml": pubsub("pubsub", "10ms"), "resiliency.yaml": RESILIENCY });
    const client = await open(rt, { pubsubname: "pubsub", topic: "slow-acks" });
    await publish(rt, "pubsub", "slow-acks", { late: true });
    const [first] = await client.waitForEvents(1);
    // Not acknowledged: the timeout settles it as a retry, and the same message comes again.
    const again = (await client.waitForEvents(2))[1]!;
    expect(again.id).toBe(first!.id);
    // The first delivery's id is no longer awaited; the second's is.
    expect((await client.ack({ id: again.id })).status).toBe(204);
    expect((await client.ack({ id: again.id })).status).toBe(200);
  });

  it("ends the streams of a pub/sub a hot reload replaces, with an end frame, and keeps the others", async () => {
    const { rt, dir } = await start({ "pubsub.yaml": pubsub("pubsub", "10ms"), "other.yaml": pubsub("other", "10ms") });
    const reloaded = await open(rt, { pubsubname: "pubsub", topic: "reloaded" });
    const kept = await open(rt, { pubsubname: "other", topic: "kept" });
    await writeFile(path.join(dir, "pubsub.yaml"), pubsub("pubsub", "20ms"));
    await waitFor(() => reloaded.ended, { what: "the reloaded pub/sub's stream to end" });
    expect(reloaded.frames.at(-1)).toMatchObject({ type: "end", error: { errorCode: "ERR_PUBSUB_STREAM_ENDED", message: expect.stringContaining("pubsub pubsub is being reloaded") } });
    await publish(rt, "other", "kept", { still: "here" });
    expect((await kept.waitForEvents(1))[0]!.event!["data"]).toEqual({ still: "here" });
    // Subscribing again to the new instance works.
    const again = await open(rt, { pubsubname: "pubsub", topic: "reloaded" });
    await publish(rt, "pubsub", "reloaded", { n: 1 });
    await again.waitForEvents(1);
  });
});
