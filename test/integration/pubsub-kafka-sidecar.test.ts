import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "@jest/globals";
import { Kafka, logLevel } from "kafkajs";
import { holdDeliveries, publishNumbered } from "../support/drills.js";
import { usePrivateKafka } from "../support/kafka.js";
import { freePort, waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * The built sidecar as a process with a Dapr (`dapr.io`) `pubsub.kafka` manifest against a private single-node
 * KRaft broker: fan-out and competing replicas, per-partition order, a sidecar SIGKILLed mid-stream, a rebalance
 * under load with a RETRYing message holding its partition's offset, and bad manifests or messages.
 */

const kafka = usePrivateKafka(1);
const PUBSUB = "events";
const ROUTE = "/events";
const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];

afterAll(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function manifest(extra: Record<string, string> = {}, spec = ""): string {
  const fields = { brokers: kafka().bootstrap, authType: "none", disableTls: "true", topicPartitions: "4", sessionTimeout: "6s", heartbeatInterval: "1s", revocationTimeout: "5s", ...extra };
  const items = Object.entries(fields).map(([name, value]) => `  - {name: ${name}, value: "${value}"}`).join("\n");
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: ${PUBSUB}
spec:
  type: pubsub.kafka
  version: v1${spec}
  metadata:
${items}
`;
}

async function app(topic: string, extra: Record<string, unknown> = {}): Promise<TestApp> {
  const started = await startTestApp({ subscriptions: [{ pubsubname: PUBSUB, topic, route: ROUTE, ...extra }] });
  apps.push(started);
  return started;
}

/** A sidecar whose subscription to `topic` is live (listed in /v1.0/metadata: a publish from now on is delivered). */
async function sidecar(appId: string, target: TestApp, topic: string, resources?: string): Promise<SidecarProcess> {
  const folder = resources ?? (await resourcesFolder({ "kafka.yaml": manifest() }));
  const sc = await startSidecar({ appId, args: ["--app-port", String(target.port), "--resources-path", folder, "--log-level", "warn"] });
  sidecars.push(sc);
  await waitFor(async () => {
    const metadata = (await (await fetch(`${sc.url}/v1.0/metadata`)).json()) as { subscriptions?: Array<{ topic: string }> };
    return (metadata.subscriptions ?? []).some((s) => s.topic === topic);
  }, { timeoutMs: 30_000, what: `${appId}'s subscription to ${topic}` });
  return sc;
}

const numbers = (target: TestApp): number[] => target.on(ROUTE).map((r) => r.json<{ data: { n: number } }>().data.n);

async function publish(sc: SidecarProcess, topic: string, body: unknown, query = ""): Promise<Response> {
  return fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${topic}${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("pubsub.kafka with the sidecar as a process", () => {
  it("fans out to each app and shares one app's messages between its replicas (one consumer group per app id)", async () => {
    const topic = `fanout-${randomUUID()}`;
    const orders = [await app(topic), await app(topic)];
    const billing = await app(topic);
    const folder = await resourcesFolder({ "kafka.yaml": manifest() });
    const publisher = await sidecar("orders", orders[0]!, topic, folder);
    await sidecar("orders", orders[1]!, topic, folder);
    await sidecar("billing", billing, topic, folder);
    const N = 60;
    for (let n = 0; n < N; n++) expect((await publish(publisher, topic, { n })).status).toBe(204);
    await waitFor(() => new Set(numbers(billing)).size === N && new Set([...numbers(orders[0]!), ...numbers(orders[1]!)]).size === N, { timeoutMs: 30_000, what: `${N} messages to billing and across the orders replicas` });
    const [a, b] = [numbers(orders[0]!), numbers(orders[1]!)];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((n) => b.includes(n))).toEqual([]);
    expect(billing.on(ROUTE)[0]!.json()).toMatchObject({ pubsubname: PUBSUB, topic, source: "orders" });
  }, 90_000);

  it("keeps each partition's order (single concurrency): one partitionKey's messages arrive in publish order, while partitions run in parallel", async () => {
    const topic = `order-${randomUUID()}`;
    const target = await app(topic);
    // Uneven handling times would reorder a partition's messages if they were handled in parallel.
    let active = 0;
    let most = 0;
    target.respond(ROUTE, async (req) => {
      const { n } = req.json<{ data: { n: number } }>().data;
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5 + ((n * 7) % 13)));
      active--;
      return { status: 200 };
    });
    const sc = await sidecar("ordered", target, topic);
    const keys = ["k1", "k2", "k3", "k4"];
    const N = 80;
    await Promise.all(keys.map(async (key, k) => {
      for (let n = k; n < N; n += keys.length) expect((await publish(sc, topic, { n, key }, `?metadata.partitionKey=${key}`)).status).toBe(204);
    }));
    await waitFor(() => new Set(numbers(target)).size === N, { timeoutMs: 30_000, what: `${N} keyed messages` });
    for (const key of keys) {
      const seen = target.on(ROUTE).map((r) => r.json<{ data: { n: number; key: string } }>().data).filter((d) => d.key === key).map((d) => d.n);
      expect(seen).toEqual([...seen].sort((x, y) => x - y));
    }
    // Four keys hash to more than one of the four partitions, which the app then sees at the same time.
    expect(most).toBeGreaterThan(1);
  }, 60_000);

  it("concurrencyMode parallel (subscription metadata): one partition's records reach the app at once, and all are committed", async () => {
    const topic = `parallel-${randomUUID()}`;
    const target = await app(topic, { metadata: { concurrencyMode: "parallel" } });
    let active = 0;
    let most = 0;
    const ok = new Set<number>();
    target.respond(ROUTE, async (req) => {
      active++;
      most = Math.max(most, active);
      // Each handler waits until several run together (or a moment passed), so serial handling shows as most === 1.
      await waitFor(() => most >= 5, { timeoutMs: 300 }).catch(() => undefined);
      active--;
      ok.add(req.json<{ data: { n: number } }>().data.n);
      return { status: 200 };
    });
    const sc = await sidecar("parallel", target, topic);
    const N = 20;
    await Promise.all(Array.from({ length: N }, (_, n) => publish(sc, topic, { n }, "?metadata.partitionNumber=0").then((res) => expect(res.status).toBe(204))));
    await waitFor(() => ok.size === N, { timeoutMs: 30_000, what: `${N} messages of one partition` });
    expect(most).toBeGreaterThanOrEqual(5);
    const admin = new Kafka({ brokers: kafka().bootstrap.split(","), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      await waitFor(async () => (await admin.fetchOffsets({ groupId: "parallel", topics: [topic] }))[0]!.partitions.find((p) => p.partition === 0)!.offset === String(N), { timeoutMs: 15_000, what: "the partition's offset committed past every record" });
    } finally {
      await admin.disconnect();
    }
  }, 60_000);

  it("a sidecar SIGKILLed mid-stream: a new one delivers every accepted message (nothing was committed past them)", async () => {
    const topic = `kill-${randomUUID()}`;
    const target = await app(topic);
    const ok = new Set<number>();
    const gate = holdDeliveries(target, ROUTE, ok);
    const folder = await resourcesFolder({ "kafka.yaml": manifest() });
    const first = await sidecar("killed", target, topic, folder);
    const accepted: number[] = [];
    for (let n = 0; n < 60; n++) if (await publishNumbered(first, PUBSUB, topic, n)) accepted.push(n);
    expect(accepted).toHaveLength(60);
    await waitFor(() => gate.held() >= 2, { what: "deliveries in flight before the kill" });
    await first.stop("SIGKILL");
    gate.open();
    // The dead member holds its partitions until sessionTimeout (6s); then the new one reads from the committed offsets.
    await sidecar("killed", target, topic, folder);
    await waitFor(() => accepted.every((n) => ok.has(n)), { timeoutMs: 45_000, what: "every accepted message after the restart" });
  }, 90_000);

  it("a rebalance under load loses nothing, and a RETRYing message keeps its partition's committed offset behind it", async () => {
    const topic = `rebalance-${randomUUID()}`;
    const group = "rebalancing";
    const HELD = 20;
    let retrying = true;
    const ok = new Set<number>();
    // Retries capped at 500 ms: once the RETRY ends the message goes through at its next attempt, not after a 30 s backoff.
    const retries = { metadata: { retryMaxInterval: "500ms" } };
    const apps2 = [await app(topic, retries), await app(topic, retries)];
    for (const target of apps2) {
      target.respond(ROUTE, (req) => {
        const { n } = req.json<{ data: { n: number } }>().data;
        if (n === HELD && retrying) return { status: 200, body: { status: "RETRY" } };
        ok.add(n);
        return { status: 200 };
      });
    }
    const folder = await resourcesFolder({ "kafka.yaml": manifest() });
    const first = await sidecar(group, apps2[0]!, topic, folder);
    // Every message goes to partition 0 in publish order, so message n has offset n there.
    const accepted: number[] = [];
    const load = (async () => {
      for (let n = 0; n < 120; n++) if ((await publish(first, topic, { n }, "?metadata.partitionNumber=0")).status === 204) accepted.push(n);
    })();
    const admin = new Kafka({ brokers: kafka().bootstrap.split(","), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const committed = async (): Promise<number> => Number((await admin.fetchOffsets({ groupId: group, topics: [topic] }))[0]!.partitions.find((p) => p.partition === 0)!.offset);
      await waitFor(() => apps2[0]!.on(ROUTE).filter((r) => r.json<{ data: { n: number } }>().data.n === HELD).length >= 2, { timeoutMs: 20_000, what: "message 20 being retried" });
      // A second replica joins, then leaves, while the first keeps RETRYing message 20.
      const second = await sidecar(group, apps2[1]!, topic, folder);
      await second.stop("SIGTERM");
      await load;
      expect(accepted).toHaveLength(120);
      // Single concurrency: the partition's later messages wait behind the RETRYing one; the earlier ones are committed, it is not.
      await waitFor(() => [...Array(HELD).keys()].every((n) => ok.has(n)), { timeoutMs: 20_000, what: "the messages before the RETRYing one" });
      await waitFor(async () => (await committed()) === HELD, { timeoutMs: 10_000, what: "the offsets before the RETRYing one committed" });
      expect(ok.has(HELD + 1)).toBe(false);
      retrying = false;
      await waitFor(() => accepted.every((n) => ok.has(n)), { timeoutMs: 45_000, what: "every accepted message once the RETRY ends" });
      await waitFor(async () => (await committed()) === 120, { timeoutMs: 15_000, what: "the offset to move past the RETRYing message" });
    } finally {
      await admin.disconnect();
    }
  }, 120_000);

  it("answers 500 naming maxMessageBytes for a message over it, and stops startup naming the field for bad manifests", async () => {
    const topic = `limits-${randomUUID()}`;
    const target = await app(topic);
    const sc = await sidecar("limits", target, topic, await resourcesFolder({ "kafka.yaml": manifest({ maxMessageBytes: "2048" }) }));
    const big = await publish(sc, topic, { pad: "x".repeat(4096) });
    expect(big.status).toBe(500);
    expect(await big.text()).toMatch(/exceeds maxMessageBytes \(2048\)/);
    expect((await publish(sc, topic, { n: 1 })).status).toBe(204);

    const unusedPort = await freePort();
    const run = async (text: string): Promise<{ code: number | null; output: string; ms: number }> => {
      const started = Date.now();
      const bad = await startSidecar({ appId: "bad-input", args: ["--resources-path", await resourcesFolder({ "kafka.yaml": text })], waitReady: false });
      sidecars.push(bad);
      const code = await new Promise<number | null>((resolve) => bad.child.once("exit", (c) => resolve(c)));
      return { code, output: bad.output(), ms: Date.now() - started };
    };
    const [auth, offset, down] = await Promise.all([
      run(manifest({ authType: "kerberos" })),
      run(manifest({ initialOffset: "latest" })),
      run(manifest({ brokers: `127.0.0.1:${unusedPort}` }, "\n  initTimeout: 5s")),
    ]);
    expect(auth.code).toBe(1);
    expect(auth.output).toMatch(/metadata field \\?"authType\\?" must be one of none, password, mtls, oidc, certificate, got \\?"kerberos\\?"/);
    expect(offset.code).toBe(1);
    expect(offset.output).toMatch(/metadata field \\?"initialOffset\\?" must be newest or oldest, got \\?"latest\\?"/);
    expect(down.code).toBe(1);
    expect(down.output).toMatch(new RegExp(`cannot connect to Kafka at 127\\.0\\.0\\.1:${unusedPort} \\(brokers\\)`));
    expect(down.ms).toBeLessThan(8000);
  }, 60_000);
});
