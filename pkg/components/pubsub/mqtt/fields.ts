import type { MetadataField } from "../../component.js";
import { MQTT_CONNECTION_FIELDS } from "../../mqtt/fields.js";
import { BACKOFF_FIELDS } from "../fields.js";

export const FIELDS: readonly MetadataField[] = [
  ...MQTT_CONNECTION_FIELDS,
  { name: "consumerID", type: "string", description: "The shared-subscription group and client id prefix; may hold {uuid}, {podName}, {namespace}, {appID}. Default: the app-id." },
  { name: "qos", type: "number", default: "1", description: "Publish QoS (0, 1 or 2); subscriptions take at most 1." },
  { name: "retain", type: "bool", default: "false", description: "Publishes are retained by the broker." },
  { name: "cleanSession", type: "bool", default: "false", description: "false: a restarted sidecar gets back what it left unacknowledged." },
  { name: "sharedSubscriptions", type: "bool", default: "true", description: "Replicas compete through $share/<consumerID>/<topic>; false: each gets every message." },
  { name: "keepAlive", type: "number", default: "30", description: "MQTT keep-alive in seconds." },
  { name: "redeliverInterval", type: "duration", default: "1s", description: "How long a refused message waits before it is handed over again." },
  { name: "publishTimeout", type: "duration", default: "10s", description: "A publish the broker did not acknowledge by then fails (500)." },
  { name: "connectTimeout", type: "duration", default: "10s", description: "Connection timeout." },
  { name: "reconnectInitialInterval", type: "duration", default: "100ms", description: "The first reconnection wait." },
  { name: "reconnectMaxInterval", type: "duration", default: "5s", description: "The longest reconnection wait." },
  ...BACKOFF_FIELDS,
];
