import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { connect } from "amqplib";
import { brokerAvailable } from "../support/brokers.js";
import { holdDeliveries, publishNumbered } from "../support/drills.js";
import { waitFor } from "../support/ports.js";
import { deleteRabbitMQ, RABBITMQ_URL, waitForConsumers } from "../support/rabbitmq.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";
import { closeNamedConnections, rabbitComponent, rabbitUrl, TcpProxy } from "./pubsub-rabbitmq-support.js";

/**
 * The at-least-once promise under faults, with the BUILT sidecar as a process, a real app and the
 * real RabbitMQ: every message the sidecar accepted (204) reaches the app, counted by its number;
 * duplicates are allowed and counted, never losses.
 */

const rabbitUp = await brokerAvailable("rabbitmq");
const PUBSUB = "rabbitbus";
const ROUTE = "/orders";

const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];
const proxies: TcpProxy[] = [];
const folders: string[] = [];
const created = { exchanges: new Set<string>(), queues: new Set<string>() };

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

afterAll(async () => {
  if (rabbitUp) await deleteRabbitMQ({ exchanges: created.exchanges, queues: created.queues });
});

interface Setup {
  topic: string;
  appId: string;
  clientName: string;
  app: TestApp;
  resources: string;
  /** Numbers the app answered 2xx to, and how many deliveries it saw in all. */
  ok: Set<number>;
}

async function setup(url: string, fail: (n: number) => boolean = () => false): Promise<Setup> {
  const topic = `rmq-faults-${randomUUID()}`;
  const appId = `rmqf-${randomUUID().slice(0, 8)}`;
  created.exchanges.add(topic);
  created.queues.add(`${appId}-${topic}`);
  const clientName = `runtimed-test-${randomUUID()}`;
  // Retries back off to at most 300ms, so a recovered app is reached quickly.
  const app = await startTestApp({ subscriptions: [{ pubsubname: PUBSUB, topic, route: ROUTE, metadata: { retryMaxInterval: "300ms" } }] });
  apps.push(app);
  const ok = new Set<number>();
  app.respond(ROUTE, (req) => {
    const n = req.json<{ data: { n: number } }>().data.n;
    if (fail(n)) return { status: 500 };
    ok.add(n);
    return { status: 200, body: { status: "SUCCESS" } };
  });
  const resources = await resourcesFolder({ "rabbitmq.yaml": rabbitComponent(PUBSUB, { connectionString: url, clientName, reconnectWaitSeconds: 1 }) });
  folders.push(resources);
  return { topic, appId, clientName, app, resources, ok };
}

async function sidecar(s: Setup, consumers = 1): Promise<SidecarProcess> {
  const sc = await startSidecar({ appId: s.appId, args: ["--app-port", String(s.app.port), "--resources-path", s.resources, "--log-level", "warn"] });
  sidecars.push(sc);
  await waitForConsumers(`${s.appId}-${s.topic}`, consumers);
  return sc;
}

async function publishOnce(sc: SidecarProcess, topic: string, n: number): Promise<Response> {
  return fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }), signal: AbortSignal.timeout(15_000) });
}

/** POSTs message `n`; true when the sidecar answered 204 (confirmed by RabbitMQ). */
function publish(sc: SidecarProcess, topic: string, n: number): Promise<boolean> {
  return publishNumbered(sc, PUBSUB, topic, n);
}

function deliveries(app: TestApp): number[] {
  return app.on(ROUTE).map((r) => r.json<{ data: { n: number } }>().data.n);
}

/** None of `accepted` lost; returns the duplicates the app saw (allowed: at-least-once). */
async function expectNoneLost(s: Setup, accepted: number[], timeoutMs = 20_000): Promise<number> {
  await waitFor(() => accepted.every((n) => s.ok.has(n)), { timeoutMs, what: `${accepted.length} accepted messages delivered` }).catch(() => undefined);
  const lost = accepted.filter((n) => !s.ok.has(n));
  if (lost.length > 0) for (const sc of sidecars) process.stderr.write(`--- sidecar output ---\n${sc.output()}\n`);
  expect(lost).toEqual([]);
  const seen = deliveries(s.app);
  return seen.length - new Set(seen).size;
}

/** Publishes 0..count-1 with `parallel` requests in flight, calling `fault` once `faultAt` were accepted. */
async function publishStream(sc: SidecarProcess, s: Setup, count: number, faultAt: number, fault: () => Promise<void> | void): Promise<number[]> {
  const accepted: number[] = [];
  let next = 0;
  let faulted: Promise<void> | undefined;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const n = next++;
      if (await publish(sc, s.topic, n)) accepted.push(n);
      if (!faulted && accepted.length >= faultAt) faulted = Promise.resolve(fault());
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await faulted;
  return accepted;
}

(rabbitUp ? describe : describe.skip)("pubsub.rabbitmq faults with the sidecar as a process", () => {
  it("(a) the connection is cut mid-stream (TCP proxy): none accepted is lost, publishing and delivery resume", async () => {
    const proxy = await TcpProxy.start();
    proxies.push(proxy);
    const s = await setup(rabbitUrl(proxy.port));
    const sc = await sidecar(s);
    const accepted = await publishStream(sc, s, 150, 50, () => proxy.cut());
    // Publishing resumes by itself after the reconnect: the stream's tail and one more are accepted.
    await waitFor(() => publish(sc, s.topic, 1000), { timeoutMs: 10_000, intervalMs: 100, what: "a publish after the cut" });
    accepted.push(1000);
    expect(accepted.length).toBeGreaterThan(60);
    const duplicates = await expectNoneLost(s, accepted);
    process.stderr.write(`cut mid-stream: ${accepted.length} accepted of 151, all delivered, ${duplicates} duplicates\n`);
  }, 40_000);

  it("(a') while RabbitMQ is unreachable a publish answers 500 promptly, health says so, and both recover", async () => {
    const proxy = await TcpProxy.start();
    proxies.push(proxy);
    const s = await setup(rabbitUrl(proxy.port));
    const sc = await sidecar(s);
    expect(await publish(sc, s.topic, 0)).toBe(true);
    await proxy.refuse();
    const started = Date.now();
    const whileDown = await publishOnce(sc, s.topic, -1);
    expect(whileDown.status).toBe(500);
    expect((await whileDown.json()) as Record<string, unknown>).toMatchObject({ errorCode: "ERR_PUBSUB_PUBLISH_MESSAGE" });
    expect(Date.now() - started).toBeLessThan(8000);
    await waitFor(async () => (await fetch(`${sc.url}/v1.0/healthz/outbound`)).status !== 204, { timeoutMs: 5000, what: "outbound health to report the component" });
    await proxy.accept();
    await waitFor(async () => (await fetch(`${sc.url}/v1.0/healthz/outbound`)).status === 204, { timeoutMs: 10_000, what: "outbound health to recover" });
    await waitFor(() => publish(sc, s.topic, 1), { timeoutMs: 10_000, intervalMs: 100, what: "a publish after the outage" });
    await expectNoneLost(s, [0, 1]);
  }, 40_000);

  it("(b) RabbitMQ closes the component's connection (rabbitmqctl close_connection): none accepted is lost", async () => {
    const s = await setup(RABBITMQ_URL);
    const sc = await sidecar(s);
    let closed = 0;
    const accepted = await publishStream(sc, s, 150, 50, async () => void (closed = await closeNamedConnections(s.clientName)));
    expect(closed).toBe(1);
    await waitFor(() => publish(sc, s.topic, 1000), { timeoutMs: 10_000, intervalMs: 100, what: "a publish after the close" });
    accepted.push(1000);
    const duplicates = await expectNoneLost(s, accepted);
    process.stderr.write(`connection closed by the broker: ${accepted.length} accepted of 151, all delivered, ${duplicates} duplicates\n`);
  }, 40_000);

  it("(c) the app answers 500 for a while: every accepted message is delivered once it recovers", async () => {
    let failing = true;
    const s = await setup(RABBITMQ_URL, () => failing);
    const sc = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 30; n++) if (await publish(sc, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(30);
    await waitFor(() => s.app.on(ROUTE).length >= 45 && new Set(deliveries(s.app)).size === 30, { timeoutMs: 10_000, what: "refused attempts of all 30 messages" });
    expect(s.ok.size).toBe(0);
    failing = false;
    await expectNoneLost(s, accepted);
  }, 40_000);

  it("(d) the sidecar is SIGKILLed with messages unacknowledged: a new sidecar gets them", async () => {
    const s = await setup(RABBITMQ_URL);
    const gate = holdDeliveries(s.app, ROUTE, s.ok);
    const first = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 60; n++) if (await publish(first, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(60);
    await waitFor(() => gate.held() >= 5, { what: "deliveries in flight before the kill" });
    await first.stop("SIGKILL");
    gate.open();
    // The broker took back what the dead sidecar held unacknowledged: it is ready in the queue again.
    const admin = await connect(RABBITMQ_URL);
    try {
      const channel = await admin.createChannel();
      await waitFor(async () => (await channel.checkQueue(`${s.appId}-${s.topic}`)).messageCount === 60, { timeoutMs: 5000, what: "all 60 messages back in the queue" });
      await channel.close();
    } finally {
      await admin.close();
    }
    await sidecar(s);
    await expectNoneLost(s, accepted);
  }, 40_000);
});
