// 4. publish -> app delivery p99 at 1,000 msg/s over Redis / a direct XADD -> XREADGROUP consumer. Target <= 1.5x and < 15 ms.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import path from "node:path";
import { cpuMs, REDIS_HOST, ROOT, SECONDS, WARM_SECONDS, body1k, fmt, freePort, harnessText, openLoop, percentile, poster, redisComponent, spawnTracked, startSidecar, waitFor, watchingHarness } from "./lib.mjs";
import { cloudEvent, redisClient } from "./2-publish-redis-throughput.mjs";

const RATE = 1000;
/** Wall-clock ms with sub-ms precision, comparable within this process (publisher and app live here). */
const nowMs = () => performance.timeOrigin + performance.now();

export async function run() {
  const topic = `bench4-sidecar-${randomUUID()}`;
  const directTopic = `bench4-direct-${randomUUID()}`;
  const sidecarLatencies = [];
  const relayLatencies = [];
  let sink = sidecarLatencies;
  let warm = 0;
  // The app: declares the subscription, records publish -> delivery time carried in the event's data.t.
  const appPort = await freePort();
  const app = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ pubsubname: "redisbus", topic, route: "/deliver" }]));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      // The sidecar delivers a CloudEvent; the relay reference delivers the published body as it is.
      const event = JSON.parse(Buffer.concat(chunks).toString());
      const data = event.data ?? event;
      if (data.warm) warm++;
      else sink.push(nowMs() - data.t);
      res.statusCode = 200;
      res.end();
    });
  });
  app.keepAliveTimeout = 60_000;
  await new Promise((r) => app.listen(appPort, "127.0.0.1", r));
  const sidecar = await startSidecar({ appId: `bench4-${randomUUID().slice(0, 6)}`, appPort, components: redisComponent("redisbus") });
  const client = poster(sidecar.url);
  const redis = redisClient();
  const reader = redisClient();
  let reading = true;
  try {
    const publishPath = `/v1.0/publish/redisbus/${topic}`;
    // Subscriptions start once the app channel is up: publish warm-up messages until they arrive.
    await waitFor(async () => (await client.post(publishPath, body1k({ warm: true }))) === 204 && warm > 0, { timeoutMs: 20_000, what: "subscription delivering" });
    await openLoop(RATE, WARM_SECONDS, () => client.post(publishPath, body1k({ warm: true })).then((s) => s === 204));
    const { result: sidecarCpu, harness: sidecarHarness } = await watchingHarness(() => cpuShare(sidecar.child.pid, () => openLoop(RATE, SECONDS, () => client.post(publishPath, body1k({ t: nowMs() })).then((s) => s === 204))));
    await waitFor(() => sidecarLatencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: "all sidecar deliveries" });

    // Baseline: the same CloudEvent XADDed directly and read by a consumer group on its own connection.
    await redis.call("XGROUP", "CREATE", directTopic, "g", "$", "MKSTREAM");
    const directLatencies = [];
    const consumer = (async () => {
      while (reading) {
        const reply = await reader.call("XREADGROUP", "GROUP", "g", "c", "COUNT", 100, "BLOCK", 200, "STREAMS", directTopic, ">");
        if (!reply) continue;
        // RESP3 (ioredis 6): [stream, entries] flattened; RESP2: [[stream, entries]].
        const entries = Array.isArray(reply[0]) ? reply[0][1] : reply[1];
        const ids = [];
        for (const [id, fields] of entries) {
          const event = JSON.parse(fields[fields.indexOf("data") + 1]);
          directLatencies.push(nowMs() - event.data.t);
          ids.push(id);
        }
        if (ids.length > 0) await redis.call("XACK", directTopic, "g", ...ids);
      }
    })();
    const { harness: directHarness } = await watchingHarness(() => openLoop(RATE, SECONDS, () => redis.call("XADD", directTopic, "*", "data", cloudEvent(directTopic, body1k({ t: nowMs() }))).then(() => true)));
    await waitFor(() => directLatencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: "all direct deliveries" });
    reading = false;
    await consumer;

    // Reference, not the target's baseline: the same two HTTP hops around Redis with nothing else (bench/baseline-express-relay.mjs).
    const relayPort = await freePort();
    const relayTopic = `bench4-relay-${randomUUID()}`;
    const relay = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-express-relay.mjs"), String(relayPort), REDIS_HOST, relayTopic, String(appPort)]);
    const relayClient = poster(`http://127.0.0.1:${relayPort}`);
    let r99;
    let relayCpu;
    try {
      await waitFor(() => relay.output().includes("listening"), { what: "express relay reference" });
      await openLoop(RATE, WARM_SECONDS, () => relayClient.post("/publish", body1k({ warm: true })).then((s) => s === 204));
      sink = relayLatencies;
      relayCpu = await cpuShare(relay.child.pid, () => openLoop(RATE, SECONDS, () => relayClient.post("/publish", body1k({ t: nowMs() })).then((s) => s === 204)));
      await waitFor(() => relayLatencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: "all relay deliveries" });
      r99 = percentile(relayLatencies, 99);
    } finally {
      relayClient.close();
      await relay.stop();
      await redis.del(relayTopic);
    }
    const d99 = percentile(directLatencies, 99);
    const s99 = percentile(sidecarLatencies, 99);
    if (process.env.BENCH_DEBUG) console.log("sidecar pcts", [50, 90, 95, 98, 99, 99.5, 99.9, 100].map((p) => `${p}:${fmt(percentile(sidecarLatencies, p), 2)}`).join(" "), "direct", [50, 90, 99, 100].map((p) => `${p}:${fmt(percentile(directLatencies, p), 2)}`).join(" "), "relay", [50, 90, 99, 100].map((p) => `${p}:${fmt(percentile(relayLatencies, p), 2)}`).join(" "), `CPU of one core while publishing: sidecar ${sidecarCpu}%, relay ${relayCpu}%`);
    return { name: "4 publish -> app p99 at 1000 msg/s / XADD -> XREADGROUP", baseline: `${fmt(d99, 3)} ms`, sidecar: `${fmt(s99, 3)} ms`, ratio: s99 / d99, extra: `p50 ${fmt(percentile(sidecarLatencies, 50), 3)} vs ${fmt(percentile(directLatencies, 50), 3)} ms; reference: a bare Express relay (same two HTTP hops) p99 ${fmt(r99, 3)} ms, p50 ${fmt(percentile(relayLatencies, 50), 3)} ms; harness loop delay while measuring the sidecar ${harnessText(sidecarHarness)}, the direct path ${harnessText(directHarness)}`, target: "<= 1.5x and < 15 ms", pass: s99 / d99 <= 1.5 && s99 < 15 };
  } finally {
    reading = false;
    client.close();
    await sidecar.stop();
    await new Promise((r) => app.close(r));
    app.closeAllConnections();
    await redis.del(topic, directTopic);
    redis.disconnect();
    reader.disconnect();
  }
}

/** The share of one core (%) process `pid` used while `work` ran: at 1000 msg/s, queueing in a busy process sets the tail. */
async function cpuShare(pid, work) {
  const cpu0 = await cpuMs(pid);
  const started = Date.now();
  await work();
  return Math.round((((await cpuMs(pid)) - cpu0) / (Date.now() - started)) * 100);
}
