import type { MetadataField } from "../../component.js";
import { KAFKA_CONNECTION_FIELDS } from "../../pubsub/kafka/fields.js";

/** `bindings.kafka` metadata (components-contrib `bindings/kafka/metadata.yaml`): pubsub.kafka's connection fields and the topics. */
export const KAFKA_BINDING_FIELDS: readonly MetadataField[] = [
  ...KAFKA_CONNECTION_FIELDS,
  { name: "topics", type: "string", description: "Input: comma-separated topics to read; without it the binding has no input side." },
  { name: "consumerGroup", type: "string", aliases: ["consumerID"], description: "Input: the consumer group; default the app id." },
  { name: "publishTopic", type: "string", description: "Output: the topic `create` publishes to; without it the binding has no output side." },
  { name: "direction", type: "string", description: "input, output or both (comma-separated): which sides the runtime starts." },
];
