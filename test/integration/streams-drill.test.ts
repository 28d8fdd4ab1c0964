import { readFileSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { waitFor } from "../support/ports.js";
import { deleteRabbitMQ, RABBITMQ_URL } from "../support/rabbitmq.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { HttpStreamClient } from "../support/stream-client.js";

/**
 * At-least-once across streams' lives, against the built sidecar: 1,000 messages flow while HTTP streams
 * are opened and killed at random (each killed with messages out and unacknowledged); every message is
 * acknowledged in the end, on in-memory, Redis and RabbitMQ. And a subscriber that stops reading: the
 * sidecar sends it maxInFlight messages and leaves the rest on the broker, its memory bounded.
 */

const redisUp = await brokerAvailable("redis");
const rabbitUp = await brokerAvailable("rabbitmq");
const RUN = `${process.pid}-${Date.now()}`;
const APP = "drill-app";

const COMPONENTS = {
  "in-memory": () => "spec: {type: pubsub.in-memory, version: v1, metadata: [{name: redeliveryDelay, value: 20ms}]}",
  redis: () => `spec:
  type: pubsub.redis
  version: v1
  metadata:
  - {name: redisHost, value: "${BROKERS.redis.host}:${BROKERS.redis.port}"}
  - {name: processingTimeout, value: "1s"}
  - {name: redeliverInterval, value: "200ms"}`,
  rabbitmq: () => `spec:
  type: pubsub.rabbitmq
  version: v1
  metadata:
  - {name: connectionString, value: "${RABBITMQ_URL}"}`,
};
type Broker = keyof typeof COMPONENTS;

const sidecars: SidecarProcess[] = [];
const redisKeys: string[] = [];
const rabbit = { exchanges: new Set<string>(), queues: new Set<string>() };

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
});
afterAll(async () => {
  if (redisUp && redisKeys.length > 0) {
    const admin = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port });
    await admin.del(...redisKeys).finally(() => admin.disconnect());
  }
  if (rabbitUp && rabbit.exchanges.size > 0) await deleteRabbitMQ(rabbit);
});

async function sidecarFor(broker: Broker, topics: string[], env: Record<string, string> = {}): Promise<SidecarProcess> {
  const resources = await resourcesFolder({ "bus.yaml": `apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: bus}\n${COMPONENTS[broker]()}\n` });
  if (broker === "redis") redisKeys.push(...topics);
  if (broker === "rabbitmq") {
    for (const topic of topics) {
      rabbit.exchanges.add(topic);
      rabbit.queues.add(`${APP}-${topic}`);
    }
  }
  const sidecar = await startSidecar({ appId: APP, args: ["--resources-path", resources, "--log-level", "warn"], env });
  sidecars.push(sidecar);
  return sidecar;
}

/** A small seeded generator, so a failing drill can be replayed with the seed it prints. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function publish(sidecar: SidecarProcess, topic: string, data: unknown): Promise<void> {
  const response = await fetch(`${sidecar.url}/v1.0/publish/bus/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) });
  await response.arrayBuffer();
  if (response.status !== 204) throw new Error(`publish answered ${response.status}`);
}

describe.each([
  ["in-memory", true],
  ["redis", redisUp],
  ["rabbitmq", rabbitUp],
] as Array<[Broker, boolean]>)("streams opened and killed at random on %s", (broker, available) => {
  (available ? it : it.skip)("lose none of 1,000 messages", async () => {
    const topic = `streams-drill-${broker}-${RUN}`;
    const sidecar = await sidecarFor(broker, [topic]);
    const seed = Date.now() % 100_000;
    const next = random(seed);
    const acknowledged = new Set<number>();
    const everOpened: HttpStreamClient[] = [];
    let killed = 0;
    const open = new Set<HttpStreamClient>();
    const acked = new WeakMap<HttpStreamClient, number>();
    const openOne = async (): Promise<void> => {
      const client = await HttpStreamClient.open(sidecar.url, { pubsubname: "bus", topic, maxInFlight: 1 + Math.floor(next() * 20), metadata: { retryInitialInterval: "10ms" } });
      expect(client.statusCode).toBe(200);
      await client.waitForOpen();
      open.add(client);
      everOpened.push(client);
    };
    // Acknowledges what each stream received, in order, as a subscriber would; an acknowledgement that
    // reached the sidecar before its stream ended counts, one for a closed stream is redelivered.
    const ackLoop = async (): Promise<void> => {
      for (const client of [...open]) {
        const events = client.events;
        let done = acked.get(client) ?? 0;
        // Some rounds leave part of what arrived unacknowledged, so a kill often catches messages out.
        const upTo = next() < 0.5 ? events.length : done + Math.floor((events.length - done) * next());
        while (done < upTo && open.has(client)) {
          const event = events[done++]!;
          const n = (event.event!["data"] as { n: number }).n;
          const reply = await client.ack({ id: event.id }).catch(() => ({ status: 0, body: "" }));
          if (reply.status === 204) acknowledged.add(n);
        }
        acked.set(client, done);
      }
    };
    await openOne();
    let chaos = true;
    const chaosLoop = (async () => {
      while (chaos) {
        await ackLoop();
        const roll = next();
        if (roll < 0.08 && open.size > 0) {
          // Killed with whatever it holds unacknowledged: those go back to the broker.
          const victim = [...open][Math.floor(next() * open.size)]!;
          open.delete(victim);
          victim.kill();
          killed++;
        }
        if (open.size === 0 || (roll > 0.9 && open.size < 3)) await openOne();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let n = 0; n < 1000; n += 10) await Promise.all(Array.from({ length: 10 }, (_, i) => publish(sidecar, topic, { n: n + i })));
      await waitFor(() => acknowledged.size === 1000, { timeoutMs: 60_000, what: `all 1,000 acknowledged (have ${acknowledged.size}; seed ${seed})` });
    } finally {
      chaos = false;
      await chaosLoop;
      for (const client of open) client.kill();
    }
    const missing = Array.from({ length: 1000 }, (_, n) => n).filter((n) => !acknowledged.has(n));
    expect(missing).toEqual([]);
    expect(killed).toBeGreaterThan(0);
    process.stdout.write(`streams drill on ${broker}: 1000 acknowledged, 0 lost, ${everOpened.reduce((sum, c) => sum + c.events.length, 0) - 1000} redelivered, ${killed} streams killed (seed ${seed})\n`);
  }, 90_000);
});

(redisUp ? describe : describe.skip)("a subscriber that stops reading (Redis)", () => {
  it("gets maxInFlight messages; the rest wait in Redis and the sidecar's memory stays bounded", async () => {
    const topic = `streams-slow-${RUN}`;
    // A heap far smaller than what is published: a sidecar that held what it cannot send would die of it.
    const heapMiB = 48;
    const sidecar = await sidecarFor("redis", [topic], { NODE_OPTIONS: `--max-old-space-size=${heapMiB}` });
    const client = await HttpStreamClient.open(sidecar.url, { pubsubname: "bus", topic, maxInFlight: 5 });
    await client.waitForOpen();
    client.pause();
    const rss = (): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${sidecar.child.pid}/status`, "utf8"))![1]) * 1024;
    const payload = "x".repeat(16 * 1024);
    const count = 3500;
    for (let n = 0; n < count; n += 50) await Promise.all(Array.from({ length: 50 }, (_, i) => publish(sidecar, topic, { n: n + i, payload })));
    const admin = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port });
    try {
      // The sidecar has read what its Redis reader holds (queueDepth and concurrency), no more: the rest is not even pending.
      const pending = async (): Promise<number> => Number(((await admin.xpending(topic, APP)) as [number])[0]);
      await waitFor(async () => (await pending()) > 0, { what: "the sidecar to read from Redis" });
      const held = await pending();
      expect(held).toBeLessThan(count / 10);
      expect(sidecar.child.exitCode).toBeNull();
      expect(count * payload.length).toBeGreaterThan(heapMiB * 1048576);
      process.stdout.write(`slow subscriber: ${count} x 16 KiB (${((count * payload.length) / 1048576).toFixed(0)} MiB) published to a sidecar with a ${heapMiB} MiB heap, ${held} read from Redis, RSS ${(rss() / 1048576).toFixed(0)} MiB\n`);
      client.resume();
      await client.waitForEvents(5);
      // One acknowledgement lets exactly one more out.
      expect((await client.ack({ id: client.events[0]!.id })).status).toBe(204);
      await client.waitForEvents(6);
      expect(client.events.length).toBe(6);
    } finally {
      admin.disconnect();
      client.kill();
    }
  }, 90_000);
});
