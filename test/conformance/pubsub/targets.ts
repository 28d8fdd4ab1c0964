import { builtinRegistries, type Registries } from "../../../pkg/components/builtins.js";
import { subscriberClientId } from "../../../pkg/components/pubsub/mqtt/mqtt.js";
import type { PubSubFeature } from "../../../pkg/components/pubsub/types.js";
import { BROKERS } from "../../support/brokers.js";
import { runningKafka } from "../../support/kafka.js";
import { runningRedisCluster } from "../../support/redis-topologies.js";
import type { ConformanceTarget } from "../context.js";

/**
 * A pub/sub implementation under the conformance suite. Adding a broker is adding an entry here and
 * a one-line test file (`runPubSubTarget("pubsub.x")`); the suite creates the component through the
 * built-in registry and runs every case whose features the entry declares, and no other.
 */
export interface PubSubTarget extends ConformanceTarget {
  /** Component metadata (short redelivery intervals so the suite runs in seconds). */
  metadata: Record<string, string>;
  /** Exactly what the component's features() declares; each gates the cases that test it. */
  features: PubSubFeature[];
  /** One subscription of a topic sees messages in publish order (when no handler rejects). */
  ordering?: boolean;
  /**
   * A subscription named by `consumerID` is a durable consumer group: what is published, or
   * rejected, while it has no subscriber is delivered when it subscribes again.
   */
  durableGroups?: boolean;
  /**
   * The component holds delayed messages (DelayedDelivery); `injectedClock`: its mover reads the
   * component's clock, so a case may move time instead of waiting; `pendingUnder`: it counts what it
   * holds under this one name (its delay topic) rather than per topic. Absent: it refuses delivery times.
   */
  delayedDelivery?: { injectedClock: boolean; pendingUnder?: string };
  /** Upper bound for each wait (ms). Default 10000. */
  timeoutMs?: number;
  /** Removes what the suite's topics left on a shared broker (once, after the last case). */
  dropTopics?: (topics: string[]) => Promise<void>;
  /** A private broker the outage cases stop and start (never the shared one); absent: the component has no connection to lose. */
  outage?: () => Promise<Outage>;
}

/** A private broker instance and the component metadata that points at it. */
export interface Outage {
  metadata: Record<string, string>;
  down(): Promise<void>;
  up(): Promise<void>;
  remove(): Promise<void>;
}

async function redisOutage(): Promise<Outage> {
  const { PrivateRedis } = await import("../../integration/pubsub-redis-server.js");
  const redis = await PrivateRedis.start();
  return { metadata: { redisHost: redis.address, redeliverInterval: "100ms", processingTimeout: "1s" }, down: () => redis.kill(), up: () => redis.restart(), remove: () => redis.kill() };
}

async function mqttOutage(extra: Record<string, string> = {}): Promise<Outage> {
  const { PrivateMosquitto } = await import("../../integration/pubsub-mqtt-server.js");
  const broker = await PrivateMosquitto.start();
  return { metadata: { url: broker.url, qos: "1", reconnectMaxInterval: "200ms", ...extra }, down: () => broker.stop(), up: () => broker.restart(), remove: () => broker.remove() };
}

async function rabbitOutage(): Promise<Outage> {
  const { TcpProxy, rabbitUrl } = await import("../../integration/pubsub-rabbitmq-support.js");
  const proxy = await TcpProxy.start();
  return { metadata: { connectionString: rabbitUrl(proxy.port), reconnectWaitSeconds: "1" }, down: () => proxy.refuse(), up: () => proxy.accept(), remove: () => proxy.close() };
}

/**
 * The Kafka row's own private broker (test/conformance/pubsub/kafka.test.ts starts it), killed and started again
 * with its data; a case that ends while it is down leaves it started for the next.
 */
async function kafkaOutage(): Promise<Outage> {
  const node = runningKafka().nodes[0]!;
  const isDown = (): boolean => !node.child || node.child.exitCode !== null || node.child.signalCode !== null;
  const up = async (): Promise<void> => {
    if (isDown()) await node.start();
  };
  const metadata = { brokers: node.address, authType: "none", disableTls: "true", initialOffset: "newest", topicPartitions: "4", consumeRetryInterval: "50ms", sessionTimeout: "6s", heartbeatInterval: "500ms", revocationTimeout: "5s" };
  return { metadata, down: () => node.kill(), up, remove: up };
}

async function natsOutage(): Promise<Outage> {
  const { PrivateNats } = await import("../../integration/pubsub-jetstream-server.js");
  const nats = await PrivateNats.start();
  return { metadata: { natsURL: nats.url, nakDelay: "100ms" }, down: () => nats.kill(), up: () => nats.restart(), remove: () => nats.kill() };
}

const redisHost = `${BROKERS.redis.host}:${BROKERS.redis.port}`;
/** The shared Redis database of the pub/sub conformance rows (the bindings' rows use 3, configuration's 9). */
const CONFORMANCE_REDIS_DB = 5;
const natsURL = `nats://${BROKERS.nats.host}:${BROKERS.nats.port}`;

/** (consumerID, topic) of every MQTT subscription the suite made: each left a persistent session on the shared broker. */
const mqttSessions = new Map<string, { group: string; topic: string }>();

/**
 * pubsub.mqtt3 as the built-in registry makes it, its subscribe calls noted so that the sessions can
 * be ended after the suite (Mosquitto lists no sessions; a client id is derived from group and topic).
 */
function recordMqttSessions(registries: Registries): void {
  const builtin = builtinRegistries().pubsub;
  registries.pubsub.register("pubsub.mqtt3", async (context) => {
    const pubsub = await builtin.create("pubsub.mqtt3", "v1", context);
    const subscribe = pubsub.subscribe.bind(pubsub);
    pubsub.subscribe = (request, handler, signal) => {
      const group = request.metadata["consumerID"] ?? context.appId;
      mqttSessions.set(JSON.stringify([group, request.topic]), { group, topic: request.topic });
      return subscribe(request, handler, signal);
    };
    return pubsub;
  });
}

/** Ends every session the suite left, with a clean connect under its client id (index 1: a second competing consumer). */
async function dropMqttSessions(): Promise<void> {
  const { default: mqtt } = await import("mqtt");
  const { host, port } = BROKERS.mqtt;
  for (const { group, topic } of mqttSessions.values()) {
    for (const index of [0, 1]) {
      const client = await mqtt.connectAsync(`mqtt://${host}:${port}`, { clientId: subscriberClientId(group, topic, index), clean: true, reconnectPeriod: 0 });
      await client.endAsync();
    }
  }
  mqttSessions.clear();
}

/** The shared Mosquitto; credentials in the URL are accepted (anonymous broker) and ignored. */
const mqttMetadata = { url: `tcp://user:secret@${BROKERS.mqtt.host}:${BROKERS.mqtt.port}`, qos: "1", redeliverInterval: "100ms" };

export const PUBSUB_TARGETS: readonly PubSubTarget[] = [
  {
    type: "pubsub.in-memory",
    metadata: { redeliveryDelay: "10ms" },
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
    // Timers wait in real time.
    delayedDelivery: { injectedClock: false },
    timeoutMs: 5000,
  },
  {
    type: "pubsub.redis",
    broker: "redis",
    // A rejected entry comes back after redeliverInterval, one left by a stopped subscriber after processingTimeout.
    // A database of its own: a component's delay mover moves every topic's due messages in its database, and a
    // delayed case moves this component's clock an hour on, which would move other suites' messages early.
    metadata: { redisHost, redisDB: String(CONFORMANCE_REDIS_DB), redeliverInterval: "100ms", processingTimeout: "1s", maxLenApprox: "10000" },
    outage: redisOutage,
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
    delayedDelivery: { injectedClock: true },
    timeoutMs: 15_000,
    // The shared Redis outlives the run: each case's streams (and delay sets) go with the suite.
    dropTopics: async (topics) => {
      const { Redis } = await import("ioredis");
      const { DELAYED_TOPICS_KEY, delayedKeyOf } = await import("../../../pkg/components/pubsub/redis/delayed.js");
      const { slotGroupOf } = await import("../../../pkg/components/pubsub/redis/redis.js");
      const redis = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, db: CONFORMANCE_REDIS_DB, lazyConnect: true });
      try {
        await redis.connect();
        if (topics.length > 0) {
          await redis.del(...topics, ...topics.map((t) => delayedKeyOf(t, slotGroupOf)!));
          await redis.srem(DELAYED_TOPICS_KEY, ...topics);
        }
      } finally {
        redis.disconnect();
      }
    },
  },
  {
    type: "pubsub.mqtt3",
    broker: "mqtt",
    register: recordMqttSessions,
    metadata: mqttMetadata,
    outage: () => mqttOutage(),
    features: ["SUBSCRIBE_WILDCARDS", "COMPETING_CONSUMERS", "PERSISTENT"],
    // Handlers are called in arrival order; persistent sessions (cleanSession false) keep a group's messages.
    ordering: true,
    durableGroups: true,
    dropTopics: dropMqttSessions,
  },
  {
    type: "pubsub.mqtt3",
    variant: "sharedSubscriptions false",
    broker: "mqtt",
    register: recordMqttSessions,
    metadata: { ...mqttMetadata, sharedSubscriptions: "false" },
    outage: () => mqttOutage({ sharedSubscriptions: "false" }),
    features: ["SUBSCRIBE_WILDCARDS", "PERSISTENT"],
    ordering: true,
    durableGroups: true,
    dropTopics: dropMqttSessions,
  },
  {
    type: "pubsub.rabbitmq",
    broker: "rabbitmq",
    // Our defaults, every feature on: confirms, persistent messages, durable queues kept while unused, requeue on failure.
    metadata: { connectionString: `amqp://guest:guest@${BROKERS.rabbitmq.host}:${BROKERS.rabbitmq.port}`, clientName: "runtimed-conformance" },
    outage: rabbitOutage,
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
    // The delay ladder's queue TTLs: RabbitMQ's timers, real time.
    delayedDelivery: { injectedClock: false },
    timeoutMs: 10_000,
    // The shared RabbitMQ outlives the run: each topic's exchange and its queues (`<consumerID>-<topic>`) go with the suite.
    dropTopics: async (topics) => {
      const { deleteRabbitMQTopics } = await import("../../support/rabbitmq.js");
      await deleteRabbitMQTopics(topics);
    },
  },
  {
    type: "pubsub.redis",
    variant: "cluster",
    // The private Redis Cluster that test/integration/redis-cluster.test.ts starts; its own, so nothing to drop.
    get metadata() {
      return { redisHost: runningRedisCluster().seeds, redisType: "cluster", redeliverInterval: "100ms", processingTimeout: "1s", maxLenApprox: "10000" };
    },
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
    delayedDelivery: { injectedClock: true },
    timeoutMs: 15_000,
  },
  {
    type: "pubsub.jetstream",
    broker: "nats",
    // A rejected message comes back after nakDelay; the suite's streams live in memory.
    metadata: { natsURL, nakDelay: "100ms", memoryStorage: "true", ackWait: "2s" },
    outage: natsOutage,
    features: ["MESSAGE_TTL", "PERSISTENT", "COMPETING_CONSUMERS"],
    // concurrency single (the default): one message at a time per subscription, in order.
    ordering: true,
    durableGroups: true,
    // The server redelivers a nak'ed message at its time: real time.
    delayedDelivery: { injectedClock: false },
    timeoutMs: 10_000,
    // The shared NATS outlives the run: each case's stream (the one holding its subject) goes with the suite.
    dropTopics: async (topics) => {
      const { connect } = await import("@nats-io/transport-node");
      const { jetstreamManager } = await import("@nats-io/jetstream");
      const nc = await connect({ servers: natsURL });
      try {
        const jsm = await jetstreamManager(nc);
        for (const topic of topics) {
          const stream = await jsm.streams.find(topic).catch(() => undefined);
          if (stream) await jsm.streams.delete(stream);
        }
      } finally {
        await nc.close();
      }
    },
  },
  {
    type: "pubsub.kafka",
    // The private single-node KRaft broker test/conformance/pubsub/kafka.test.ts starts. Four partitions per topic, so
    // two members of a group each get some; order is kept per partition (per key), not across the topic.
    get metadata() {
      return { brokers: runningKafka().bootstrap, authType: "none", disableTls: "true", initialOffset: "newest", topicPartitions: "4", consumeRetryInterval: "50ms", sessionTimeout: "6s", heartbeatInterval: "500ms", revocationTimeout: "5s" };
    },
    outage: kafkaOutage,
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"],
    durableGroups: true,
    // A delay topic and a mover group: the mover's timers wait in real time; Kafka counts offsets per partition of the
    // delay topic, not per destination.
    delayedDelivery: { injectedClock: false, pendingUnder: "runtime-delayed" },
    timeoutMs: 30_000,
  },
];
