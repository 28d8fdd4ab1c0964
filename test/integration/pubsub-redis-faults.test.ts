import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { expectAllDelivered, holdDeliveries, numbersSeen, publishNumbered, scriptNumbered } from "../support/drills.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";
import { PrivateRedis } from "./pubsub-redis-server.js";

/**
 * The at-least-once promise (spec endpoint 1, note 1) under faults, with the BUILT sidecar as a
 * process (`npx tsc -p tsconfig.build.json` first), a real app and real Redis: after each fault,
 * every message the sidecar accepted (204) reached the app at least once, counted by its number.
 */

const redisUp = await brokerAvailable("redis");
const PUBSUB = "redisbus";
const ROUTE = "/orders";

/** Short timeouts so reclaim (processingTimeout) and redelivery happen within a test's time. */
function component(redisHost: string): string {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${PUBSUB}}
spec:
  type: pubsub.redis
  version: v1
  metadata:
  - {name: redisHost, value: "${redisHost}"}
  - {name: processingTimeout, value: "1500ms"}
  - {name: redeliverInterval, value: "200ms"}
`;
}

const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];
const servers: PrivateRedis[] = [];
const sharedTopics: string[] = [];

afterAll(async () => {
  if (!redisUp || sharedTopics.length === 0) return;
  const admin = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port });
  await admin.del(...sharedTopics).finally(() => admin.disconnect());
});

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(servers.splice(0).map((s) => s.kill()));
});

interface Setup {
  topic: string;
  appId: string;
  app: TestApp;
  resources: string;
}

async function setup(redisHost: string): Promise<Setup> {
  const topic = `faults-${randomUUID()}`;
  sharedTopics.push(topic);
  // Retries back off to at most 300ms, so a recovered app is reached quickly.
  const app = await startTestApp({ subscriptions: [{ pubsubname: PUBSUB, topic, route: ROUTE, metadata: { retryMaxInterval: "300ms" } }] });
  apps.push(app);
  return { topic, appId: `faults-${randomUUID().slice(0, 8)}`, app, resources: await resourcesFolder({ "redis.yaml": component(redisHost) }) };
}

async function sidecar(s: Setup): Promise<SidecarProcess> {
  const sc = await startSidecar({ appId: s.appId, args: ["--app-port", String(s.app.port), "--resources-path", s.resources, "--log-level", "warn"] });
  sidecars.push(sc);
  // Subscriptions start once the app channel is up; wait until discovery happened.
  await waitFor(() => s.app.on("/runtime/subscribe").length > 0, { timeoutMs: 10_000, what: "subscription discovery" });
  return sc;
}

/** POSTs message `n`; true when the sidecar answered 204 (accepted by Redis). */
function publish(sc: SidecarProcess, topic: string, n: number): Promise<boolean> {
  return publishNumbered(sc, PUBSUB, topic, n, 15_000);
}

(redisUp ? describe : describe.skip)("pubsub.redis faults with the sidecar as a process", () => {
  const SHARED = `${BROKERS.redis.host}:${BROKERS.redis.port}`;

  it("(a) the app answers 500 for a while: every accepted message is delivered once it recovers", async () => {
    const s = await setup(SHARED);
    let failing = true;
    const ok = scriptNumbered(s.app, ROUTE, () => failing);
    const sc = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 40; n++) if (await publish(sc, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(40);
    // A while of 500s: retries of the refused messages, several attempts each, before the app recovers.
    await waitFor(() => s.app.on(ROUTE).length >= 60 && numbersSeen(s.app, ROUTE).size === 40, { timeoutMs: 15_000, what: "refused attempts of all 40 messages" });
    expect(ok.size).toBe(0);
    failing = false;
    await expectAllDelivered(accepted, ok, 30_000);
  }, 60_000);

  it("(e) messages being retried (more than Dapr's default concurrency of 10) do not block the others", async () => {
    const s = await setup(SHARED);
    const poison = new Set(Array.from({ length: 15 }, (_, n) => n));
    const ok = scriptNumbered(s.app, ROUTE, (n) => poison.has(n));
    const sc = await sidecar(s);
    for (const n of poison) expect(await publish(sc, s.topic, n)).toBe(true);
    await waitFor(() => numbersSeen(s.app, ROUTE).size === poison.size, { timeoutMs: 10_000, what: "every poison message attempted" });
    const healthy = Array.from({ length: 20 }, (_, i) => 100 + i);
    for (const n of healthy) expect(await publish(sc, s.topic, n)).toBe(true);
    await expectAllDelivered(healthy, ok, 10_000);
    expect([...poison].filter((n) => ok.has(n))).toEqual([]);
  }, 60_000);

  it("(b) the app is down at publish time: messages wait in Redis and are delivered when it is back", async () => {
    const s = await setup(SHARED);
    const ok = scriptNumbered(s.app, ROUTE, () => false);
    const sc = await sidecar(s);
    await s.app.close();
    const accepted: number[] = [];
    for (let n = 0; n < 40; n++) if (await publish(sc, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(40);
    expect(ok.size).toBe(0);
    await s.app.listen();
    await expectAllDelivered(accepted, ok, 30_000);
  }, 60_000);

  it("(c) the sidecar is SIGKILLed mid-stream: its restart reclaims what was pending and delivers it", async () => {
    const s = await setup(SHARED);
    // The app holds every request until the kill: what the first sidecar read is in flight or queued, never acknowledged.
    const ok = new Set<number>();
    const gate = holdDeliveries(s.app, ROUTE, ok);
    const first = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 200; n++) if (await publish(first, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(200);
    await waitFor(() => gate.held() >= 5, { what: "deliveries in flight before the kill" });
    await first.stop("SIGKILL");
    gate.open();
    // What the dead sidecar had read but not acknowledged: only a reclaim (XAUTOCLAIM) can deliver these.
    const admin = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port });
    try {
      const [pendingCount] = (await admin.call("XPENDING", s.topic, s.appId)) as [number];
      expect(Number(pendingCount)).toBeGreaterThanOrEqual(10);
    } finally {
      admin.disconnect();
    }
    await sidecar(s);
    await expectAllDelivered(accepted, ok, 30_000);
  }, 60_000);

  it("(d) Redis restarts: accepted messages before and after are delivered; publishes while it is down fail with 500 and outbound health names the component until it is back", async () => {
    const server = await PrivateRedis.start();
    servers.push(server);
    const s = await setup(server.address);
    const ok = scriptNumbered(s.app, ROUTE, () => false);
    const sc = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 20; n++) if (await publish(sc, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(20);
    // Without persistence a restart loses undelivered entries, so the first batch is delivered before the crash.
    await expectAllDelivered(accepted, ok, 30_000);
    const outbound = (): Promise<Response> => fetch(`${sc.url}/v1.0/healthz/outbound`);
    expect((await outbound()).status).toBe(204);
    await server.kill();
    await waitFor(async () => (await outbound()).status === 500, { timeoutMs: 10_000, what: "outbound health 500 while Redis is down" });
    expect(JSON.stringify(await (await outbound()).json())).toContain(PUBSUB);
    const whileDown = await fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${s.topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: -1 }) });
    expect(whileDown.status).toBe(500);
    expect((await whileDown.json()) as Record<string, unknown>).toMatchObject({ errorCode: "ERR_PUBSUB_PUBLISH_MESSAGE" });
    await server.restart();
    await waitFor(async () => (await outbound()).status === 204, { timeoutMs: 15_000, what: "outbound health 204 once Redis is back" });
    for (let n = 100; n < 120; n++) {
      // Publish until accepted: the sidecar reconnects on its own; a 500 means "not accepted", so the client retries.
      await waitFor(() => publish(sc, s.topic, n), { timeoutMs: 15_000, intervalMs: 100, what: `publish ${n} after the restart` });
      accepted.push(n);
    }
    await expectAllDelivered(accepted, ok, 30_000);
    expect(sc.child.exitCode).toBeNull();
  }, 60_000);
});
