import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { IClientOptions, MqttClient } from "mqtt";
import type { Logger } from "../../../diagnostics/logger.js";
import type { ComponentMetadata } from "../../metadata.js";
import { connectMqtt, parseMqttConnection, type MqttClientOptions, type MqttConnectionSettings } from "../../mqtt/connection.js";
import { positiveDurationMs } from "../metadata.js";

/**
 * Typed settings of a `pubsub.mqtt3` component (Dapr's metadata names, so Dapr manifests work
 * unchanged); how it reaches the broker (`url`, TLS) is read as the MQTT binding reads it.
 */
export interface MqttSettings extends MqttConnectionSettings {
  /** Client id prefix and default shared-subscription group; the app id unless set. */
  consumerID: string;
  qos: 0 | 1 | 2;
  retain: boolean;
  cleanSession: boolean;
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
  /**
   * mqtt.js' own debug lines (the `debug` package, `DEBUG=mqttjs*`): off unless DEBUG is set. Even
   * disabled, each of its some 30 calls per message builds an argument array (KBs per message).
   */
  clientDebugLog: boolean;
}

/** What Dapr's `{uuid}`, `{podName}`, `{namespace}` and `{appID}` tags in consumerID stand for. */
export interface MqttIdentity {
  appId: string;
  env: Readonly<Record<string, string | undefined>>;
  namespace?: string;
}

export function parseMqttMetadata(metadata: ComponentMetadata, identity: MqttIdentity): MqttSettings {
  const connection = parseMqttConnection(metadata);
  const consumerID = expandTags(metadata.string("consumerID") ?? identity.appId, identity).trim();
  // `/`, `+` and `#` would change the meaning of `$share/<consumerID>/<topic>`.
  if (consumerID === "" || /[\s/+#]/.test(consumerID)) throw metadata.error("consumerID", `must be a name without whitespace, '/', '+' or '#', got ${JSON.stringify(consumerID)}`);
  const reconnectInitialMs = positiveDurationMs(metadata, "reconnectInitialInterval", 100);
  const reconnectMaxMs = metadata.durationMs("reconnectMaxInterval", 5000);
  if (reconnectMaxMs < reconnectInitialMs) throw metadata.error("reconnectMaxInterval", "must not be below reconnectInitialInterval");
  return {
    ...connection,
    consumerID,
    qos: metadata.int("qos", 1, { min: 0, max: 2 }) as 0 | 1 | 2,
    retain: metadata.bool("retain", false),
    cleanSession: metadata.bool("cleanSession", false),
    sharedSubscriptions: metadata.bool("sharedSubscriptions", true),
    redeliverIntervalMs: positiveDurationMs(metadata, "redeliverInterval", 1000),
    publishTimeoutMs: positiveDurationMs(metadata, "publishTimeout", 10_000),
    reconnectInitialMs,
    reconnectMaxMs,
    connectTimeoutMs: positiveDurationMs(metadata, "connectTimeout", 10_000),
    keepAliveSeconds: metadata.int("keepAlive", 30, { min: 0, max: 65_535 }),
    clientDebugLog: (identity.env["DEBUG"] ?? "") !== "",
  };
}

/** Connects one client of the component (the publisher, or a subscription's own). */
export function connectClient(settings: MqttSettings, logger: Logger, options: Pick<MqttClientOptions, "clientId" | "clean" | "role" | "extra" | "prepare">): Promise<MqttClient> {
  // reschedulePings: mqtt.js would move the keepalive timer at every PUBACK it receives (a clearTimeout and a
  // new timer and closure per publish, measured); off, a PINGREQ goes every keepAlive seconds whatever the
  // traffic, and a missing PINGRESP still ends the connection as before.
  const extra: Partial<IClientOptions> = { keepalive: settings.keepAliveSeconds, reschedulePings: false, ...(settings.clientDebugLog ? {} : { log: noLog }), ...options.extra };
  return connectMqtt(settings, { ...options, extra, logger, connectTimeoutMs: settings.connectTimeoutMs, reconnectMs: [settings.reconnectInitialMs, settings.reconnectMaxMs] });
}

const noLog = (): void => undefined;

/** Dapr's metadata tags, as its runtime expands them (`{uuid}` is new at every start). */
function expandTags(value: string, identity: MqttIdentity): string {
  return value
    .replaceAll("{uuid}", () => randomUUID())
    .replaceAll("{podName}", () => identity.env["POD_NAME"] ?? identity.env["HOSTNAME"] ?? hostname())
    .replaceAll("{namespace}", () => identity.namespace ?? identity.env["NAMESPACE"] ?? "default")
    .replaceAll("{appID}", () => identity.appId);
}
