import { Writable } from "node:stream";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { RabbitMQPubSub } from "../../../pkg/components/pubsub/rabbitmq/rabbitmq.js";
import type { ActiveSubscription, MessageHandler, SubscribeRequest } from "../../../pkg/components/pubsub/types.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { BROKERS, brokerAvailable } from "../../support/brokers.js";
import { deleteRabbitMQ } from "../../support/rabbitmq.js";
import { runPubSubConformance } from "./suite.js";

// The real RabbitMQ on 127.0.0.1:5672 (guest/guest); outside CI the suite is skipped (with a message) when it is down.
const rabbitUp = await brokerAvailable("rabbitmq");

function context(): ComponentContext {
  const redactor = new SecretRedactor();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const debug = process.env.TEST_LOG_LEVEL === "debug";
  return {
    name: "conformance",
    type: "pubsub.rabbitmq",
    appId: "conformance-app",
    logger: createLogger({ appId: "conformance-app", level: debug ? "debug" : "error", json: true, stream: debug ? process.stderr : sink }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

/** The queues the suite's subscriptions declared (`<consumerID>-<topic>`), so the shared broker is left as found. */
const queues = new Set<string>();

class RecordingRabbitMQ extends RabbitMQPubSub {
  override subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    queues.add(`${request.metadata["consumerID"]}-${request.topic}`);
    return super.subscribe(request, handler, signal);
  }
}

if (rabbitUp) {
  runPubSubConformance(
    "pubsub.rabbitmq",
    () =>
      Promise.resolve({
        pubsub: new RecordingRabbitMQ(context()),
        // Our defaults: confirms, persistent messages, durable queues kept while unused, requeue on failure.
        metadata: ComponentMetadata.of("conformance", "pubsub.rabbitmq", {
          connectionString: `amqp://guest:guest@${BROKERS.rabbitmq.host}:${BROKERS.rabbitmq.port}`,
          clientName: "runtimed-conformance",
        }),
      }),
    {
      ordering: true,
      durableGroups: true,
      timeoutMs: 10_000,
      dropTopics: (topics) => deleteRabbitMQ({ exchanges: topics, queues: [...queues] }),
    },
  );
}
