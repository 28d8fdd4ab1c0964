import type { IClientOptions, MqttClient } from "mqtt";
import type { Logger } from "../../diagnostics/logger.js";
import type { ComponentMetadata } from "../metadata.js";

/**
 * How an MQTT component reaches its broker, from Dapr's metadata names (`url` with optional
 * credentials, `caCert`, `clientCert`, `clientKey` as PEM), kind-neutral so that bindings and pub/sub
 * can read them alike.
 */
export interface MqttConnectionSettings {
  /** mqtt.js' form: `mqtt://`, `mqtts://`, `ws://` or `wss://`, without credentials. */
  brokerUrl: string;
  username?: string;
  password?: string;
  ca?: string;
  cert?: string;
  key?: string;
}

/** Dapr's schemes (paho's tcp/ssl/ws and the mqtt names) onto mqtt.js' protocols. */
const PROTOCOLS: Readonly<Record<string, string>> = { "tcp:": "mqtt:", "mqtt:": "mqtt:", "ssl:": "mqtts:", "tls:": "mqtts:", "tcps:": "mqtts:", "mqtts:": "mqtts:", "ws:": "ws:", "wss:": "wss:" };

export function parseMqttConnection(metadata: ComponentMetadata): MqttConnectionSettings {
  let url: URL;
  try {
    url = new URL(metadata.requireString("url").trim());
  } catch (error) {
    if ((error as Error).name === "MetadataError") throw error;
    // Not echoed: the value may carry a password.
    throw metadata.error("url", "must be a URL such as tcp://host:1883");
  }
  const protocol = PROTOCOLS[url.protocol];
  if (!protocol) throw metadata.error("url", `has scheme ${JSON.stringify(url.protocol.slice(0, -1))}; use one of ${Object.keys(PROTOCOLS).map((p) => p.slice(0, -1)).join(", ")}`);
  if (url.hostname === "") throw metadata.error("url", "names no host");
  const websocket = protocol === "ws:" || protocol === "wss:";
  const path = websocket && url.pathname !== "/" ? url.pathname + url.search : "";
  const cert = metadata.pem("clientCert");
  const key = metadata.pem("clientKey");
  if ((cert === undefined) !== (key === undefined)) throw metadata.error(cert === undefined ? "clientCert" : "clientKey", "is required with the other half of the client certificate");
  return {
    brokerUrl: `${protocol}//${url.host}${path}`,
    username: url.username === "" ? undefined : decodeURIComponent(url.username),
    password: url.password === "" ? undefined : decodeURIComponent(url.password),
    ca: metadata.pem("caCert"),
    cert,
    key,
  };
}

export interface MqttClientOptions {
  clientId: string;
  clean: boolean;
  /** What the connection is for, in log lines. */
  role: string;
  logger: Logger;
  connectTimeoutMs: number;
  /** Reconnection: the first wait, doubled per failed attempt up to the second (mqtt.js only knows a fixed period, adjusted between attempts). */
  reconnectMs: [number, number];
  extra?: Partial<IClientOptions>;
  /**
   * Called on the client before it connects. A session's unacknowledged messages arrive right after the
   * CONNACK, in the same read as it may be: a `handleMessage` set once the connection is awaited would
   * miss them (mqtt.js' default acknowledges them unprocessed).
   */
  prepare?: (client: MqttClient) => void;
}

/** Connects (MQTT 3.1.1) and keeps reconnecting with backoff; resolves on the first CONNACK, rejects when the broker refuses or is not reached in time. */
export async function connectMqtt(settings: MqttConnectionSettings, options: MqttClientOptions): Promise<MqttClient> {
  const { default: mqtt } = await import("mqtt");
  const [firstMs, maxMs] = options.reconnectMs;
  const client = mqtt.connect(settings.brokerUrl, {
    clientId: options.clientId,
    clean: options.clean,
    protocolVersion: 4,
    username: settings.username,
    password: settings.password,
    ca: settings.ca,
    cert: settings.cert,
    key: settings.key,
    connectTimeout: options.connectTimeoutMs,
    reconnectPeriod: firstMs,
    // A publish while the broker is away fails at once instead of waiting in mqtt.js' queue.
    queueQoSZero: false,
    ...options.extra,
  });
  options.prepare?.(client);
  let up = false;
  client.on("connect", () => {
    // mqtt.js leaves Nagle's algorithm on: small PUBLISH/PUBACK packets then wait for the peer's delayed
    // ACK (up to 40ms) and set the delivery tail. TCP and TLS sockets have setNoDelay; a WebSocket does not.
    (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
    client.options.reconnectPeriod = firstMs;
    if (!up) options.logger.info(`MQTT ${options.role} connected to ${settings.brokerUrl}`);
    up = true;
  });
  client.on("reconnect", () => {
    client.options.reconnectPeriod = Math.min((client.options.reconnectPeriod ?? firstMs) * 2, maxMs);
  });
  client.on("close", () => {
    if (up && !client.disconnecting) options.logger.warn(`MQTT ${options.role} lost its connection to ${settings.brokerUrl}; reconnecting`);
    up = false;
  });
  client.on("error", (error) => options.logger.debug(`MQTT ${options.role}: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string): void => {
      done();
      client.end(true);
      reject(new Error(`cannot connect to MQTT broker ${settings.brokerUrl}: ${why}`));
    };
    const onConnect = (): void => (done(), resolve());
    // A refused CONNACK (a numeric code: credentials, client id) does not get better by reconnecting.
    const onError = (error: Error & { code?: unknown }): void => (typeof error.code === "number" ? fail(error.message) : undefined);
    const timer = setTimeout(() => fail(`no connection within ${options.connectTimeoutMs}ms`), options.connectTimeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      client.off("connect", onConnect);
      client.off("error", onError);
    };
    client.on("connect", onConnect);
    client.on("error", onError);
  });
  return client;
}

/** Ends the client gracefully, forcing it after two seconds. */
export async function endMqtt(client: MqttClient): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => client.end(true, () => resolve()), 2000);
    client.end(false, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
