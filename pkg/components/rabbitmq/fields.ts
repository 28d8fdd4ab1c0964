import type { MetadataField } from "../component.js";

/** The TLS fields every RabbitMQ component reads (settings.ts parseAmqpTls). */
export const AMQP_TLS_FIELDS: readonly MetadataField[] = [
  { name: "caCert", type: "string", description: "CA certificate (PEM) the broker's must chain to" },
  { name: "clientCert", type: "string", description: "Client certificate (PEM) for mutual TLS, with clientKey" },
  { name: "clientKey", type: "string", sensitive: true, description: "Client key (PEM) for mutual TLS, with clientCert" },
];
