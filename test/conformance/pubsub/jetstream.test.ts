import { Writable } from "node:stream";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { JetStreamPubSub } from "../../../pkg/components/pubsub/jetstream/jetstream.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { BROKERS, brokerAvailable } from "../../support/brokers.js";
import { runPubSubConformance } from "./suite.js";

// The shared NATS with JetStream on 127.0.0.1:4222; outside CI the suite is skipped (with a message) when it is down.
const natsUp = await brokerAvailable("nats");
const natsURL = `nats://${BROKERS.nats.host}:${BROKERS.nats.port}`;

function context(): ComponentContext {
  const redactor = new SecretRedactor();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return {
    name: "conformance",
    type: "pubsub.jetstream",
    appId: "conformance-app",
    logger: createLogger({ appId: "conformance-app", level: process.env.TEST_LOG_LEVEL === "debug" ? "debug" : "error", json: true, stream: process.env.TEST_LOG_LEVEL === "debug" ? process.stderr : sink }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

if (natsUp) {
  runPubSubConformance(
    "pubsub.jetstream",
    () =>
      Promise.resolve({
        pubsub: new JetStreamPubSub(context()),
        // A rejected message comes back after nakDelay; the suite's streams live in memory (removed after the suite anyway).
        metadata: ComponentMetadata.of("conformance", "pubsub.jetstream", { natsURL, nakDelay: "100ms", memoryStorage: "true" }),
      }),
    {
      ordering: true,
      durableGroups: true,
      timeoutMs: 10_000,
      // The shared server outlives the run: each test's streams (named after their subject) go with the suite.
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
  );
}
