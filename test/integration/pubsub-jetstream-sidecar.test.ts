import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { freePort, waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * The built sidecar as a process with a Dapr (`dapr.io`) `pubsub.jetstream` manifest against the
 * shared NATS on 4222: two apps each get every message (fan-out), two replicas of one app share
 * them (competing consumers); bad manifests stop startup with the field named.
 */

const natsUp = await brokerAvailable("nats");
const NATS_URL = `nats://${BROKERS.nats.host}:${BROKERS.nats.port}`;
const PUBSUB = "orders-bus";
const ROUTE = "/orders";

function manifest(extra: Array<[string, string]>, spec = ""): string {
  const items = extra.map(([name, value]) => `  - {name: ${name}, value: "${value}"}`).join("\n");
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: ${PUBSUB}
spec:
  type: pubsub.jetstream
  version: v1${spec}
  metadata:
${items}
`;
}

const topic = `fanout-${randomUUID()}`;
const idTopic = `msgid-${randomUUID()}`;
const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];

function folder(text: string): Promise<string> {
  return resourcesFolder({ "jetstream.yaml": text });
}

afterAll(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
  if (!natsUp) return;
  const nc = await connect({ servers: NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    for (const subject of [topic, idTopic]) {
      const stream = await jsm.streams.find(subject).catch(() => undefined);
      if (stream) await jsm.streams.delete(stream);
    }
  } finally {
    await nc.close();
  }
});

(natsUp ? describe : describe.skip)("pubsub.jetstream with the sidecar as a process", () => {
  const numbers = (app: TestApp): number[] => app.on(ROUTE).map((r) => r.json<{ data: { n: number } }>().data.n);
  let orders: TestApp[] = [];
  let billing: TestApp;
  let publisher: SidecarProcess;

  beforeAll(async () => {
    const resources = await folder(manifest([["natsURL", NATS_URL]]));
    const subscriptions = [{ pubsubname: PUBSUB, topic, route: ROUTE }];
    // Two replicas of "orders" (one app-id, so one durable consumer) and one "billing".
    orders = [await startTestApp({ subscriptions }), await startTestApp({ subscriptions })];
    billing = await startTestApp({ subscriptions });
    apps.push(...orders, billing);
    for (const app of orders) app.respond(ROUTE, async () => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), 5)));
    const start = (appId: string, app: TestApp): Promise<SidecarProcess> => startSidecar({ appId, args: ["--app-port", String(app.port), "--resources-path", resources, "--log-level", "warn"] });
    const started = await Promise.all([start("orders", orders[0]!), start("orders", orders[1]!), start("billing", billing)]);
    sidecars.push(...started);
    publisher = started[0]!;
    await waitFor(() => [...orders, billing].every((a) => a.on("/runtime/subscribe").length > 0), { timeoutMs: 15_000, what: "subscription discovery by three sidecars" });
  }, 30_000);

  it("fans out to each app and shares one app's messages between its replicas", async () => {
    const N = 60;
    for (let n = 0; n < N; n++) {
      const res = await fetch(`${publisher.url}/v1.0/publish/${PUBSUB}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
      expect(res.status).toBe(204);
    }
    await waitFor(() => new Set(numbers(billing)).size === N && new Set([...numbers(orders[0]!), ...numbers(orders[1]!)]).size === N, { timeoutMs: 15_000, what: `${N} messages to billing and across the orders replicas` });
    expect(new Set(numbers(billing)).size).toBe(N);
    // Competing: each replica did part of the work, and no message went to both.
    const [a, b] = [numbers(orders[0]!), numbers(orders[1]!)];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((n) => b.includes(n))).toEqual([]);
    expect(billing.on(ROUTE)[0]!.json()).toMatchObject({ pubsubname: PUBSUB, topic, source: "orders" });
  });

  it("gives each message the id of its CloudEvent as Nats-Msg-Id (JetStream's duplicate window keys on it)", async () => {
    for (const metadata of ["", "?metadata.cloudevent.id=given-id"]) {
      const res = await fetch(`${publisher.url}/v1.0/publish/${PUBSUB}/${idTopic}${metadata}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: 1 }) });
      expect(res.status).toBe(204);
    }
    const nc = await connect({ servers: NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = await jsm.streams.find(idTopic);
      const ids: string[] = [];
      for (const seq of [1, 2]) {
        const stored = await jsm.streams.getMessage(stream, { seq });
        ids.push(stored!.json<{ id: string }>().id);
        expect(stored!.header.get("Nats-Msg-Id")).toBe(ids.at(-1));
      }
      expect(ids[1]).toBe("given-id");
    } finally {
      await nc.close();
    }
  });

  it("terminates (term, not ack) a message the app DROPs: the server raises MSG_TERMINATED and does not redeliver it", async () => {
    const DROPPED = 1000;
    billing.respond(ROUTE, (req) => (req.json<{ data: { n: number } }>().data.n === DROPPED ? { status: 200, body: { status: "DROP" } } : { status: 200 }));
    const nc = await connect({ servers: NATS_URL });
    try {
      const advisories: Array<{ consumer: string; stream_seq: number }> = [];
      const sub = nc.subscribe("$JS.EVENT.ADVISORY.CONSUMER.MSG_TERMINATED.>", { callback: (_error, msg) => void advisories.push(msg.json()) });
      await nc.flush();
      const res = await fetch(`${publisher.url}/v1.0/publish/${PUBSUB}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: DROPPED }) });
      expect(res.status).toBe(204);
      await waitFor(() => advisories.some((a) => a.consumer.startsWith("billing")), { timeoutMs: 10_000, what: "a MSG_TERMINATED advisory for billing's consumer" });
      sub.unsubscribe();
      // The orders replicas took it (ack, no advisory); billing got it once and terminated it.
      expect(advisories.filter((a) => a.consumer.startsWith("orders"))).toEqual([]);
      expect(numbers(billing).filter((n) => n === DROPPED)).toEqual([DROPPED]);
      const jsm = await jetstreamManager(nc);
      const stream = await jsm.streams.find(topic);
      const consumer = await jsm.consumers.info(stream, advisories.find((a) => a.consumer.startsWith("billing"))!.consumer);
      expect(consumer.num_ack_pending).toBe(0);
      expect(consumer.num_redelivered).toBe(0);
    } finally {
      await nc.close();
    }
  });

  it("stops startup naming the cause: an unreachable natsURL (within initTimeout) and a bad deliverPolicy", async () => {
    const unusedPort = await freePort();
    const [unreachable, badPolicy] = await Promise.all([
      folder(manifest([["natsURL", `nats://127.0.0.1:${unusedPort}`]], "\n  initTimeout: 3s")),
      folder(manifest([["natsURL", NATS_URL], ["deliverPolicy", "oldest"]])),
    ]);
    const run = async (resources: string): Promise<{ code: number | null; output: string; ms: number }> => {
      const started = Date.now();
      const sc = await startSidecar({ appId: "bad-input", args: ["--resources-path", resources], waitReady: false });
      sidecars.push(sc);
      const code = await new Promise<number | null>((resolve) => sc.child.once("exit", (c) => resolve(c)));
      return { code, output: sc.output(), ms: Date.now() - started };
    };
    const [down, policy] = await Promise.all([run(unreachable), run(badPolicy)]);
    expect(down.code).toBe(1);
    expect(down.output).toMatch(/orders-bus.*pubsub\.jetstream.*cannot connect to NATS at nats:\/\/127\.0\.0\.1:\d+ \(natsURL\)/);
    expect(down.ms).toBeLessThan(6000);
    expect(policy.code).toBe(1);
    expect(policy.output).toMatch(/metadata field \\?"deliverPolicy\\?" must be one of all, last, new, sequence, time; got \\?"oldest\\?"/);
  }, 20_000);
});
