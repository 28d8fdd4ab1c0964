// 3. added p90 latency of publish over a direct XADD at a fixed 1,000 msg/s, open loop, hrtime. Target <= 0.2 ms.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { REDIS_HOST, ROOT, SECONDS, WARM_SECONDS, body1k, fmt, freePort, openLoop, percentile, poster, redisComponent, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { cloudEvent, redisClient } from "./2-publish-redis-throughput.mjs";

const RATE = 1000;

export async function run() {
  const body = body1k();
  const redis = redisClient();
  const directTopic = `bench3-direct-${randomUUID()}`;
  const sidecarTopic = `bench3-sidecar-${randomUUID()}`;
  const sidecar = await startSidecar({ appId: "bench3", components: redisComponent("redisbus") });
  const client = poster(sidecar.url);
  // Reference, not the target's baseline: the same HTTP hop with nothing but an XADD behind it.
  const expressPort = await freePort();
  const expressTopic = `bench3-express-${randomUUID()}`;
  const express = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-express-xadd.mjs"), String(expressPort), REDIS_HOST, expressTopic]);
  const expressClient = poster(`http://127.0.0.1:${expressPort}`);
  try {
    await waitFor(() => express.output().includes("listening"), { what: "express+XADD reference" });
    const path = `/v1.0/publish/redisbus/${sidecarTopic}`;
    const direct = await openLoop(RATE, SECONDS, () => redis.call("XADD", directTopic, "*", "data", cloudEvent(directTopic, body), "contentType", "application/cloudevents+json").then(() => true));
    // Each server is warmed right before it is measured, so neither has sat idle in between.
    await openLoop(RATE, WARM_SECONDS, () => client.post(path, body).then((s) => s === 204));
    const side = await openLoop(RATE, SECONDS, () => client.post(path, body).then((s) => s === 204));
    await openLoop(RATE, WARM_SECONDS, () => expressClient.post("/publish", body).then((s) => s === 204));
    const reference = await openLoop(RATE, SECONDS, () => expressClient.post("/publish", body).then((s) => s === 204));
    if (side.errors > 0 || direct.errors > 0) throw new Error(`errors: sidecar ${side.errors}, direct ${direct.errors}`);
    const d90 = percentile(direct.latencies, 90);
    const s90 = percentile(side.latencies, 90);
    const added = s90 - d90;
    if (process.env.BENCH_DEBUG) for (const [n, l] of [["direct", direct], ["sidecar", side], ["express+xadd", reference]]) console.log(n, [50, 75, 90, 95, 99, 100].map((p) => `${p}:${fmt(percentile(l.latencies, p), 2)}`).join(" "));
    return { name: "3 publish p90 at 1000 msg/s, added over XADD", baseline: `${fmt(d90, 3)} ms`, sidecar: `${fmt(s90, 3)} ms`, ratio: s90 / d90, extra: `added ${fmt(added, 3)} ms; reference: bare Express + XADD adds ${fmt(percentile(reference.latencies, 90) - d90, 3)} ms`, target: "added <= 0.2 ms", pass: added <= 0.2 };
  } finally {
    client.close();
    expressClient.close();
    await express.stop();
    await sidecar.stop();
    await redis.del(directTopic, sidecarTopic, expressTopic);
    redis.disconnect();
  }
}
