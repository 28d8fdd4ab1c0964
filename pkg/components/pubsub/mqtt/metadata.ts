import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { ComponentMetadata } from "../../metadata.js";

/** Typed settings of a `pubsub.mqtt3` component (Dapr's metadata names, so Dapr manifests work unchanged). */
export interface MqttSettings {
  /** The broker URL as mqtt.js takes it: `mqtt://`, `mqtts://`, `ws://` or `wss://`, credentials removed. */
  brokerUrl: string;
  /** For log lines and errors: the URL without credentials. */
  display: string;
  username?: string;
  password?: string;
  /** Client id prefix and default shared-subscription group; the app id unless set. */
  consumerID: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  cleanSession: boolean;
  caCert?: string;
  clientCert?: string;
  clientKey?: string;
  /** `$share/<consumerID>/<topic>`: replicas compete. Off for brokers without shared subscriptions. */
  sharedSubscriptions: boolean;
  /** A message whose handler rejected is handed to it again after this long (it stays unacknowledged meanwhile). */
  redeliverIntervalMs: number;
  /** A publish not acknowledged by the broker within this long fails (500) rather than hangs. */
  publishTimeoutMs: number;
  /** Reconnect backoff: first wait, doubled per failed attempt up to the max. */
  reconnectInitialMs: number;
  reconnectMaxMs: number;
  connectTimeoutMs: number;
  keepAliveSeconds: number;
}

/** Dapr's URL schemes mapped onto mqtt.js' protocols (components-contrib mqtt3 takes tcp/ssl/ws). */
const SCHEMES: Record<string, string> = {
  "tcp:": "mqtt:",
  "mqtt:": "mqtt:",
  "ssl:": "mqtts:",
  "tls:": "mqtts:",
  "mqtts:": "mqtts:",
  "ws:": "ws:",
  "wss:": "wss:",
};

/** What Dapr's `{uuid}`, `{podName}`, `{namespace}` and `{appID}` tags in consumerID stand for. */
export interface MqttIdentity {
  appId: string;
  env: Readonly<Record<string, string | undefined>>;
  namespace?: string;
}

export function parseMqttMetadata(metadata: ComponentMetadata, identity: MqttIdentity): MqttSettings {
  const { brokerUrl, display, username, password } = parseUrl(metadata, metadata.requireString("url"));
  const consumerID = expandTags(metadata.string("consumerID") ?? identity.appId, identity).trim();
  // `/`, `+` and `#` would change the meaning of `$share/<consumerID>/<topic>`.
  if (consumerID === "" || /[\s/+#]/.test(consumerID)) throw metadata.error("consumerID", `must be a name without whitespace, '/', '+' or '#', got ${JSON.stringify(consumerID)}`);
  const clientCert = metadata.string("clientCert");
  const clientKey = metadata.string("clientKey");
  if ((clientCert === undefined) !== (clientKey === undefined)) throw metadata.error(clientCert === undefined ? "clientCert" : "clientKey", "is required when the other of clientCert/clientKey is set");
  const reconnectInitialMs = metadata.durationMs("reconnectInitialInterval", 100);
  const reconnectMaxMs = metadata.durationMs("reconnectMaxInterval", 5000);
  if (reconnectInitialMs <= 0) throw metadata.error("reconnectInitialInterval", "must be greater than 0");
  if (reconnectMaxMs < reconnectInitialMs) throw metadata.error("reconnectMaxInterval", "must not be below reconnectInitialInterval");
  return {
    brokerUrl,
    display,
    username,
    password,
    consumerID,
    qos: metadata.int("qos", 1, { min: 0, max: 2 }) as 0 | 1 | 2,
    retain: metadata.bool("retain", false),
    cleanSession: metadata.bool("cleanSession", false),
    caCert: metadata.string("caCert"),
    clientCert,
    clientKey,
    sharedSubscriptions: metadata.bool("sharedSubscriptions", true),
    redeliverIntervalMs: positive(metadata, "redeliverInterval", 1000),
    publishTimeoutMs: positive(metadata, "publishTimeout", 10_000),
    reconnectInitialMs,
    reconnectMaxMs,
    connectTimeoutMs: positive(metadata, "connectTimeout", 10_000),
    keepAliveSeconds: metadata.int("keepAlive", 30, { min: 0, max: 65_535 }),
  };
}

/** Dapr's metadata tags, as its runtime expands them (`{uuid}` is new at every start). */
function expandTags(value: string, identity: MqttIdentity): string {
  return value
    .replaceAll("{uuid}", () => randomUUID())
    .replaceAll("{podName}", () => identity.env["POD_NAME"] ?? identity.env["HOSTNAME"] ?? hostname())
    .replaceAll("{namespace}", () => identity.namespace ?? identity.env["NAMESPACE"] ?? "default")
    .replaceAll("{appID}", () => identity.appId);
}

function parseUrl(metadata: ComponentMetadata, value: string): Pick<MqttSettings, "brokerUrl" | "display" | "username" | "password"> {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    // The value is not echoed: it may carry a password.
    throw metadata.error("url", "must be a URL such as tcp://host:1883");
  }
  const protocol = SCHEMES[url.protocol];
  if (!protocol) throw metadata.error("url", `has scheme ${JSON.stringify(url.protocol.slice(0, -1))}; use one of ${Object.keys(SCHEMES).map((s) => s.slice(0, -1)).join(", ")}`);
  if (url.hostname === "") throw metadata.error("url", "names no host");
  const username = url.username === "" ? undefined : decodeURIComponent(url.username);
  const password = url.password === "" ? undefined : decodeURIComponent(url.password);
  const ws = protocol === "ws:" || protocol === "wss:";
  const hostPort = url.port === "" ? url.hostname : `${url.hostname}:${url.port}`;
  // mqtt.js reads the port from the URL and defaults it per protocol; ws keeps its path (default /mqtt there).
  const path = ws && url.pathname !== "/" ? url.pathname + url.search : "";
  const brokerUrl = `${protocol}//${hostPort}${path}`;
  return { brokerUrl, display: brokerUrl, username, password };
}

function positive(metadata: ComponentMetadata, field: string, fallbackMs: number): number {
  const value = metadata.durationMs(field, fallbackMs);
  if (value <= 0) throw metadata.error(field, "must be greater than 0");
  return value;
}
