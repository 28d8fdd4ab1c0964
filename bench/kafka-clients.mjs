// Which Kafka client for pubsub.kafka: publish and consume throughput of each candidate against one private KRaft
// broker (test/kafka/cluster.mjs; `make kafka` first), same topic shape, same 1 KB messages, alternating order.
//   publish: single-message sends acknowledged by the leader (acks=-1 on one node), IN_FLIGHT outstanding, the way
//            the sidecar publishes one HTTP request at a time;
//   consume: a fresh consumer group reads MESSAGES from the earliest offset, committing as it goes.
// `node bench/kafka-clients.mjs` (BENCH_KAFKA=host:port uses a running broker instead of starting one).
// @confluentinc/kafka-javascript is not measured: its install downloads a prebuilt librdkafka binary (not reachable
// here), and building against Debian's librdkafka-dev 2.0.2 fails (it needs librdkafka >= 2.4 APIs).
import { randomUUID } from "node:crypto";
import { Kafka, logLevel } from "kafkajs";
import { Admin, Consumer, Producer, stringSerializers, stringDeserializers } from "@platformatic/kafka";
import { startKafka } from "../test/kafka/cluster.mjs";
import { body1k } from "./lib.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const IN_FLIGHT = 64;
const PARTITIONS = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

async function publishMany(send) {
  const value = body1k();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < MESSAGES) {
      const i = next++;
      await send(`k${i % 64}`, value);
    }
  }));
  return MESSAGES / ((performance.now() - started) / 1000);
}

const clients = {
  async kafkajs(brokers, topic) {
    const kafka = new Kafka({ clientId: "bench", brokers: brokers.split(","), logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ allowAutoTopicCreation: false });
    await producer.connect();
    const publish = await publishMany((key, value) => producer.send({ topic, acks: -1, messages: [{ key, value }] }));
    await producer.disconnect();
    const consumer = kafka.consumer({ groupId: `bench-${randomUUID()}`, sessionTimeout: 10_000, heartbeatInterval: 1000 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    let seen = 0;
    const started = performance.now();
    await new Promise((resolve) => {
      void consumer.run({
        autoCommit: true,
        partitionsConsumedConcurrently: PARTITIONS,
        eachMessage: async () => {
          if (++seen === MESSAGES) resolve();
        },
      });
    });
    const consume = MESSAGES / ((performance.now() - started) / 1000);
    await consumer.disconnect();
    return { publish, consume };
  },
  async platformatic(brokers, topic) {
    const producer = new Producer({ clientId: "bench", bootstrapBrokers: brokers.split(","), serializers: stringSerializers, acks: -1 });
    const publish = await publishMany((key, value) => producer.send({ messages: [{ topic, key, value }] }));
    await producer.close();
    const consumer = new Consumer({ groupId: `bench-${randomUUID()}`, clientId: "bench", bootstrapBrokers: brokers.split(","), deserializers: stringDeserializers, sessionTimeout: 10_000, heartbeatInterval: 1000 });
    let seen = 0;
    const started = performance.now();
    const stream = await consumer.consume({ topics: [topic], mode: "committed", fallbackMode: "earliest", autocommit: 1000 });
    await new Promise((resolve) => {
      stream.on("data", () => {
        if (++seen === MESSAGES) resolve();
      });
    });
    const consume = MESSAGES / ((performance.now() - started) / 1000);
    await stream.close();
    await consumer.close(true);
    return { publish, consume };
  },
};

const cluster = process.env.BENCH_KAFKA ? undefined : await startKafka();
const brokers = process.env.BENCH_KAFKA ?? cluster.bootstrap;
try {
  const admin = new Admin({ clientId: "bench-admin", bootstrapBrokers: brokers.split(",") });
  const results = Object.fromEntries(Object.keys(clients).map((name) => [name, { publish: [], consume: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? Object.keys(clients) : Object.keys(clients).reverse();
    for (const name of order) {
      const topic = `bench-clients-${name}-${round}-${randomUUID().slice(0, 8)}`;
      await admin.createTopics({ topics: [topic], partitions: PARTITIONS, replicas: 1 });
      const { publish, consume } = await clients[name](brokers, topic);
      results[name].publish.push(publish);
      results[name].consume.push(consume);
      console.log(`round ${round + 1} ${name}: publish ${Math.round(publish)} msg/s, consume ${Math.round(consume)} msg/s`);
    }
  }
  await admin.close();
  const best = (xs) => Math.round(Math.max(...xs));
  console.table(Object.entries(results).map(([client, r]) => ({ client, "publish msg/s (best)": best(r.publish), "consume msg/s (best)": best(r.consume) })));
} finally {
  await cluster?.stop();
}
