// 23. Delayed delivery (Redis). First at a steady pace: 1,000 single publishes at 100/s, each due 1 s later; the lag
// (arrival - deliverat) p50/p99 of these is where the guarantee's "normally within a second after its time" is
// measured (a timed test could not hold it on a shared machine). Then at scale: 100,000 delayed messages pending,
// all due at one instant. Reports the delivery lag p50/p99/max, the time until the delay set is empty and until
// the last arrival, and the sidecar's CPU and peak RSS over the burst. The ratio compares the burst's drain rate
// with the delivery rate of messages published without delay in the same run (the app and the sidecar's delivery
// path being the same, the mover's share shows). BENCH_DELAYED=<n> changes the burst's count.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { Redis } from "ioredis";
import { REDIS_HOST, cpuMs, fmt, freePort, nowMs, percentile, poster, redisComponent, rssBytes, startSidecar, waitFor } from "./lib.mjs";

const COUNT = Number(process.env.BENCH_DELAYED ?? 100_000);
const IMMEDIATE = Math.min(20_000, COUNT);
const BATCH = 500;
const STEADY = 1000;
const STEADY_RATE = 100;

export async function run() {
  const topic = `bench22-${randomUUID()}`;
  const immediateTopic = `bench22-now-${randomUUID()}`;
  const steadyTopic = `bench22-steady-${randomUUID()}`;
  const lags = [];
  const steadyLags = [];
  let immediateArrivals = 0;
  let lastImmediate = 0;
  let lastDelayed = 0;
  const appPort = await freePort();
  const app = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ pubsubname: "redisbus", topic, route: "/delayed" }, { pubsubname: "redisbus", topic: immediateTopic, route: "/now" }, { pubsubname: "redisbus", topic: steadyTopic, route: "/steady" }]));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = nowMs();
      if (req.url === "/now") {
        immediateArrivals++;
        lastImmediate = at;
      } else if (req.url === "/steady") {
        steadyLags.push(at - Date.parse(JSON.parse(Buffer.concat(chunks).toString()).deliverat));
      } else {
        const event = JSON.parse(Buffer.concat(chunks).toString());
        lags.push(at - Date.parse(event.deliverat));
        lastDelayed = at;
      }
      res.statusCode = 200;
      res.end();
    });
  });
  app.keepAliveTimeout = 60_000;
  await new Promise((r) => app.listen(appPort, "127.0.0.1", r));
  const sidecar = await startSidecar({ appId: `bench22-${randomUUID().slice(0, 6)}`, appPort, components: redisComponent("redisbus") });
  const client = poster(sidecar.url, 8);
  const [host, port] = REDIS_HOST.split(":");
  const redis = new Redis({ host, port: Number(port) });
  const entries = (n, offset) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ entryId: String(offset + i), event: { n: offset + i, pad: "x".repeat(200) }, contentType: "application/json" })));
  const publishAll = async (path, total) => {
    const sends = [];
    for (let offset = 0; offset < total; offset += BATCH) {
      sends.push(client.post(path, entries(Math.min(BATCH, total - offset), offset)).then((status) => {
        if (status !== 204) throw new Error(`bulk publish answered ${status}`);
      }));
      // At most 8 bulk requests in flight.
      if (sends.length >= 8) await sends.shift();
    }
    await Promise.all(sends);
  };
  try {
    await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/metadata`).then((r) => r.json())).subscriptions?.length >= 3, { timeoutMs: 20_000, what: "subscriptions live" });
    // Steady: one delayed publish every 10 ms, each due a second later (the guarantee's "normal load").
    const steadyStart = nowMs();
    for (let i = 0; i < STEADY; i++) {
      const wait = steadyStart + (i * 1000) / STEADY_RATE - nowMs();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const status = await client.post(`/v1.0/publish/redisbus/${steadyTopic}?metadata.deliverAfter=1s`, JSON.stringify({ n: i }));
      if (status !== 204) throw new Error(`delayed publish answered ${status}`);
    }
    await waitFor(() => steadyLags.length >= STEADY, { timeoutMs: 60_000, what: "steady delayed messages delivered" });
    const steadyP99 = percentile(steadyLags, 99);
    const steadyEarly = steadyLags.filter((l) => l < 0).length;
    // Reference: the same delivery path, messages published without delay.
    const immediateStart = nowMs();
    await publishAll(`/v1.0-alpha1/publish/bulk/redisbus/${immediateTopic}`, IMMEDIATE);
    await waitFor(() => immediateArrivals >= IMMEDIATE, { timeoutMs: 120_000, what: "immediate messages delivered" });
    const immediateRate = IMMEDIATE / ((lastImmediate - immediateStart) / 1000);
    // The delayed burst: published well ahead of its time, all due at one instant.
    const publishStart = nowMs();
    const dueAt = Math.ceil(Date.now() / 1000) * 1000 + Math.max(15_000, COUNT / 5);
    await publishAll(`/v1.0-alpha1/publish/bulk/redisbus/${topic}?metadata.deliverAt=${new Date(dueAt).toISOString()}`, COUNT);
    const publishSeconds = (nowMs() - publishStart) / 1000;
    if (Date.now() >= dueAt) throw new Error(`publishing ${COUNT} took ${publishSeconds.toFixed(1)}s, past their time: raise the lead`);
    const key = `runtime-delayed:{${topic}}`;
    const pending = await redis.zcard(key);
    const rssBefore = await rssBytes(sidecar.child.pid);
    await waitFor(() => Date.now() >= dueAt - 200, { timeoutMs: dueAt - Date.now() + 1000, what: "the due time" });
    const cpu0 = await cpuMs(sidecar.child.pid);
    let rssPeak = rssBefore;
    let movedAt;
    const sampler = setInterval(() => {
      rssBytes(sidecar.child.pid).then((r) => (rssPeak = Math.max(rssPeak, r)), () => undefined);
      if (movedAt === undefined) redis.zcard(key).then((n) => n === 0 && movedAt === undefined && (movedAt = nowMs()), () => undefined);
    }, 100);
    await waitFor(() => lags.length >= COUNT, { timeoutMs: 600_000, what: `${COUNT} delayed messages delivered` });
    clearInterval(sampler);
    const cpu = (await cpuMs(sidecar.child.pid)) - cpu0;
    const early = lags.filter((l) => l < 0).length;
    const drainSeconds = (lastDelayed - dueAt) / 1000;
    const delayedRate = COUNT / drainSeconds;
    const ratio = delayedRate / immediateRate;
    const p = (q) => `${percentile(lags, q).toFixed(0)} ms`;
    return {
      name: `22 delayed burst: ${COUNT} due at once (Redis), drain rate / undelayed delivery rate`,
      baseline: `${immediateRate.toFixed(0)} msg/s undelayed`,
      sidecar: `${delayedRate.toFixed(0)} msg/s`,
      ratio,
      extra: `steady ${STEADY} at ${STEADY_RATE}/s due 1s after publish: lag p50 ${percentile(steadyLags, 50).toFixed(0)} ms, p99 ${steadyP99.toFixed(0)} ms, ${steadyEarly} early; burst: ${pending} pending before it (published in ${publishSeconds.toFixed(1)}s); lag p50 ${p(50)}, p99 ${p(99)}, max ${p(100)}; ${early} early; delay set empty ${movedAt ? `${((movedAt - dueAt) / 1000).toFixed(2)}s` : "?"} after the due time, last arrival ${drainSeconds.toFixed(2)}s after; sidecar CPU ${(cpu / 1000).toFixed(1)} s over the burst (${fmt(cpu / 1000 / drainSeconds)} cores), RSS ${(rssBefore / 2 ** 20).toFixed(0)} MiB with all pending, peak ${(rssPeak / 2 ** 20).toFixed(0)} MiB`,
      target: ">= 0.8, none early, steady lag p99 < 1000 ms",
      pass: ratio >= 0.8 && early === 0 && steadyEarly === 0 && steadyP99 < 1000,
    };
  } finally {
    client.close();
    await redis.del(topic, immediateTopic, steadyTopic, `runtime-delayed:{${topic}}`, `runtime-delayed:{${steadyTopic}}`).catch(() => undefined);
    await redis.srem("runtime-delayed:topics", topic, steadyTopic).catch(() => undefined);
    redis.disconnect();
    await sidecar.stop();
    await new Promise((r) => app.close(r));
  }
}
