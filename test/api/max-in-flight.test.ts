import { afterEach, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { resourcesFolder, startRuntime } from "../support/runtime.js";
import { startTestApp, type Received } from "../support/testapp.js";
import { componentYaml } from "../support/manifests.js";

/**
 * `maxInFlight` on a declared subscription (dapr/dapr#7680): at most that many messages out to the app and
 * unanswered at once, whatever its maxConcurrency, bulk entries counted one each.
 */

const PUBSUB = componentYaml("pubsub", "pubsub.in-memory");

let running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.reverse()) await r.close();
  running = [];
});

/** An app whose route answers only when released; counts what it holds at once. */
async function holdingApp(subscription: Record<string, unknown>) {
  const app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders", ...subscription }] });
  running.push(app);
  const waiting: Array<() => void> = [];
  let outstanding = 0;
  let maxOutstanding = 0;
  let messages = 0;
  const hold = async (count: number): Promise<{ status: number; body?: unknown }> => {
    outstanding += count;
    messages += count;
    maxOutstanding = Math.max(maxOutstanding, outstanding);
    await new Promise<void>((resolve) => waiting.push(resolve));
    outstanding -= count;
    return { status: 200 };
  };
  const bulkReply = async (req: Received) => {
    const entries = req.json<{ entries: Array<{ entryId: string }> }>().entries;
    await hold(entries.length);
    return { status: 200, body: { statuses: entries.map((e) => ({ entryId: e.entryId, status: "SUCCESS" })) } };
  };
  app.respond("/orders", (req) => (subscription["bulkSubscribe"] ? bulkReply(req) : hold(1)));
  const runtime = await startRuntime({ appPort: app.port, appMaxConcurrency: 50, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": PUBSUB })] });
  running.push(runtime);
  await waitFor(() => runtime.logs().includes("subscriptions started"), { what: "subscriptions to start" });
  return {
    runtime,
    held: () => waiting.length,
    messages: () => messages,
    maxOutstanding: () => maxOutstanding,
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
  };
}

async function publish(url: string, n: number): Promise<void> {
  const response = await fetch(`${url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
  expect(response.status).toBe(204);
}

describe("maxInFlight on a declared subscription", () => {
  it("holds single deliveries to that many while the app has them, then lets the rest through", async () => {
    const app = await holdingApp({ metadata: { maxInFlight: "2", maxConcurrency: "10" } });
    for (let n = 0; n < 8; n++) await publish(app.runtime.url, n);
    await waitFor(() => app.held() === 2, { what: "two deliveries held" });
    await waitFor(async () => {
      app.releaseAll();
      return app.messages() === 8;
    }, { what: "all eight delivered" });
    app.releaseAll();
    expect(app.maxOutstanding()).toBe(2);
  });

  it("counts bulk entries one each", async () => {
    const app = await holdingApp({ metadata: { maxInFlight: "3" }, bulkSubscribe: { enabled: true, maxMessagesCount: 10, maxAwaitDurationMs: 20 } });
    for (let n = 0; n < 9; n++) await publish(app.runtime.url, n);
    await waitFor(() => app.messages() === 3, { what: "three entries out" });
    await waitFor(async () => {
      app.releaseAll();
      return app.messages() === 9;
    }, { what: "all nine delivered" });
    app.releaseAll();
    expect(app.maxOutstanding()).toBeLessThanOrEqual(3);
  });

  it("refuses a subscription whose maxInFlight is not a positive integer", async () => {
    const app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders", metadata: { maxInFlight: "0" } }] });
    running.push(app);
    const runtime = await startRuntime({ appPort: app.port, resourcesPaths: [await resourcesFolder({ "pubsub.yaml": PUBSUB })] });
    running.push(runtime);
    await waitFor(() => runtime.logs().includes("maxInFlight must be an integer >= 1"), { what: "the refusal in the log" });
  });
});
