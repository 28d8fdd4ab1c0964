// 15. pubsub.kafka on a private single-node KRaft broker (test/kafka/cluster.mjs; `make kafka` first):
//   a) publish msgs/s through the sidecar / a minimal relay (bare node:http + the same kafkajs producer), same
//      connections, alternating rounds, median: target >= 0.9;
//   b) publish through the sidecar / kafkajs alone in this process (64 sends in flight): reported;
//   c) bulk publish of 100 entries / single publishes through the sidecar, msgs/s: target >= 5;
//   d) publish -> app delivery p99 at 1,000 msg/s through the sidecar / through the two-hop relay (node:http +
//      kafkajs producer, kafkajs consumer POSTing to the app), and CPU per message of each process: reported.
import { randomUUID } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { Kafka, logLevel } from "kafkajs";
import { startKafka } from "../test/kafka/cluster.mjs";
import { ROOT, SECONDS, body1k, cpuMs, cpuQuiet, fmt, freePort, percentile, poster, spawnTracked, startLatencyApp, startSidecar, waitFor } from "./lib.mjs";

const CONNECTIONS = 32;
const ROUNDS = 3;
const ENTRIES = 100;
const PARTITIONS = 4;
const RATE = 1000;

/** p99 and CPU ms per message of one delivery path: `publishPath` on `baseUrl`, delivered to `app`, by process `pid`. */
async function deliveryPath(app, baseUrl, publishPath, pid) {
  const client = poster(baseUrl);
  try {
    await cpuQuiet(pid);
    const cpuBefore = await cpuMs(pid);
    await app.measure(client, publishPath, RATE);
    const cpu = (await cpuMs(pid)) - cpuBefore;
    return { p99: percentile(app.latencies, 99), p50: percentile(app.latencies, 50), cpuPerMsg: cpu / app.latencies.length };
  } finally {
    client.close();
  }
}

function kafkaComponent(name, brokers) {
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: pubsub.kafka
  version: v1
  metadata:
  - {name: brokers, value: "${brokers}"}
  - {name: authType, value: none}
  - {name: disableTls, value: "true"}
  - {name: topicPartitions, value: "${PARTITIONS}"}
`;
}

async function rate(url, body, seconds) {
  const result = await autocannon({ url, method: "POST", connections: CONNECTIONS, duration: seconds, headers: { "content-type": "application/json" }, body });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function inProcess(brokers, topic, seconds) {
  const kafka = new Kafka({ clientId: "bench15", brokers: brokers.split(","), logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  const value = body1k();
  let sent = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: 64 }, async () => {
    while (performance.now() < until) {
      await producer.send({ topic, acks: -1, messages: [{ value }] });
      sent++;
    }
  }));
  await producer.disconnect();
  return sent / ((performance.now() - started) / 1000);
}

export async function run() {
  const cluster = await startKafka({ fullJit: true });
  const brokers = cluster.bootstrap;
  const tag = randomUUID().slice(0, 8);
  const topics = { sidecar: `bench15-sidecar-${tag}`, relay: `bench15-relay-${tag}`, direct: `bench15-direct-${tag}`, single: `bench15-single-${tag}`, bulk: `bench15-bulk-${tag}`, deliverSidecar: `bench15-deliver-sidecar-${tag}`, deliverRelay: `bench15-deliver-relay-${tag}` };
  const admin = new Kafka({ brokers: brokers.split(","), logLevel: logLevel.NOTHING }).admin();
  let sidecar;
  let relay;
  try {
    await admin.connect();
    await admin.createTopics({ topics: Object.values(topics).map((topic) => ({ topic, numPartitions: PARTITIONS })), waitForLeaders: true });
    sidecar = await startSidecar({ appId: "bench15", components: kafkaComponent("kafkabus", brokers) });
    const relayPort = await freePort();
    relay = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-kafka-relay.mjs"), String(relayPort), brokers, topics.relay]);
    await waitFor(() => relay.output().includes("listening"), { what: "the Kafka relay" });
    const sidecarUrl = `${sidecar.url}/v1.0/publish/kafkabus/${topics.sidecar}`;
    const relayUrl = `http://127.0.0.1:${relayPort}/`;
    const body = body1k();
    const seconds = Math.max(1, Math.round(SECONDS / 2));
    await rate(sidecarUrl, body, 1);
    await rate(relayUrl, body, 1);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["sidecar", "relay"] : ["relay", "sidecar"];
      const r = {};
      for (const side of order) r[side] = await rate(side === "sidecar" ? sidecarUrl : relayUrl, body, seconds);
      rounds.push({ ...r, ratio: r.sidecar / r.relay });
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    const mid = rounds[Math.floor(ROUNDS / 2)];
    const direct = await inProcess(brokers, topics.direct, seconds);

    const singleUrl = `${sidecar.url}/v1.0/publish/kafkabus/${topics.single}`;
    const bulkUrl = `${sidecar.url}/v1.0-alpha1/publish/bulk/kafkabus/${topics.bulk}`;
    const entry = JSON.parse(body);
    const bulkBody = JSON.stringify(Array.from({ length: ENTRIES }, (_, i) => ({ entryId: String(i), event: entry, contentType: "application/json" })));
    await rate(bulkUrl, bulkBody, 1);
    const bulkRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const single = await rate(singleUrl, body, seconds);
      const bulk = (await rate(bulkUrl, bulkBody, seconds)) * ENTRIES;
      bulkRounds.push({ single, bulk, ratio: bulk / single });
    }
    bulkRounds.sort((a, b) => a.ratio - b.ratio);
    const midBulk = bulkRounds[Math.floor(ROUNDS / 2)];

    // Delivery: a subscribed sidecar, then the two-hop relay, each with its own app (the CPU includes the warm-up share).
    const sidecarApp = await startLatencyApp({ pubsubname: "kafkabus", topic: topics.deliverSidecar });
    const subscribed = await startSidecar({ appId: "bench15-deliver", appPort: sidecarApp.port, components: kafkaComponent("kafkabus", brokers) });
    let viaSidecar;
    try {
      viaSidecar = await deliveryPath(sidecarApp, subscribed.url, `/v1.0/publish/kafkabus/${topics.deliverSidecar}`, subscribed.child.pid);
    } finally {
      await subscribed.stop();
      await sidecarApp.close();
    }
    const relayApp = await startLatencyApp({ pubsubname: "none", topic: "none" });
    const hopsPort = await freePort();
    const hops = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-kafka-relay.mjs"), String(hopsPort), brokers, topics.deliverRelay, String(relayApp.port)]);
    let viaRelay;
    try {
      await waitFor(() => hops.output().includes("listening"), { timeoutMs: 30_000, what: "the two-hop Kafka relay" });
      viaRelay = await deliveryPath(relayApp, `http://127.0.0.1:${hopsPort}`, "/", hops.child.pid);
    } finally {
      await hops.stop();
      await relayApp.close();
    }
    return [
      { name: "15a kafka publish: sidecar / minimal relay (node:http + kafkajs)", baseline: `${mid.relay.toFixed(0)} msg/s`, sidecar: `${mid.sidecar.toFixed(0)} msg/s`, ratio: mid.ratio, extra: `median of ${ROUNDS} alternating rounds (ratios ${rounds.map((r) => fmt(r.ratio)).join(", ")})`, target: ">= 0.9", pass: mid.ratio >= 0.9 },
      { name: "15b kafka publish: sidecar / kafkajs alone in-process (64 in flight)", baseline: `${direct.toFixed(0)} msg/s`, sidecar: `${mid.sidecar.toFixed(0)} msg/s`, ratio: mid.sidecar / direct, target: "reported", pass: true },
      { name: "15c kafka bulk publish (100 entries) / single publishes", baseline: `${midBulk.single.toFixed(0)} msg/s`, sidecar: `${midBulk.bulk.toFixed(0)} msg/s`, ratio: midBulk.ratio, extra: `median of ${ROUNDS} rounds (ratios ${bulkRounds.map((r) => fmt(r.ratio)).join(", ")})`, target: ">= 5", pass: midBulk.ratio >= 5 },
      { name: "15d kafka publish -> app p99 at 1000 msg/s: sidecar / two-hop relay", baseline: `${fmt(viaRelay.p99, 2)} ms`, sidecar: `${fmt(viaSidecar.p99, 2)} ms`, ratio: viaSidecar.p99 / viaRelay.p99, extra: `p50 ${fmt(viaSidecar.p50, 2)} vs ${fmt(viaRelay.p50, 2)} ms; CPU per message ${fmt(viaSidecar.cpuPerMsg, 3)} ms (sidecar) vs ${fmt(viaRelay.cpuPerMsg, 3)} ms (relay)`, target: "reported", pass: true },
    ];
  } finally {
    await sidecar?.stop();
    await relay?.stop();
    await admin.disconnect().catch(() => undefined);
    await cluster.stop();
  }
}
