// 24. Delayed delivery on RabbitMQ (the delay ladder): how late after its time a delayed message reaches the app.
// 200 messages due at one instant (one bulk publish with deliverAt, 5 s ahead) and 200 spread (single publishes at
// 50/s, each with its own deliverAfter between 0.2 and 10 s): lag (arrival - deliverat) p50/p99/max and how many were
// early (must be none). The ladder rounds a delay up to a 100 ms tick and each level the delay's bits name is one
// quorum dead-letter hop: the row says the hops per message. Baseline: the same 200 published without delay, their
// publish -> arrival p99 (the delivery path every delayed message ends on). Target: none early, both lag p99s under
// a second.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { freePort, nowMs, percentile, poster, startSidecar, waitFor } from "./lib.mjs";

const RABBITMQ_URL = process.env.BENCH_RABBITMQ ?? "amqp://guest:guest@127.0.0.1:5672";
const COUNT = 200;
const TICK_MS = 100;

const popcount = (n) => n.toString(2).split("").filter((b) => b === "1").length;

export async function run() {
  const topics = { same: `bench24-same-${randomUUID()}`, spread: `bench24-spread-${randomUUID()}`, now: `bench24-now-${randomUUID()}` };
  const lags = { same: [], spread: [], now: [] };
  const sentAt = new Map();
  const appPort = await freePort();
  const app = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Object.entries(topics).map(([route, topic]) => ({ pubsubname: "rabbitbus", topic, route: `/${route}` }))));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      const event = JSON.parse(Buffer.concat(chunks).toString());
      const route = req.url.slice(1);
      lags[route]?.push(at - (route === "now" ? sentAt.get(event.data.n) : Date.parse(event.deliverat)));
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise((r) => app.listen(appPort, "127.0.0.1", r));
  const components = `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: rabbitbus}
spec:
  type: pubsub.rabbitmq
  version: v1
  metadata:
  - {name: connectionString, value: "${RABBITMQ_URL}"}
`;
  const sidecar = await startSidecar({ appId: `bench24-${randomUUID().slice(0, 6)}`, appPort, components });
  const client = poster(sidecar.url, 8);
  const entries = (n) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ entryId: String(i), event: { n: i }, contentType: "application/json" })));
  try {
    await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/metadata`).then((r) => r.json())).subscriptions?.length >= 3, { timeoutMs: 20_000, what: "subscriptions live" });
    // Baseline: undelayed, one at a time, publish -> arrival.
    for (let i = 0; i < COUNT; i++) {
      sentAt.set(i, Date.now());
      if ((await client.post(`/v1.0/publish/rabbitbus/${topics.now}`, JSON.stringify({ n: i }))) !== 204) throw new Error("publish failed");
    }
    await waitFor(() => lags.now.length >= COUNT, { timeoutMs: 30_000, what: "undelayed messages" });
    // All due at one instant.
    const dueAt = Date.now() + 5000;
    const sameTicks = Math.ceil((dueAt - Date.now()) / TICK_MS);
    if ((await client.post(`/v1.0-alpha1/publish/bulk/rabbitbus/${topics.same}?metadata.deliverAt=${new Date(dueAt).toISOString()}`, entries(COUNT))) !== 204) throw new Error("bulk publish failed");
    // Spread: each its own delay, at 50/s.
    const hops = [];
    const start = nowMs();
    for (let i = 0; i < COUNT; i++) {
      const wait = start + i * 20 - nowMs();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const delay = 200 + Math.floor(Math.random() * 9800);
      hops.push(popcount(Math.ceil(delay / TICK_MS)));
      if ((await client.post(`/v1.0/publish/rabbitbus/${topics.spread}?metadata.deliverAfter=${delay}ms`, JSON.stringify({ n: i }))) !== 204) throw new Error("delayed publish failed");
    }
    await waitFor(() => lags.same.length >= COUNT && lags.spread.length >= COUNT, { timeoutMs: 60_000, what: "delayed messages" });
    const early = lags.same.filter((l) => l < 0).length + lags.spread.filter((l) => l < 0).length;
    const p = (list, q) => `${percentile(list, q).toFixed(0)} ms`;
    const worst = Math.max(percentile(lags.same, 99), percentile(lags.spread, 99));
    const meanHops = hops.reduce((a, b) => a + b, 0) / hops.length;
    return {
      name: `24 delayed lateness (RabbitMQ delay ladder): lag p99 of ${COUNT} due at once and ${COUNT} spread / undelayed delivery p99`,
      baseline: `${p(lags.now, 99)} undelayed (p50 ${p(lags.now, 50)})`,
      sidecar: `${worst.toFixed(0)} ms`,
      ratio: worst / Math.max(1, percentile(lags.now, 99)),
      extra: `due at once (${popcount(sameTicks)} hops): lag p50 ${p(lags.same, 50)}, p99 ${p(lags.same, 99)}, max ${p(lags.same, 100)}; spread 0.2-10 s (hops ${Math.min(...hops)}-${Math.max(...hops)}, mean ${meanHops.toFixed(1)}): lag p50 ${p(lags.spread, 50)}, p99 ${p(lags.spread, 99)}, max ${p(lags.spread, 100)}; ${early} early`,
      target: "none early, lag p99 < 1000 ms",
      pass: early === 0 && worst < 1000,
    };
  } finally {
    client.close();
    await sidecar.stop();
    await new Promise((r) => app.close(r));
    const { connect } = await import("amqplib");
    const model = await connect(RABBITMQ_URL);
    const channel = await model.createChannel();
    for (const topic of Object.values(topics)) await channel.deleteExchange(topic);
    await model.close();
  }
}
