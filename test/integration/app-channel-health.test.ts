import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { BROKERS } from "../support/brokers.js";
import { startGrpcApp, type GrpcApp } from "../support/grpc-app.js";
import { freePort, waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * App health checks (`--enable-app-health-check`, daprd's pkg/apphealth) and the wait for the app's port,
 * against the built sidecar. Delivery pauses while the app is unhealthy as daprd pauses it: the
 * subscriptions stop, so messages wait in the broker (the shared Redis, streams unique to this run and
 * deleted afterwards), and resume when the app recovers. Probes run every second; the threshold is 2.
 */
const run = `health${process.pid}${Date.now().toString(36)}`;
const TOPIC = `${run}-orders`;
const HEALTH_FLAGS = ["--enable-app-health-check", "--app-health-probe-interval", "1", "--app-health-threshold", "2", "--app-health-probe-timeout", "500"];

const subscribed = async (sidecar: SidecarProcess): Promise<string[]> => {
  const metadata = (await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { subscriptions?: Array<{ topic: string }> };
  return (metadata.subscriptions ?? []).map((s) => s.topic);
};

describe("a gRPC app's health gates delivery (AppCallbackHealthCheck)", () => {
  let app: GrpcApp | undefined;
  let appPort: number;
  let sidecar: SidecarProcess;
  let redis: Redis;

  const publish = async (n: number): Promise<void> => {
    const res = await fetch(`${sidecar.url}/v1.0/publish/redis/${TOPIC}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
    expect(res.status).toBe(204);
  };
  const delivered = (): number[] => app!.topicEvents.map((e) => (JSON.parse(e.request.data.toString()) as { n: number }).n);

  beforeAll(async () => {
    redis = new Redis({ ...BROKERS.redis, lazyConnect: true });
    appPort = await freePort();
    const dir = await resourcesFolder({
      "redis.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: redis}
spec:
  type: pubsub.redis
  version: v1
  metadata:
    - {name: redisHost, value: "${BROKERS.redis.host}:${BROKERS.redis.port}"}
`,
    });
    // The app is not up yet: the sidecar waits for its port and says so.
    sidecar = await startSidecar({ appId: run, args: ["--app-port", String(appPort), "--app-protocol", "grpc", "--resources-path", dir, ...HEALTH_FLAGS] });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop();
    await app?.close();
    await redis.del(TOPIC).catch(() => undefined);
    redis.disconnect();
  });

  it("says it is waiting for the app on its port while nothing listens there", async () => {
    await waitFor(() => sidecar.output().includes(`waiting for the app on port ${appPort}`), { what: "the waiting message" });
    expect(await subscribed(sidecar)).toEqual([]);
  });

  it("starts the subscriptions only once the app is first healthy", async () => {
    app = await startGrpcApp(appPort, { healthy: false, subscriptions: [{ pubsub_name: "redis", topic: TOPIC, routes: { default: "/orders" } }], onTopicEvent: () => ({ reply: { status: "SUCCESS" } }) });
    await waitFor(() => app!.healthChecks >= 2, { what: "two failed probes" });
    expect(await subscribed(sidecar)).toEqual([]);
    expect(app.listCalls).toBe(0);
    app.behaviour.healthy = true;
    await waitFor(async () => (await subscribed(sidecar)).includes(TOPIC), { what: "the subscription once healthy" });
    await publish(1);
    await waitFor(() => delivered().includes(1), { what: "delivery while healthy" });
  });

  it("pauses delivery after `threshold` failed probes, keeps the messages in the broker, and delivers them when the app recovers", async () => {
    app!.behaviour.healthy = false;
    await waitFor(() => sidecar.output().includes("the app is unhealthy after 2 failed probes"), { what: "the unhealthy transition" });
    await waitFor(async () => (await subscribed(sidecar)).length === 0, { what: "the subscription paused" });
    await publish(2);
    await publish(3);
    // Two more probe rounds with the app unhealthy: had delivery gone on, the messages would be there by now.
    const probes = app!.healthChecks;
    await waitFor(() => app!.healthChecks >= probes + 2, { what: "two more probes" });
    expect(delivered()).toEqual([1]);
    app!.behaviour.healthy = true;
    await waitFor(() => delivered().includes(2) && delivered().includes(3), { timeoutMs: 15_000, what: "the held messages after recovery" });
    expect(sidecar.output()).toContain("subscriptions resumed");
  });
});

describe("an HTTP app's health path gates delivery (--app-health-check-path)", () => {
  let app: TestApp;
  let sidecar: SidecarProcess;
  let healthy = false;

  beforeAll(async () => {
    app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders" }] });
    app.respond("/ready", () => ({ status: healthy ? 200 : 503 }));
    sidecar = await startSidecar({ appId: "http-health", args: ["--app-port", String(app.port), "--app-health-check-path", "/ready", ...HEALTH_FLAGS] });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop();
    await app?.close();
  });

  it("probes GET <path>, starts the subscriptions once it answers 2xx, and they are then delivered", async () => {
    await app.waitForRequests("/ready", 2);
    expect(await subscribed(sidecar)).toEqual([]);
    healthy = true;
    await waitFor(async () => (await subscribed(sidecar)).includes("orders"), { what: "the subscription once healthy" });
    const res = await fetch(`${sidecar.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: 1 }) });
    expect(res.status).toBe(204);
    await app.waitForRequests("/orders", 1);
  });
});
