import type { MetadataField } from "../../component.js";
import { MQTT_CONNECTION_FIELDS } from "../../mqtt/fields.js";

/** `bindings.mqtt3` metadata (components-contrib bindings/mqtt3/metadata.yaml), with runtimed's redelivery and timeouts. */
export const MQTT3_BINDING_FIELDS: readonly MetadataField[] = [
  ...MQTT_CONNECTION_FIELDS,
  { name: "topic", type: "string", required: true, description: "The topic the input subscribes to and create publishes to (a request's metadata.topic overrides it for create)" },
  { name: "consumerID", type: "string", required: true, description: "Client id prefix: the input connects as <consumerID>-consumer, the output as <consumerID>-producer" },
  { name: "retain", type: "bool", default: "false", description: "Publish with the retain flag" },
  { name: "cleanSession", type: "bool", default: "false", description: "Start the input without the broker's stored session; false keeps its subscription and queued messages across reconnects" },
  { name: "qos", type: "number", description: "Deprecated in Dapr and ignored: messages go and come at QoS 1" },
  { name: "backOffMaxRetries", type: "number", default: "-1", description: "How often an event the app did not take is handed over again before it is left unacknowledged (the broker resends it when the session reconnects); -1: until the app takes it" },
  { name: "redeliverInterval", type: "duration", default: "5s", description: "Wait before handing an event the app did not take over again" },
  { name: "connectTimeout", type: "duration", default: "10s", description: "How long connecting may take; also how long a publish waits for the broker's PUBACK" },
  { name: "direction", type: "enum", allowed: ["input", "output", "input, output"], description: "Which sides start; both by default" },
];
