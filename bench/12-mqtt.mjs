// 12. pubsub.mqtt3 on Mosquitto: publish msgs/s through the sidecar / mqtt.js publishing QoS 1 directly (same
// in-flight count), target >= 0.5x; publish -> app delivery p99 at 1,000 msg/s / a direct mqtt.js publisher
// and subscriber (QoS 1), target <= 2x. Runs a private `mosquitto` on a free port (other sessions' traffic on the
// shared broker would be measured too), or uses BENCH_MQTT=host:port.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import mqtt from "mqtt";
import { SECONDS, WARM_SECONDS, body1k, fmt, freePort, harnessText, hopsText, httpHopsReference, nowMs, openLoop, percentile, poster, spawnTracked, startLatencyApp, startSidecar, waitFor, watchingHarness } from "./lib.mjs";
import { cloudEvent } from "./2-publish-redis-throughput.mjs";

let MQTT = process.env.BENCH_MQTT;
const IN_FLIGHT = 32;
const RATE = 1000;

// cleanSession true: the bench leaves no persistent session behind on the shared broker.
function component(name) {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: pubsub.mqtt3
  version: v1
  metadata:
  - {name: url, value: "tcp://${MQTT}"}
  - {name: qos, value: "1"}
  - {name: cleanSession, value: "true"}
`;
}

export async function run() {
  const broker = MQTT ? undefined : await privateMosquitto();
  try {
    // BENCH_ONLY=latency (or publish) runs one half, for profiling.
    const only = process.env.BENCH_ONLY;
    return [...(only === "latency" ? [] : [await publishThroughput()]), ...(only === "publish" ? [] : [await deliveryLatency()])];
  } finally {
    await broker?.stop();
  }
}

/** A Mosquitto of the benchmark's own on a free loopback port, in memory; removed when stopped. */
async function privateMosquitto() {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), "runtimed-bench-mosquitto-"));
  // set_tcp_nodelay: the advice of docs/components/pubsub.mqtt3.md for latency (Mosquitto leaves Nagle on by default); the direct
  // baseline uses the same broker. Without it the sidecar's p50s measured 2-3x higher on this machine.
  await writeFile(path.join(dir, "mosquitto.conf"), `listener ${port} 127.0.0.1\nallow_anonymous true\nlog_dest none\nset_tcp_nodelay true\n`);
  const proc = spawnTracked("mosquitto", ["-c", path.join(dir, "mosquitto.conf")]);
  MQTT = `127.0.0.1:${port}`;
  const stop = async () => {
    await proc.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => {
      const c = await mqtt.connectAsync(`mqtt://${MQTT}`, { reconnectPeriod: 0, connectTimeout: 500 });
      await c.endAsync();
      return true;
    }, { what: "the benchmark's mosquitto" });
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${proc.output()}`);
  }
  return { stop };
}

async function publishThroughput() {
  const body = body1k();
  const directTopic = `bench9/direct/${randomUUID()}`;
  const sidecarTopic = `bench9/sidecar/${randomUUID()}`;
  const client = await mqtt.connectAsync(`mqtt://${MQTT}`, { clientId: `bench9-${randomUUID().slice(0, 8)}` });
  // An in-memory pub/sub beside it: the sidecar's own ceiling (HTTP, envelope) with no broker at all.
  const inMemory = "---\napiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: membus}\nspec: {type: pubsub.in-memory, version: v1}\n";
  const sidecar = await startSidecar({ appId: `bench9-${randomUUID().slice(0, 6)}`, components: component("mqttbus") + inMemory });
  try {
    // Direct: IN_FLIGHT workers, each awaiting its PUBACK before the next (the concurrency autocannon keeps).
    let direct = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (Date.now() < until) {
          await client.publishAsync(directTopic, cloudEvent(directTopic, body), { qos: 1 });
          direct++;
        }
      }),
    );
    const directRate = direct / SECONDS;
    const url = `${sidecar.url}/v1.0/publish/mqttbus/${sidecarTopic}`;
    await autocannon({ url, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    const side = await autocannon({ url, method: "POST", connections: IN_FLIGHT, duration: SECONDS, headers: { "content-type": "application/json" }, body });
    if (side.non2xx > 0 || side.errors > 0) throw new Error(`sidecar answered ${side.non2xx} non-2xx, ${side.errors} errors`);
    const s = side.requests.average;
    const memUrl = `${sidecar.url}/v1.0/publish/membus/${sidecarTopic}`;
    const mem = await autocannon({ url: memUrl, method: "POST", connections: IN_FLIGHT, duration: SECONDS, headers: { "content-type": "application/json" }, body });
    return {
      name: "12a publish msgs/s to MQTT / mqtt.js QoS 1",
      baseline: `${directRate.toFixed(0)} msg/s`,
      sidecar: `${s.toFixed(0)} msg/s`,
      ratio: s / directRate,
      extra: `reference: the same sidecar publishing to pubsub.in-memory (no broker) ${mem.requests.average.toFixed(0)} msg/s, so MQTT keeps ${fmt(s / mem.requests.average)} of the sidecar's own ceiling`,
      target: ">= 0.5x",
      pass: s / directRate >= 0.5,
    };
  } finally {
    await sidecar.stop();
    await client.endAsync();
  }
}

async function deliveryLatency() {
  const topic = `bench9/deliver/${randomUUID()}`;
  const directTopic = `bench9/direct-deliver/${randomUUID()}`;
  const app = await startLatencyApp({ pubsubname: "mqttbus", topic: topic });
  const sidecarLatencies = app.latencies;
  const appPort = app.port;
  const sidecar = await startSidecar({ appId: `bench9-${randomUUID().slice(0, 6)}`, appPort, components: component("mqttbus") });
  const client = poster(sidecar.url);
  const publisher = await mqtt.connectAsync(`mqtt://${MQTT}`, { clientId: `bench9-pub-${randomUUID().slice(0, 8)}` });
  const subscriber = await mqtt.connectAsync(`mqtt://${MQTT}`, { clientId: `bench9-sub-${randomUUID().slice(0, 8)}` });
  try {
    const publishPath = `/v1.0/publish/mqttbus/${topic}`;
    const published = await app.measure(client, publishPath, RATE);

    // Baseline: the same CloudEvent published QoS 1 by mqtt.js and read by an mqtt.js QoS 1 subscriber.
    const directLatencies = [];
    subscriber.on("message", (_topic, payload) => {
      const data = JSON.parse(payload.toString()).data;
      if (!data.warm) directLatencies.push(nowMs() - data.t);
    });
    await subscriber.subscribeAsync(directTopic, { qos: 1 });
    await openLoop(RATE, WARM_SECONDS, () => publisher.publishAsync(directTopic, cloudEvent(directTopic, body1k({ warm: true })), { qos: 1 }).then(() => true));
    const { harness: directHarness } = await watchingHarness(() => openLoop(RATE, SECONDS, () => publisher.publishAsync(directTopic, cloudEvent(directTopic, body1k({ t: nowMs() })), { qos: 1 }).then(() => true)));
    await waitFor(() => directLatencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: "all direct deliveries" });
    const d99 = percentile(directLatencies, 99);
    const s99 = percentile(sidecarLatencies, 99);
    const hops = await httpHopsReference(RATE);
    const pcts = (values) => [50, 90, 95, 98, 99, 99.5, 99.9, 100].map((p) => `${p}:${fmt(percentile(values, p), 2)}`).join(" ");
    if (process.env.BENCH_DEBUG) console.log(`sidecar ${pcts(sidecarLatencies)}\n  of which the publish (HTTP -> PUBACK -> 204) ${pcts(published.latencies)}\ndirect  ${pcts(directLatencies)}`);
    return {
      name: "12b publish -> app p99 at 1000 msg/s over MQTT / mqtt.js -> mqtt.js",
      baseline: `${fmt(d99, 3)} ms`,
      sidecar: `${fmt(s99, 3)} ms`,
      ratio: s99 / d99,
      extra: `p50 ${fmt(percentile(sidecarLatencies, 50), 3)} vs ${fmt(percentile(directLatencies, 50), 3)} ms; ${hopsText(hops, d99)}; harness loop delay while measuring the sidecar ${harnessText(published.harness)}, the direct path ${harnessText(directHarness)}`,
      target: "<= 2x",
      pass: s99 / d99 <= 2,
    };
  } finally {
    client.close();
    await sidecar.stop();
    await app.close();
    await publisher.endAsync();
    await subscriber.endAsync();
  }
}
