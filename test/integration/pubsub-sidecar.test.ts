import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * The built runtimed as a process (build first: `npx tsc -p tsconfig.build.json`), with no
 * --resources-path: the embedded in-memory `pubsub` (so a first publish works), a real app on a free port.
 */
let sidecar: SidecarProcess | undefined;
let app: TestApp;
const N = 50;

beforeAll(async () => {
  app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders", metadata: { retryInitialInterval: "10ms" } }] });
  // Every message fails once (500), so each is delivered only through a retry.
  const attempts = new Map<string, number>();
  app.respond("/orders", (r) => {
    const id = r.json<{ data: { n: number } }>().data.n.toString();
    const n = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, n);
    return n === 1 ? { status: 500 } : { status: 200, body: { status: "SUCCESS" } };
  });
  sidecar = await startSidecar({ appId: "orders-app", args: ["--app-port", String(app.port)], env: { APP_API_TOKEN: "app-token" } });
  await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions: unknown[] }).subscriptions.length === 1, { what: "the subscription" });
});

afterAll(async () => {
  await sidecar?.stop("SIGKILL");
  await app?.close();
});

describe("runtimed process with the embedded in-memory pub/sub", () => {
  it("delivers every published message at least once to the app, through retries, with the app token", async () => {
    for (let n = 0; n < N; n++) {
      const res = await fetch(`${sidecar!.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
      expect(res.status).toBe(204);
    }
    await waitFor(() => new Set(app.on("/orders").map((r) => r.json<{ data: { n: number } }>().data.n)).size === N, { timeoutMs: 15_000, what: `${N} distinct messages` });
    await app.waitForRequests("/orders", 2 * N);
    const got = app.on("/orders");
    expect(got.every((r) => r.headers["runtime-api-token"] === "app-token")).toBe(true);
    expect(got[0]!.json()).toMatchObject({ source: "orders-app", pubsubname: "pubsub", topic: "orders", type: "com.runtime.event.sent" });
  });

  it("shows the subscription in /v1.0/metadata and the pub/sub metrics on the metrics port", async () => {
    const metadata = (await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions: Array<Record<string, unknown>>; components: Array<Record<string, unknown>> };
    expect(metadata.subscriptions).toEqual([{ pubsubname: "pubsub", topic: "orders", metadata: { retryInitialInterval: "10ms" }, rules: [{ path: "/orders" }], deadLetterTopic: "", type: "PROGRAMMATIC" }]);
    expect(metadata.components).toEqual([expect.objectContaining({ name: "pubsub", type: "pubsub.in-memory" })]);
    const text = await (await fetch(`http://127.0.0.1:${sidecar!.metricsPort}/metrics`)).text();
    expect(text).toMatch(new RegExp(`runtime_pubsub_egress_total\\{component="pubsub",topic="orders",success="true",app_id="orders-app"\\} ${N}`));
    expect(text).toMatch(new RegExp(`runtime_pubsub_ingress_total\\{component="pubsub",topic="orders",process_status="retry",app_id="orders-app"\\} ${N}`));
    expect(text).toMatch(new RegExp(`runtime_pubsub_ingress_total\\{component="pubsub",topic="orders",process_status="success",app_id="orders-app"\\} ${N}`));
  });

  it("answers the spec's error statuses as a process too (404 unknown pub/sub, 400 unknown on bulk)", async () => {
    expect((await fetch(`${sidecar!.url}/v1.0/publish/nope/t`, { method: "POST", body: "x" })).status).toBe(404);
    expect((await fetch(`${sidecar!.url}/v1.0-alpha1/publish/bulk/nope/t`, { method: "POST", headers: { "content-type": "application/json" }, body: "[]" })).status).toBe(400);
  });

  it("stops on SIGTERM, draining subscriptions, with exit code 0", async () => {
    const code = await sidecar!.stop("SIGTERM");
    expect(code).toBe(0);
    sidecar = undefined;
  });
});
