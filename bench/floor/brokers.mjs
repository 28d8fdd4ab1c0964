// The brokers of the floor harness (bench/30-floor.mjs), one row each: the relay's client (a key of CLIENTS in
// ./clients.mjs) and its settings, the sidecar's component for the same broker, and the broker-side setup and
// cleanup of a run's topics. A broker that does not answer on its port is reported as skipped, not failed.
// A new broker is one row here and one adapter in ./clients.mjs.
import net from "node:net";
import { kafkaInstalled, startKafka } from "../../test/kafka/cluster.mjs";
import { REDIS_HOST } from "../lib.mjs";

const RABBITMQ_URL = process.env.BENCH_RABBITMQ ?? "amqp://guest:guest@127.0.0.1:5672";
const MQTT_URL = process.env.BENCH_MQTT ?? "mqtt://127.0.0.1:1883";
const NATS_URL = process.env.BENCH_NATS ?? "nats://127.0.0.1:4222";
/** A running Kafka (host:port,...) instead of the private single-node broker the Kafka row starts. */
const KAFKA_BROKERS = process.env.BENCH_KAFKA;
/** Partitions of each Kafka topic of a run, the same for both sides (the component would take the broker's default, 1). */
const KAFKA_PARTITIONS = 4;

function component(name, type, metadata) {
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: ${type}
  version: v1
  metadata: [${Object.entries(metadata).map(([k, v]) => `{name: ${k}, value: "${v}"}`).join(", ")}]
`;
}

/** Resolves whether something accepts TCP connections at host:port. */
function listening(hostPort) {
  const [host, port] = hostPort.split(":");
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    socket.setTimeout(1000);
    socket.once("connect", () => socket.end(() => resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => socket.destroy() ?? resolve(false));
  });
}

const hostOf = (url) => new URL(url).host;

/**
 * A row: `id` (a CLIENTS key), `label`, `settings` (the relay client's), `component(name, extraMetadata)` (the
 * sidecar's YAML), `reloadToggle` ([metadata name, value, other value]: a setting whose change makes the soak's
 * hot reload without changing what is delivered; bench/soak.mjs), `available()`, `prepare(topics)` before anything
 * publishes, `cleanup(topics, appId)` after the run. A broker that no machine runs by default (Kafka) also has
 * `start()` and `stop()`: a private broker for the run, started once `available()` said it can be, and the text
 * `unavailable` says why a run skipped it.
 */
export const BROKERS = [
  {
    id: "inmemory",
    label: "in-memory",
    settings: {},
    component: (name, extra = {}) => component(name, "pubsub.in-memory", extra),
    reloadToggle: undefined,
    available: async () => true,
    prepare: async () => undefined,
    cleanup: async () => undefined,
  },
  {
    id: "redis",
    label: "Redis Streams",
    settings: { host: REDIS_HOST },
    component: (name, extra = {}) => component(name, "pubsub.redis", { redisHost: REDIS_HOST, ...extra }),
    reloadToggle: ["redeliverInterval", "60s", "61s"],
    available: () => listening(REDIS_HOST),
    prepare: async () => undefined,
    async cleanup(topics) {
      const { Redis } = await import("ioredis");
      const [host, port] = REDIS_HOST.split(":");
      const redis = new Redis({ host, port: Number(port) });
      await redis.del(...topics);
      redis.disconnect();
    },
  },
  {
    id: "rabbitmq",
    label: "RabbitMQ",
    // Nagle off, as the component connects: with it on, the relay's frames wait for the broker's TCP acks (p50
    // ~25 ms), so it meets its messages in bursts and pays less per message for a latency the sidecar does not have.
    settings: { url: RABBITMQ_URL, noDelay: true },
    component: (name, extra = {}) => component(name, "pubsub.rabbitmq", { connectionString: RABBITMQ_URL, ...extra }),
    reloadToggle: ["reconnectWaitSeconds", "3", "4"],
    available: () => listening(hostOf(RABBITMQ_URL)),
    prepare: async () => undefined,
    async cleanup(topics, appId) {
      const { connect } = await import("amqplib");
      const connection = await connect(RABBITMQ_URL);
      const channel = await connection.createChannel();
      for (const topic of topics) {
        await channel.deleteQueue(`relay-${topic}`);
        await channel.deleteQueue(`${appId}-${topic}`);
        await channel.deleteExchange(topic);
      }
      await connection.close();
    },
  },
  {
    id: "mqtt",
    label: "MQTT",
    settings: { url: MQTT_URL },
    component: (name, extra = {}) => component(name, "pubsub.mqtt3", { url: MQTT_URL, ...extra }),
    reloadToggle: ["keepAlive", "30", "31"],
    available: () => listening(hostOf(MQTT_URL)),
    prepare: async () => undefined,
    cleanup: async () => undefined,
  },
  {
    id: "jetstream",
    label: "JetStream",
    settings: { url: NATS_URL },
    component: (name, extra = {}) => component(name, "pubsub.jetstream", { natsURL: NATS_URL, ...extra }),
    reloadToggle: ["ackWait", "30s", "31s"],
    available: () => listening(hostOf(NATS_URL)),
    // The same kind of stream (file storage, the component's default) for both sides, made before either publishes.
    async prepare(topics) {
      await withJetStream(async (jsm) => {
        for (const topic of topics) await jsm.streams.add({ name: topic, subjects: [topic] });
      });
    },
    async cleanup(topics) {
      await withJetStream(async (jsm) => {
        for (const topic of topics) await jsm.streams.delete(topic).catch(() => undefined);
      });
    },
  },
  {
    id: "kafka",
    label: "Kafka",
    get settings() {
      return { brokers: kafkaBootstrap().split(",") };
    },
    component: (name, extra = {}) => component(name, "pubsub.kafka", { brokers: kafkaBootstrap(), authType: "none", disableTls: "true", ...extra }),
    reloadToggle: undefined,
    available: () => (KAFKA_BROKERS ? listening(KAFKA_BROKERS.split(",")[0]) : Promise.resolve(kafkaInstalled())),
    unavailable: KAFKA_BROKERS ? `no Kafka at ${KAFKA_BROKERS} (BENCH_KAFKA)` : "Kafka's jars missing (make kafka)",
    // A single-node KRaft broker of its own (test/kafka/cluster.mjs), killed by pid with its folder at the end.
    async start() {
      if (!KAFKA_BROKERS) kafkaCluster = await startKafka({ fullJit: true });
    },
    async stop() {
      await kafkaCluster?.stop();
      kafkaCluster = undefined;
    },
    async prepare(topics) {
      await withKafkaAdmin((admin) => admin.createTopics({ topics: topics.map((topic) => ({ topic, numPartitions: KAFKA_PARTITIONS })), waitForLeaders: true }));
    },
    async cleanup(topics) {
      // A private broker goes with its folder; a shared one keeps no topic of the run.
      if (KAFKA_BROKERS) await withKafkaAdmin((admin) => admin.deleteTopics({ topics }));
    },
  },
];

let kafkaCluster;

function kafkaBootstrap() {
  const bootstrap = KAFKA_BROKERS ?? kafkaCluster?.bootstrap;
  if (!bootstrap) throw new Error("the Kafka row's broker is not started (start() first)");
  return bootstrap;
}

async function withKafkaAdmin(fn) {
  const { Kafka, logLevel } = await import("kafkajs");
  const admin = new Kafka({ clientId: "bench-admin", brokers: kafkaBootstrap().split(","), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.disconnect();
  }
}

async function withJetStream(fn) {
  const { connect } = await import("@nats-io/transport-node");
  const { jetstreamManager } = await import("@nats-io/jetstream");
  const nc = await connect({ servers: NATS_URL });
  try {
    await fn(await jetstreamManager(nc));
  } finally {
    await nc.close();
  }
}
