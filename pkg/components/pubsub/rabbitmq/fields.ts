import type { MetadataField } from "../../component.js";
import { AMQP_TLS_FIELDS } from "../../rabbitmq/fields.js";
import { CONSUMER_ID_FIELD, MAX_DELIVERY_DELAY_FIELD } from "../fields.js";

export const FIELDS: readonly MetadataField[] = [
  { name: "connectionString", type: "string", sensitive: true, aliases: ["host"], description: "amqp(s)://user:password@host:port/vhost; else built from protocol, hostname, username and password." },
  { name: "protocol", type: "string", default: "amqp", description: "With hostname, when connectionString is not set." },
  { name: "hostname", type: "string", default: "localhost", description: "The broker's host (and port), when connectionString is not set." },
  { name: "username", type: "string", description: "With hostname." },
  { name: "password", type: "string", sensitive: true, description: "With hostname." },
  CONSUMER_ID_FIELD,
  { name: "durable", type: "bool", default: "true", description: "Queues survive a broker restart." },
  { name: "deletedWhenUnused", type: "bool", default: "false", description: "A queue goes when its last consumer does." },
  { name: "deliveryMode", type: "number", default: "2", description: "2: messages are persistent; 0 or 1: transient." },
  { name: "requeueInFailure", type: "bool", default: "true", description: "A refused message goes back to the queue (else it is rejected, to the dead-letter exchange if any)." },
  { name: "prefetchCount", type: "number", default: "1000", description: "Unacknowledged messages a subscription holds; 0: no bound." },
  { name: "publisherConfirm", type: "bool", default: "true", description: "A publish answers only once the broker confirmed it." },
  { name: "autoAck", type: "bool", default: "false", description: "The broker forgets each message when it sends it (at-most-once)." },
  { name: "concurrencyMode", type: "enum", allowed: ["single", "parallel"], default: "parallel", aliases: ["concurrency"], description: "single: one message at a time per subscription, in order." },
  { name: "exchangeKind", type: "enum", allowed: ["fanout", "topic", "direct", "headers"], default: "fanout", description: "The kind of each topic's exchange." },
  { name: "ttlInSeconds", type: "number", default: "0", description: "Expiry of messages published without their own TTL; 0: none." },
  { name: "enableDeadLetter", type: "bool", default: "false", description: "Declares dlx-<queue> and dlq-<queue> for rejected and expired messages." },
  { name: "maxLen", type: "number", default: "0", description: "Queue length bound (x-max-length); 0: none." },
  { name: "maxLenBytes", type: "number", default: "0", description: "Queue size bound in bytes (x-max-length-bytes); 0: none." },
  { name: "reconnectWaitSeconds", type: "number", default: "3", description: "The longest wait between reconnection attempts." },
  { name: "heartBeat", type: "duration", default: "10s", description: "AMQP heartbeat interval." },
  { name: "clientName", type: "string", description: "The connection name the broker shows." },
  ...AMQP_TLS_FIELDS,
  { name: "saslExternal", type: "bool", default: "false", description: "Authenticate with the client certificate (SASL EXTERNAL)." },
  { ...MAX_DELIVERY_DELAY_FIELD, description: `${MAX_DELIVERY_DELAY_FIELD.description} At most about 49 days (RabbitMQ's per-message expiration range).` },
];
