import { Writable } from "node:stream";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { RedisStreamsPubSub } from "../../../pkg/components/pubsub/redis/redis.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { BROKERS, brokerAvailable } from "../../support/brokers.js";
import { runPubSubConformance } from "./suite.js";

// The real Redis on 127.0.0.1:6379; outside CI the suite is skipped (with a message) when it is down.
const redisUp = await brokerAvailable("redis");

function context(): ComponentContext {
  const redactor = new SecretRedactor();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return {
    name: "conformance",
    type: "pubsub.redis",
    appId: "conformance-app",
    logger: createLogger({ appId: "conformance-app", level: process.env.TEST_LOG_LEVEL === "debug" ? "debug" : "error", json: true, stream: process.env.TEST_LOG_LEVEL === "debug" ? process.stderr : sink }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

if (redisUp) {
  runPubSubConformance(
    "pubsub.redis",
    () =>
      Promise.resolve({
        pubsub: new RedisStreamsPubSub(context()),
        // Short intervals: a rejected entry comes back after redeliverInterval, one left by a stopped subscriber after processingTimeout.
        metadata: ComponentMetadata.of("conformance", "pubsub.redis", {
          redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}`,
          redeliverInterval: "100ms",
          processingTimeout: "1s",
          maxLenApprox: "10000",
        }),
      }),
    {
      ordering: true,
      durableGroups: true,
      timeoutMs: 15_000,
      // The shared Redis outlives the run: each test's streams go with the suite.
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
  );
}
