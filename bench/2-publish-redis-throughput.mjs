// 2. publish msgs/s through the sidecar to Redis / direct ioredis XADD of the same CloudEvent, same in-flight count. Target >= 0.5 (issue 24).
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { REDIS_HOST, SECONDS, body1k, redisComponent, startSidecar } from "./lib.mjs";

const IN_FLIGHT = 32;

/** What the sidecar stores: its CloudEvent envelope (DESIGN.md attributes) around the 1 KB body. */
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
  try {
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
    return { name: "2 publish msgs/s to Redis / direct XADD", baseline: `${directRate.toFixed(0)} msg/s`, sidecar: `${s.toFixed(0)} msg/s`, ratio: s / directRate, target: ">= 0.5 (issue 24)", pass: s / directRate >= 0.5 };
  } finally {
    await sidecar.stop();
    await redis.del(directTopic, sidecarTopic);
    redis.disconnect();
  }
}
