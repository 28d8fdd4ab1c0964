import type { ComponentMetadata } from "../metadata.js";

/**
 * How a RabbitMQ component reaches its broker, kind-neutral so that `bindings.rabbitmq` and
 * `pubsub.rabbitmq` read the address and the TLS fields alike (Dapr names them the same in both).
 */
export interface AmqpSettings {
  /** amqp:// or amqps:// URL, credentials included; never logged (see `safeUrl`). */
  url: string;
  /** The URL without its password, for messages. */
  safeUrl: string;
  /** PEM: the CA the broker's certificate must chain to, and the client certificate for mutual TLS. */
  ca?: string;
  cert?: string;
  key?: string;
  /** SASL EXTERNAL: the client certificate authenticates, not the URL's user and password. */
  saslExternal: boolean;
  /** AMQP heartbeat (seconds), unless the URL sets one; undefined: the broker's proposal. */
  heartbeatSeconds?: number;
  /** The connection's name in the management UI. */
  clientName?: string;
}

/** `text` as a URL, or the error naming `field` (the value is not echoed: it may carry a password). */
export function parseAmqpUrl(metadata: ComponentMetadata, field: string, text: string): URL {
  try {
    return new URL(text.trim());
  } catch {
    throw metadata.error(field, "must be a URL such as amqp://user:password@host:5672/vhost");
  }
}

/** The URL checked (amqp:// or amqps://, a host; each error names its field), and the same without its password. */
export function amqpAddress(metadata: ComponentMetadata, url: URL, fields: { protocol: string; host: string }): Pick<AmqpSettings, "url" | "safeUrl"> {
  if (url.protocol !== "amqp:" && url.protocol !== "amqps:") throw metadata.error(fields.protocol, `must use amqp:// or amqps://, got ${JSON.stringify(url.protocol.replace(/:$/, ""))}`);
  if (url.hostname === "") throw metadata.error(fields.host, "names no host");
  const safe = new URL(url.href);
  if (safe.password !== "") safe.password = "***";
  return { url: url.href, safeUrl: safe.href };
}

/** `caCert`, `clientCert` and `clientKey` as PEM text; the client certificate needs both halves. */
export function parseAmqpTls(metadata: ComponentMetadata): Pick<AmqpSettings, "ca" | "cert" | "key"> {
  const cert = metadata.pem("clientCert");
  const key = metadata.pem("clientKey");
  if ((cert === undefined) !== (key === undefined)) throw metadata.error(cert === undefined ? "clientCert" : "clientKey", "is required with the other half of the client certificate");
  return { ca: metadata.pem("caCert"), cert, key };
}

