import type { MetadataField } from "../component.js";

/** The connection fields every MQTT component reads (connection.ts parseMqttConnection). */
export const MQTT_CONNECTION_FIELDS: readonly MetadataField[] = [
  { name: "url", type: "string", required: true, sensitive: true, description: "Broker URL: tcp:// or mqtt://, ssl:// tls:// tcps:// or mqtts://, ws:// or wss://; user:password@ in it are the credentials" },
  { name: "caCert", type: "string", description: "CA certificate (PEM) the broker's must chain to" },
  { name: "clientCert", type: "string", description: "Client certificate (PEM) for mutual TLS, with clientKey" },
  { name: "clientKey", type: "string", sensitive: true, description: "Client key (PEM) for mutual TLS, with clientCert" },
];
