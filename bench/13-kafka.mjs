// 13. pubsub.kafka on a private single-node KRaft broker (test/kafka/cluster.mjs; `make kafka` first):
//   a) publish msgs/s through the sidecar / a minimal relay (bare node:http + the same kafkajs producer), same
//      connections, alternating rounds, median: target >= 0.9;
//   b) publish through the sidecar / kafkajs alone in this process (64 sends in flight): reported;
//   c) bulk publish of 100 entries / single publishes through the sidecar, msgs/s: target >= 5.
import { randomUUID } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { Kafka, logLevel } from "kafkajs";
import { startKafka } from "../test/kafka/cluster.mjs";
import { ROOT, SECONDS, body1k, fmt, freePort, spawnTracked, startSidecar, waitFor } from "./lib.mjs";

const CONNECTIONS = 32;
const ROUNDS = 3;
const ENTRIES = 100;
const PARTITIONS = 4;

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
  const kafka = new Kafka({ clientId: "bench13", brokers: brokers.split(","), logLevel: logLevel.NOTHING });
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
  const cluster = await startKafka();
  const brokers = cluster.bootstrap;
  const tag = randomUUID().slice(0, 8);
  const topics = { sidecar: `bench13-sidecar-${tag}`, relay: `bench13-relay-${tag}`, direct: `bench13-direct-${tag}`, single: `bench13-single-${tag}`, bulk: `bench13-bulk-${tag}` };
  const admin = new Kafka({ brokers: brokers.split(","), logLevel: logLevel.NOTHING }).admin();
  let sidecar;
  let relay;
  try {
    await admin.connect();
    await admin.createTopics({ topics: Object.values(topics).map((topic) => ({ topic, numPartitions: PARTITIONS })), waitForLeaders: true });
    sidecar = await startSidecar({ appId: "bench13", components: kafkaComponent("kafkabus", brokers) });
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
    return [
      { name: "13a kafka publish: sidecar / minimal relay (node:http + kafkajs)", baseline: `${mid.relay.toFixed(0)} msg/s`, sidecar: `${mid.sidecar.toFixed(0)} msg/s`, ratio: mid.ratio, extra: `median of ${ROUNDS} alternating rounds (ratios ${rounds.map((r) => fmt(r.ratio)).join(", ")})`, target: ">= 0.9", pass: mid.ratio >= 0.9 },
      { name: "13b kafka publish: sidecar / kafkajs alone in-process (64 in flight)", baseline: `${direct.toFixed(0)} msg/s`, sidecar: `${mid.sidecar.toFixed(0)} msg/s`, ratio: mid.sidecar / direct, target: "reported", pass: true },
      { name: "13c kafka bulk publish (100 entries) / single publishes", baseline: `${midBulk.single.toFixed(0)} msg/s`, sidecar: `${midBulk.bulk.toFixed(0)} msg/s`, ratio: midBulk.ratio, extra: `median of ${ROUNDS} rounds (ratios ${bulkRounds.map((r) => fmt(r.ratio)).join(", ")})`, target: ">= 5", pass: midBulk.ratio >= 5 },
    ];
  } finally {
    await sidecar?.stop();
    await relay?.stop();
    await admin.disconnect().catch(() => undefined);
    await cluster.stop();
  }
}
