import type { PubSubFeature } from "../../../pkg/components/pubsub/types.js";
import { BROKERS } from "../../support/brokers.js";
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
  /** Upper bound for each wait (ms). Default 10000. */
  timeoutMs?: number;
  /** Removes what the suite's topics left on a shared broker (once, after the last case). */
  dropTopics?: (topics: string[]) => Promise<void>;
}

const redisHost = `${BROKERS.redis.host}:${BROKERS.redis.port}`;

export const PUBSUB_TARGETS: readonly PubSubTarget[] = [
  {
    type: "pubsub.in-memory",
    metadata: { redeliveryDelay: "10ms" },
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
    timeoutMs: 5000,
  },
  {
    type: "pubsub.redis",
    broker: "redis",
    // A rejected entry comes back after redeliverInterval, one left by a stopped subscriber after processingTimeout.
    metadata: { redisHost, redeliverInterval: "100ms", processingTimeout: "1s", maxLenApprox: "10000" },
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
    timeoutMs: 15_000,
    // The shared Redis outlives the run: each case's streams go with the suite.
    dropTopics: async (topics) => {
      const { Redis } = await import("ioredis");
      const redis = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, lazyConnect: true });
      try {
        await redis.connect();
        if (topics.length > 0) await redis.del(...topics);
      } finally {
        redis.disconnect();
      }
    },
  },
  {
    type: "pubsub.rabbitmq",
    broker: "rabbitmq",
    // Our defaults, every feature on: confirms, persistent messages, durable queues kept while unused, requeue on failure.
    metadata: { connectionString: `amqp://guest:guest@${BROKERS.rabbitmq.host}:${BROKERS.rabbitmq.port}`, clientName: "runtimed-conformance" },
    features: ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"],
    ordering: true,
    durableGroups: true,
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
    timeoutMs: 15_000,
  },
];
