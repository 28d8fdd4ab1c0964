// 5. bulk publish of 100 entries / 100 single publishes, messages per second, to Redis. Target >= 5x (issue 24).
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { SECONDS, body1k, redisComponent, startSidecar } from "./lib.mjs";
import { redisClient } from "./2-publish-redis-throughput.mjs";

const CONNECTIONS = 8;
const ENTRIES = 100;

export async function run() {
  const singleTopic = `bench5-single-${randomUUID()}`;
  const bulkTopic = `bench5-bulk-${randomUUID()}`;
  const sidecar = await startSidecar({ appId: "bench5", components: redisComponent("redisbus") });
  const redis = redisClient();
  try {
    const entry = JSON.parse(body1k());
    const bulkBody = JSON.stringify(Array.from({ length: ENTRIES }, (_, i) => ({ entryId: String(i), event: entry, contentType: "application/json" })));
    const headers = { "content-type": "application/json" };
    const singleUrl = `${sidecar.url}/v1.0/publish/redisbus/${singleTopic}`;
    const bulkUrl = `${sidecar.url}/v1.0-alpha1/publish/bulk/redisbus/${bulkTopic}`;
    await autocannon({ url: singleUrl, method: "POST", connections: CONNECTIONS, duration: 1, headers, body: body1k() });
    await autocannon({ url: bulkUrl, method: "POST", connections: CONNECTIONS, duration: 1, headers, body: bulkBody });
    const single = await autocannon({ url: singleUrl, method: "POST", connections: CONNECTIONS, duration: SECONDS, headers, body: body1k() });
    const bulk = await autocannon({ url: bulkUrl, method: "POST", connections: CONNECTIONS, duration: SECONDS, headers, body: bulkBody });
    if (single.non2xx > 0 || bulk.non2xx > 0) throw new Error(`non-2xx answers: single ${single.non2xx}, bulk ${bulk.non2xx}`);
    const s = single.requests.average;
    const b = bulk.requests.average * ENTRIES;
    return { name: "5 bulk publish (100 entries) / single publishes", baseline: `${s.toFixed(0)} msg/s`, sidecar: `${b.toFixed(0)} msg/s`, ratio: b / s, target: ">= 5 (issue 24)", pass: b / s >= 5 };
  } finally {
    await sidecar.stop();
    await redis.del(singleTopic, bulkTopic);
    redis.disconnect();
  }
}
