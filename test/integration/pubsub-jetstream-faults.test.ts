import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { expectAllDelivered, holdDeliveries, numbersSeen, publishNumbered, scriptNumbered } from "../support/drills.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";
import { PrivateNats } from "./pubsub-jetstream-server.js";

/**
 * The at-least-once promise of `pubsub.jetstream` under faults, with the BUILT sidecar as a process,
 * a real app and a private nats-server (JetStream, file storage) this file starts once and kills by
 * pid: after each fault, every message the sidecar accepted (204) reached the app, counted by number.
 */

const PUBSUB = "natsbus";
const ROUTE = "/orders";

/** ackWait short, so what a killed sidecar held comes back within the test. */
function component(natsURL: string): string {
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${PUBSUB}}
spec:
  type: pubsub.jetstream
  version: v1
  metadata:
  - {name: natsURL, value: "${natsURL}"}
  - {name: ackWait, value: "2s"}
  - {name: concurrency, value: parallel}
`;
}

let nats: PrivateNats;
const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];

beforeAll(async () => {
  nats = await PrivateNats.start();
}, 20_000);

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
}, 20_000);

afterAll(async () => {
  await nats?.kill();
}, 20_000);

interface Setup {
  topic: string;
  appId: string;
  app: TestApp;
  resources: string;
}

async function setup(): Promise<Setup> {
  const topic = `faults-${randomUUID()}`;
  const app = await startTestApp({ subscriptions: [{ pubsubname: PUBSUB, topic, route: ROUTE, metadata: { retryMaxInterval: "300ms" } }] });
  apps.push(app);
  const resources = await resourcesFolder({ "jetstream.yaml": component(nats.url) });
  return { topic, appId: `faults-${randomUUID().slice(0, 8)}`, app, resources };
}

async function sidecar(s: Setup): Promise<SidecarProcess> {
  const sc = await startSidecar({ appId: s.appId, args: ["--app-port", String(s.app.port), "--resources-path", s.resources, "--log-level", "warn"] });
  sidecars.push(sc);
  await waitFor(() => s.app.on("/runtime/subscribe").length > 0, { timeoutMs: 10_000, what: "subscription discovery" });
  return sc;
}

function publish(sc: SidecarProcess, topic: string, n: number): Promise<boolean> {
  return publishNumbered(sc, PUBSUB, topic, n, 10_000);
}

/** Write syscalls the sidecar process made so far (Linux). */
async function writeSyscalls(sc: SidecarProcess): Promise<number> {
  return Number(/syscw:\s+(\d+)/.exec(await readFile(`/proc/${sc.child.pid}/io`, "utf8"))?.[1]);
}

/** What the server holds for the app's durable consumer of the topic: delivered but not acknowledged. */
async function ackPending(topic: string, durable: string): Promise<number> {
  const nc = await connect({ servers: nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = await jsm.streams.find(topic);
    return (await jsm.consumers.info(stream, durable)).num_ack_pending;
  } finally {
    await nc.close();
  }
}

describe("pubsub.jetstream faults with the sidecar as a process and a private nats-server", () => {
  it("the app answers 500 for a while: every accepted message is delivered once it recovers", async () => {
    const s = await setup();
    let failing = true;
    const ok = scriptNumbered(s.app, ROUTE, () => failing);
    const sc = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 30; n++) if (await publish(sc, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(30);
    // Longer than ackWait (2s) of refusals: in-progress acks must keep the server from redelivering meanwhile.
    await waitFor(() => s.app.on(ROUTE).length >= 60 && numbersSeen(s.app, ROUTE).size === 30, { timeoutMs: 15_000, what: "refused attempts of all 30 messages" });
    const refusedUntil = Date.now() + 2500;
    await waitFor(() => Date.now() > refusedUntil, { timeoutMs: 5000, what: "a while of 500s" });
    expect(ok.size).toBe(0);
    failing = false;
    await expectAllDelivered(accepted, ok, 20_000);
  }, 40_000);

  it("the sidecar is SIGKILLed with unacknowledged messages: a new one gets them from the durable consumer", async () => {
    const s = await setup();
    const ok = new Set<number>();
    const gate = holdDeliveries(s.app, ROUTE, ok);
    const first = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 60; n++) if (await publish(first, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(60);
    await waitFor(() => gate.held() >= 5, { what: "deliveries in flight before the kill" });
    await first.stop("SIGKILL");
    gate.open();
    // The server holds them as delivered and unacknowledged: only its redelivery (ackWait) can hand them out again.
    expect(await ackPending(s.topic, `${s.appId}-${s.topic}`)).toBeGreaterThanOrEqual(5);
    await sidecar(s);
    await expectAllDelivered(accepted, ok, 20_000);
  }, 40_000);

  it("nats-server restarts mid-stream: nothing accepted is lost (file storage); publishes while it is down answer 500 at once", async () => {
    const s = await setup();
    // The app holds every delivery until the server is gone, then refuses until it is back: each message
    // reaches the app's 200 only after the restart, from what the server kept on disk.
    const ok = new Set<number>();
    const held: Array<() => void> = [];
    let phase: "hold" | "down" | "up" = "hold";
    s.app.respond(ROUTE, async (req) => {
      if (phase === "hold") await new Promise<void>((resolve) => held.push(resolve));
      if (phase !== "up") return { status: 500 };
      ok.add(req.json<{ data: { n: number } }>().data.n);
      return { status: 200 };
    });
    const sc = await sidecar(s);
    const accepted: number[] = [];
    for (let n = 0; n < 100; n++) if (await publish(sc, s.topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(100);
    await waitFor(() => held.length >= 10, { what: "deliveries in flight before the crash" });
    await nats.kill("SIGKILL");
    phase = "down";
    for (const release of held.splice(0)) release();
    const started = Date.now();
    const whileDown = await fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${s.topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: -1 }) });
    expect(whileDown.status).toBe(500);
    expect((await whileDown.json()) as Record<string, unknown>).toMatchObject({ errorCode: "ERR_PUBSUB_PUBLISH_MESSAGE" });
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(async () => (await fetch(`${sc.url}/v1.0/healthz/outbound`)).status === 500, { timeoutMs: 5000, what: "outbound health to report the component" });
    await nats.restart();
    phase = "up";
    for (let n = 100; n < 120; n++) {
      await waitFor(() => publish(sc, s.topic, n), { timeoutMs: 15_000, intervalMs: 100, what: `publish ${n} after the restart` });
      accepted.push(n);
    }
    await expectAllDelivered(accepted, ok, 20_000);
    expect((await fetch(`${sc.url}/v1.0/healthz/outbound`)).status).toBe(204);
    expect(sc.child.exitCode).toBeNull();
  }, 40_000);

  it("a frozen nats-server: a publish answers 500 within the publish timeout (5 s); one awaiting its PubAck when the connection then drops answers 500 at once", async () => {
    const s = await setup();
    const sc = await sidecar(s);
    expect(await publish(sc, s.topic, 0)).toBe(true);
    const post = async (n: number): Promise<{ status: number; ms: number }> => {
      const started = Date.now();
      const res = await fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${s.topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
      await res.body?.cancel();
      return { status: res.status, ms: Date.now() - started };
    };
    nats.signal("SIGSTOP");
    try {
      const slow = await post(1);
      expect(slow.status).toBe(500);
      expect(slow.ms).toBeGreaterThanOrEqual(4500);
      expect(slow.ms).toBeLessThan(5500);
      const writesBefore = await writeSyscalls(sc);
      const waiting = post(2);
      // Once the sidecar wrote it to the frozen server (nothing else writes here while no one answers), the server dies.
      await waitFor(async () => (await writeSyscalls(sc)) > writesBefore, { what: "the publish written to NATS" });
      const killedAt = Date.now();
      await nats.kill("SIGKILL");
      const dropped = await waiting;
      expect(dropped.status).toBe(500);
      expect(Date.now() - killedAt).toBeLessThan(1000);
    } finally {
      nats.signal("SIGCONT");
      await nats.restart();
    }
  }, 30_000);
});
