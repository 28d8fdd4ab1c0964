// 2. publish msgs/s through the sidecar to Redis / direct ioredis XADD of the same CloudEvent, same in-flight count. Target >= 0.5.
import { randomUUID } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { REDIS_HOST, ROOT, SECONDS, body1k, fmt, freePort, redisComponent, spawnTracked, startSidecar, waitFor } from "./lib.mjs";

const IN_FLIGHT = 32;

/** What the sidecar stores: its CloudEvent envelope (the attributes of docs/api.md "Publishing") around the 1 KB body. */
export function cloudEvent(topic, data) {
  return JSON.stringify({ specversion: "1.0", id: randomUUID(), source: "bench", type: "com.runtime.event.sent", datacontenttype: "application/json", data: JSON.parse(data), time: new Date().toISOString(), topic, pubsubname: "redisbus" });
}

export function redisClient() {
  const [host, port] = REDIS_HOST.split(":");
  return new Redis({ host, port: Number(port) });
}

export async function run() {
  const body = body1k();
  const redis = redisClient();
  const directTopic = `bench2-direct-${randomUUID()}`;
  const sidecarTopic = `bench2-sidecar-${randomUUID()}`;
  const sidecar = await startSidecar({ appId: "bench2", components: redisComponent("redisbus") });
  // Reference, not the target's baseline: the same HTTP hop with nothing but the XADD behind it, so the
  // row shows how much of the direct client's rate any HTTP front on this machine keeps.
  const expressPort = await freePort();
  const expressTopic = `bench2-express-${randomUUID()}`;
  const express = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-express-xadd.mjs"), String(expressPort), REDIS_HOST, expressTopic]);
  try {
    await waitFor(() => express.output().includes("listening"), { what: "express+XADD reference" });
    // Direct: IN_FLIGHT workers, each awaiting its XADD before the next (the same concurrency autocannon keeps).
    let direct = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (Date.now() < until) {
          await redis.call("XADD", directTopic, "*", "data", cloudEvent(directTopic, body), "contentType", "application/cloudevents+json");
          direct++;
        }
      }),
    );
    const directRate = direct / SECONDS;
    const url = `${sidecar.url}/v1.0/publish/redisbus/${sidecarTopic}`;
    await autocannon({ url, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    const side = await autocannon({ url, method: "POST", connections: IN_FLIGHT, duration: SECONDS, headers: { "content-type": "application/json" }, body });
    if (side.non2xx > 0 || side.errors > 0) throw new Error(`sidecar answered ${side.non2xx} non-2xx, ${side.errors} errors`);
    const s = side.requests.average;
    const expressUrl = `http://127.0.0.1:${expressPort}/publish`;
    await autocannon({ url: expressUrl, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    const reference = (await autocannon({ url: expressUrl, method: "POST", connections: IN_FLIGHT, duration: SECONDS, headers: { "content-type": "application/json" }, body })).requests.average;
    const extra = `reference: bare Express + XADD ${reference.toFixed(0)} msg/s = ${fmt(reference / directRate)} of direct, of which the sidecar keeps ${fmt(s / reference)}`;
    return { name: "2 publish msgs/s to Redis / direct XADD", baseline: `${directRate.toFixed(0)} msg/s`, sidecar: `${s.toFixed(0)} msg/s`, ratio: s / directRate, extra, target: ">= 0.5", pass: s / directRate >= 0.5 };
  } finally {
    await express.stop();
    await sidecar.stop();
    await redis.del(directTopic, sidecarTopic, expressTopic);
    redis.disconnect();
  }
}
