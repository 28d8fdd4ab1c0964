import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import type { Logger } from "../../../diagnostics/logger.js";
import type { MqttSettings } from "./metadata.js";

/**
 * One mqtt.js client with the component's TLS, credentials and a reconnect that backs off: the first
 * retry after `reconnectInitialMs`, doubling to `reconnectMaxMs`, reset once connected. mqtt.js only
 * knows a fixed `reconnectPeriod`, so it is adjusted between attempts.
 */
export function openClient(settings: MqttSettings, clientId: string, clean: boolean, role: string, logger: Logger, extra: Partial<IClientOptions> = {}): MqttClient {
  const options: IClientOptions = {
    clientId,
    clean,
    protocolVersion: 4,
    username: settings.username,
    password: settings.password,
    keepalive: settings.keepAliveSeconds,
    connectTimeout: settings.connectTimeoutMs,
    reconnectPeriod: settings.reconnectInitialMs,
    // A publish while the broker is away fails at once (500) instead of waiting in mqtt.js' queue.
    queueQoSZero: false,
    ca: settings.caCert,
    cert: settings.clientCert,
    key: settings.clientKey,
    ...extra,
  };
  const client = mqtt.connect(settings.brokerUrl, options);
  let healthy = true;
  client.on("connect", () => {
    // mqtt.js leaves Nagle's algorithm on: small PUBLISH/PUBACK packets then wait for the peer's delayed
    // ACK (up to 40ms) and set the delivery tail. TCP and TLS sockets have setNoDelay; a WebSocket does not.
    (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
    client.options.reconnectPeriod = settings.reconnectInitialMs;
    if (!healthy) logger.info(`MQTT connection (${role}) to ${settings.display} restored`);
    healthy = true;
  });
  client.on("close", () => {
    if (healthy && !client.disconnecting) logger.warn(`MQTT connection (${role}) to ${settings.display} lost; reconnecting`);
    healthy = false;
  });
  client.on("reconnect", () => {
    client.options.reconnectPeriod = Math.min((client.options.reconnectPeriod ?? settings.reconnectInitialMs) * 2, settings.reconnectMaxMs);
  });
  client.on("error", (error: Error) => {
    if (healthy) logger.warn(`MQTT connection (${role}) to ${settings.display}: ${error.message}`);
  });
  return client;
}

/** Resolves on the first CONNACK; rejects (and ends the client) when the broker refuses or cannot be reached in time. */
export function connected(client: MqttClient, settings: MqttSettings): Promise<void> {
  if (client.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      cleanup();
      client.end(true);
      reject(new Error(`cannot connect to MQTT broker ${settings.display}: ${why}`));
    };
    const onConnect = (): void => {
      cleanup();
      resolve();
    };
    const onError = (error: Error): void => {
      // A refused CONNACK (bad credentials, client id) will not get better by reconnecting.
      if ((error as { code?: unknown }).code !== undefined && typeof (error as { code?: unknown }).code === "number") fail(error.message);
    };
    const timer = setTimeout(() => fail(`no connection within ${settings.connectTimeoutMs}ms`), settings.connectTimeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      client.off("connect", onConnect);
      client.off("error", onError);
    };
    client.on("connect", onConnect);
    client.on("error", onError);
  });
}

/** Ends the client, waiting for the socket to close (bounded by `force` after a short while). */
export async function closeClient(client: MqttClient): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => client.end(true, () => resolve()), 2000);
    client.end(false, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
