import { Writable } from "node:stream";
import mqtt from "mqtt";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { MqttPubSub, subscriberClientId } from "../../../pkg/components/pubsub/mqtt/mqtt.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { BROKERS, brokerAvailable } from "../../support/brokers.js";
import { runPubSubConformance } from "./suite.js";

// The shared Mosquitto on 127.0.0.1:1883 (anonymous; credentials in the URL are accepted and ignored).
const mqttUp = await brokerAvailable("mqtt");

function context(): ComponentContext {
  const redactor = new SecretRedactor();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return {
    name: "conformance",
    type: "pubsub.mqtt3",
    appId: "conformance-app",
    logger: createLogger({ appId: "conformance-app", level: process.env.TEST_LOG_LEVEL === "debug" ? "debug" : "error", json: true, stream: process.env.TEST_LOG_LEVEL === "debug" ? process.stderr : sink }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

/** The suite's (consumerID, topic) pairs: each left a persistent session on the shared broker. */
const sessions = new Map<string, { group: string; topic: string }>();

/** The component as it is, recording what it subscribed to so the sessions can be ended afterwards. */
class RecordingMqttPubSub extends MqttPubSub {
  override subscribe(...args: Parameters<MqttPubSub["subscribe"]>): ReturnType<MqttPubSub["subscribe"]> {
    const [request] = args;
    const group = request.metadata["consumerID"] ?? "conformance-app";
    sessions.set(JSON.stringify([group, request.topic]), { group, topic: request.topic });
    return super.subscribe(...args);
  }
}

/** Every session the suites left on the shared broker, ended with a clean connect once both ran. */
async function dropSessions(): Promise<void> {
  const { host, port } = BROKERS.mqtt;
  for (const { group, topic } of sessions.values()) {
    for (const index of [0, 1]) {
      const client = await mqtt.connectAsync(`mqtt://${host}:${port}`, { clientId: subscriberClientId(group, topic, index), clean: true, reconnectPeriod: 0 });
      await client.endAsync();
    }
  }
  sessions.clear();
}

if (mqttUp) {
  // Shared subscriptions (the default) and plain ones (sharedSubscriptions: false, for brokers without them).
  for (const shared of [true, false]) {
    runPubSubConformance(
      shared ? "pubsub.mqtt3" : "pubsub.mqtt3 (sharedSubscriptions: false)",
      () =>
        Promise.resolve({
          pubsub: new RecordingMqttPubSub(context()),
          metadata: ComponentMetadata.of("conformance", "pubsub.mqtt3", {
            url: `tcp://user:secret@${BROKERS.mqtt.host}:${BROKERS.mqtt.port}`,
            qos: "1",
            redeliverInterval: "100ms",
            sharedSubscriptions: String(shared),
          }),
        }),
      { ordering: true, durableGroups: true, timeoutMs: 10_000, dropTopics: dropSessions },
    );
  }
}
