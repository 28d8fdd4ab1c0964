// 7. configuration notification latency: an edit in Redis until the app has the sidecar's POST, against
// the backend's own keyspace notification of the same edit (the floor). Target: p99 under one second
// (the promise: an edit reaches the app within a second). Moved here from the functional tests.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { fmt, freePort, percentile, REDIS_HOST, SECONDS, startSidecar, waitFor } from "./lib.mjs";

const [host, port] = REDIS_HOST.split(":");
const DB = 9;

function configurationComponent(name) {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: configuration.redis
  version: v1
  metadata:
  - {name: redisHost, value: "${REDIS_HOST}"}
  - {name: redisDB, value: "${DB}"}
`;
}

/** Times `rounds` edits: each resolves when `arrived(key, value)` is called for it. */
async function timeEdits(rounds, keyOf, write, waiters) {
  const latencies = [];
  for (let i = 0; i < rounds; i++) {
    const key = keyOf(i);
    const value = `v${i}`;
    const t0 = process.hrtime.bigint();
    const seen = new Promise((resolve) => waiters.set(`${key}=${value}`, resolve));
    await write(key, value);
    await Promise.race([seen, new Promise((_, reject) => setTimeout(() => reject(new Error(`no notification for ${key}`)), 5000))]);
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return latencies;
}

export async function run() {
  const prefix = `bench7-${randomUUID().slice(0, 8)}-`;
  const rounds = Math.max(10, SECONDS * 10);
  const waiters = new Map();
  const arrived = (key, value) => waiters.get(`${key}=${value}`)?.();
  const app = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.writeHead(200).end();
      if (req.method !== "POST" || !req.url.startsWith("/configuration/")) return;
      for (const item of JSON.parse(body).items ?? []) arrived(item.key, item.value);
    });
  });
  const appPort = await freePort();
  await new Promise((resolve) => app.listen(appPort, "127.0.0.1", resolve));
  const writer = new Redis({ host, port: Number(port), db: DB });
  const listener = new Redis({ host, port: Number(port), db: DB });
  const sidecar = await startSidecar({ appId: "bench7", appPort, components: configurationComponent("conf") });
  try {
    // The floor: Redis' own keyspace notification of the same SET, to a client of this process (the
    // sidecar's store turned keyspace notifications on when it started).
    await listener.psubscribe(`__keyspace@${DB}__:${prefix}base-*`);
    listener.on("pmessage", (_pattern, channel) => {
      const key = channel.slice(`__keyspace@${DB}__:`.length);
      // A read racing the clean-up (the listener still hears the keys being deleted) is not a result.
      writer.get(key).then((value) => arrived(key, value), () => undefined);
    });
    const baseline = await timeEdits(rounds, (i) => `${prefix}base-${i}`, (key, value) => writer.set(key, value), waiters);

    const sub = await fetch(`${sidecar.url}/v1.0/configuration/conf/subscribe`);
    if (sub.status !== 200) throw new Error(`subscribe answered ${sub.status}`);
    await waitFor(async () => {
      const key = `${prefix}warm`;
      const seen = new Promise((resolve) => waiters.set(`${key}=w`, resolve));
      await writer.set(key, "w");
      return Promise.race([seen.then(() => true), new Promise((r) => setTimeout(() => r(false), 500))]);
    }, { what: "the subscription to deliver" });
    const sidecarMs = await timeEdits(rounds, (i) => `${prefix}side-${i}`, (key, value) => writer.set(key, value), waiters);
    const b50 = percentile(baseline, 50);
    const s50 = percentile(sidecarMs, 50);
    const s99 = percentile(sidecarMs, 99);
    return {
      name: "7 configuration notification, edit -> app (Redis)",
      baseline: `p50 ${fmt(b50)} ms (keyspace event)`,
      sidecar: `p50 ${fmt(s50)} ms, p99 ${fmt(s99)} ms`,
      ratio: s50 / b50,
      target: "p99 < 1000 ms",
      pass: s99 < 1000,
    };
  } finally {
    await sidecar.stop();
    listener.disconnect();
    const keys = await writer.keys(`${prefix}*`);
    if (keys.length > 0) await writer.del(...keys);
    writer.disconnect();
    await new Promise((resolve) => app.close(resolve));
  }
}
