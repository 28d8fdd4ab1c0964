import type { MetadataField } from "../../component.js";
import { AMQP_TLS_FIELDS } from "../../rabbitmq/fields.js";

/** `bindings.rabbitmq` metadata (components-contrib bindings/rabbitmq/metadata.yaml). */
export const RABBITMQ_BINDING_FIELDS: readonly MetadataField[] = [
  { name: "host", type: "string", required: true, sensitive: true, description: "The AMQP URL: amqp://user:password@host:5672/vhost, or amqps:// for TLS" },
  { name: "queueName", type: "string", required: true, description: "The queue the input consumes and create publishes to (through the default exchange); declared at init" },
  { name: "durable", type: "bool", default: "false", description: "Declare the queue durable (it survives a broker restart)" },
  { name: "deleteWhenUnused", type: "bool", default: "false", description: "Declare the queue auto-delete (removed once its last consumer leaves)" },
  { name: "exclusive", type: "bool", default: "false", description: "Declare the queue exclusive to this connection" },
  { name: "prefetchCount", type: "number", default: "0", description: "Messages the input holds unacknowledged at once; 0: no limit" },
  { name: "maxPriority", type: "number", description: "Declare a priority queue with priorities 0..maxPriority (at most 255); a request's metadata.priority sets a message's" },
  { name: "ttlInSeconds", type: "number", aliases: ["ttl"], description: "The queue's message TTL (x-message-ttl), in seconds; a request's metadata.ttlInSeconds sets a message's" },
  { name: "contentType", type: "string", default: "text/plain", description: "Content type of published messages; a request's metadata.contentType overrides it" },
  { name: "reconnectWaitInSeconds", type: "duration", default: "5", description: "Wait between reconnection attempts after the connection is lost (a bare number is seconds)" },
  ...AMQP_TLS_FIELDS,
  { name: "externalSasl", type: "bool", aliases: ["saslExternal"], default: "false", description: "Authenticate with SASL EXTERNAL (the client certificate) instead of the URL's user and password" },
  { name: "direction", type: "enum", allowed: ["input", "output", "input, output"], description: "Which sides start; both by default" },
];
