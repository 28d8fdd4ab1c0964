import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * The promise to a user (ARCHITECTURE.md "Decisions where the spec is silent"): once /v1.0/metadata lists a
 * subscription, or /v1.0/healthz answers 204 with an app channel, a publish to its topic is delivered.
 * The in-memory broker drops a message published before its subscriber exists, so publishing the very
 * instant the subscription shows would lose messages if the listing ran ahead of the broker subscription.
 * The built sidecar is started many times; half the starts watch the metadata, half the health probe.
 */
const STARTS = 30;

let app: TestApp;
let sidecar: SidecarProcess | undefined;

beforeAll(async () => {
  app = await startTestApp({ discovery: "dapr", subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders" }] });
});

afterEach(async () => {
  await sidecar?.stop("SIGKILL");
  sidecar = undefined;
});

afterAll(async () => {
  await app?.close();
});

async function listed(url: string): Promise<boolean> {
  const body = (await (await fetch(`${url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] };
  return (body.subscriptions?.length ?? 0) > 0;
}

async function healthy(url: string): Promise<boolean> {
  return (await fetch(`${url}/v1.0/healthz`)).status === 204;
}

describe("a subscription is listed, and counts for health, only once it is live", () => {
  it(`delivers a publish made the instant the subscription shows, on each of ${STARTS} sidecar starts`, async () => {
    for (let run = 0; run < STARTS; run++) {
      const watch = run % 2 === 0 ? listed : healthy;
      // The embedded default components: an in-memory pub/sub named "pubsub".
      sidecar = await startSidecar({ appId: `live-${run}`, args: ["--app-port", String(app.port)], waitReady: false });
      const url = sidecar.url;
      await waitFor(() => watch(url), { timeoutMs: 30_000, intervalMs: 2, what: `run ${run}: ${watch.name}` });
      const res = await fetch(`${url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ run }) });
      expect(res.status).toBe(204);
      await waitFor(() => app.on("/orders").some((r) => r.json<{ data: { run: number } }>().data.run === run), { timeoutMs: 5_000, what: `run ${run}: the delivery (watching ${watch.name})` });
      await sidecar.stop("SIGKILL");
      sidecar = undefined;
    }
    expect(new Set(app.on("/orders").map((r) => r.json<{ data: { run: number } }>().data.run)).size).toBe(STARTS);
    // Thirty process starts: a bound for a loaded CI machine, not a speed claim.
  }, 300_000);
});
