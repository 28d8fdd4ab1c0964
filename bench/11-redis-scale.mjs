// 11. Scale of one pubsub.redis component with 1, 100 and 1,000 subscribed topics: the Redis
// connections it holds (CLIENT LIST by its client name), RSS, idle CPU, and the time from the
// sidecar's start until every topic delivered one message (XADDed before the start, so each topic's
// first read finds it). Targets: connections <= 3 whatever the count, RSS growth < 50 KB per topic
// over the 1-topic run, idle CPU < 1% of a core.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { SECONDS, cpuMs, fmt, freePort, redisComponent, rssBytes, startSidecar, waitFor } from "./lib.mjs";
import { cloudEvent, redisClient } from "./2-publish-redis-throughput.mjs";

const COUNTS = [1, 100, 1000];
const SETTLE_MS = 2000;

async function connectionsNamed(redis, name) {
  const list = String(await redis.call("CLIENT", "LIST", "TYPE", "normal"));
  return list.split("\n").filter((line) => line.includes(` name=${name} `)).length;
}

async function measure(redis, count) {
  const appId = `bench11-${randomUUID().slice(0, 6)}`;
  const topics = Array.from({ length: count }, (_, i) => `bench11-${appId}-${i}`);
  const seen = new Set();
  const appPort = await freePort();
  const app = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(topics.map((topic) => ({ pubsubname: "redisbus", topic, route: "/deliver" }))));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      seen.add(JSON.parse(Buffer.concat(chunks).toString()).topic);
      res.statusCode = 200;
      res.end();
    });
  });
  app.keepAliveTimeout = 60_000;
  await new Promise((r) => app.listen(appPort, "127.0.0.1", r));
  const pipeline = redis.pipeline();
  for (const topic of topics) pipeline.call("XADD", topic, "*", "data", cloudEvent(topic, JSON.stringify({ hello: topic })), "contentType", "application/cloudevents+json");
  await pipeline.exec();
  const started = Date.now();
  const sidecar = await startSidecar({ appId, appPort, components: redisComponent("redisbus") });
  try {
    await waitFor(() => seen.size >= count, { timeoutMs: 120_000, what: `a delivery on each of ${count} topics` });
    const allDeliveredMs = Date.now() - started;
    await sleep(SETTLE_MS);
    const connections = await connectionsNamed(redis, `runtime-${appId}`);
    const cpu0 = await cpuMs(sidecar.child.pid);
    // /proc CPU time ticks in 10 ms: 5 s at least, so 1% is 5 ticks.
    const idleMs = Math.max(5, SECONDS) * 1000;
    await sleep(idleMs);
    const idleCpu = ((await cpuMs(sidecar.child.pid)) - cpu0) / idleMs;
    return { count, connections, rss: await rssBytes(sidecar.child.pid), idleCpu, allDeliveredMs };
  } finally {
    await sidecar.stop();
    await new Promise((r) => app.close(r));
    app.closeAllConnections();
    for (let i = 0; i < topics.length; i += 500) await redis.del(...topics.slice(i, i + 500));
  }
}

export async function run() {
  const redis = redisClient();
  try {
    const results = [];
    for (const count of COUNTS) results.push(await measure(redis, count));
    const one = results[0];
    return results.map((r) => {
      const growthKb = r.count > 1 ? (r.rss - one.rss) / 1024 / (r.count - 1) : 0;
      const pass = r.connections <= 3 && growthKb < 50 && r.idleCpu < 0.01;
      return {
        name: `11 scale: ${r.count} topic(s)`,
        baseline: `1 topic: ${(one.rss / 1024 / 1024).toFixed(1)} MB`,
        sidecar: `${r.connections} conns, ${(r.rss / 1024 / 1024).toFixed(1)} MB, idle CPU ${fmt(r.idleCpu * 100, 2)}%, all delivered ${r.allDeliveredMs} ms`,
        ratio: r.connections,
        extra: `RSS growth ${fmt(growthKb, 1)} KB/topic`,
        target: "conns <= 3, RSS growth < 50 KB/topic, idle CPU < 1%",
        pass,
      };
    });
  } finally {
    redis.disconnect();
  }
}
