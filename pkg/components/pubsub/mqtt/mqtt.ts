import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { MqttClient } from "mqtt";
import type { ComponentMetadata } from "../../metadata.js";
import { subscriptionConsumerId } from "../metadata.js";
import { parseBackOffFields, type RetryDefaults } from "../../../util/backoff.js";
import type { ActiveSubscription, MessageHandler, PubSubFeature, PublishRequest, RetryDefaultsProvider, SubscribeRequest } from "../types.js";
import { BrokerPubSub } from "../broker.js";
import { endMqtt } from "../../mqtt/connection.js";
import { connectClient, parseMqttMetadata, type MqttSettings } from "./metadata.js";
import { PendingAcks, WriteCoalescer } from "../coalescer.js";
import { NameClaims } from "../subscriptions.js";
import { SlotStore } from "./store.js";
import { MqttSubscription } from "./subscription.js";

/**
 * `pubsub.mqtt3` (alias `pubsub.mqtt`): MQTT 3.1.1 on mqtt.js, Dapr's metadata names.
 *
 * - Topics are used as given; a subscription may use `+` and `#` (SUBSCRIBE_WILDCARDS), and each
 *   message carries its concrete topic (PubSubMessage.topic, metadata `topic`), which the runtime puts
 *   in the CloudEvent it delivers.
 * - Replicas of an app compete: each subscription is `$share/<consumerID>/<topic>` (Mosquitto 2 does
 *   this for 3.1.1 clients too). Dapr's mqtt3 gives every replica every message; `sharedSubscriptions:
 *   false` restores that for brokers without shared subscriptions.
 * - At-least-once with QoS >= 1: a message is acknowledged (PUBACK) only once the handler resolved. With
 *   `cleanSession: false` (the default) and a stable client id (`<consumerID>-<hostname>-<topic hash>`),
 *   a restarted sidecar gets back what it left unacknowledged and what was published while it was away.
 *   Subscriptions are taken at QoS 1 even with `qos: 2`: a QoS 2 receipt (PUBREC) would hand the
 *   broker's responsibility over before the app has the message.
 *
 * Held messages, and why one poison message cannot stall a topic: the broker sends a client at most a
 * fixed number of unacknowledged messages (Mosquitto: `max_inflight_messages` 20) and MQTT 3.1.1 asks for
 * PUBACKs in the order messages arrived. Acknowledging in order would make one message the app keeps
 * refusing hold back every PUBACK behind it, and after 20 messages the broker would send nothing more.
 * So each message is acknowledged on its own, as soon as it is handled, out of order when need be
 * (Mosquitto matches a PUBACK by its packet id: checked); a refused message holds one in-flight slot
 * while the runtime retries it, and the others flow past it. The cost: a topic stalls only when as many messages as the broker's in-flight
 * limit are being retried at once, which only an unbounded retry policy allows; `backOffMaxRetries` (or
 * the subscription's `maxRetries`) with a `deadLetterTopic` bounds it, and a held message is never
 * acknowledged unless delivered, dropped on purpose or moved to the dead-letter topic. A message held
 * when the sidecar stops is left unacknowledged for the next session (cleanSession: true loses it with
 * the session, as the broker discards the session's in-flight messages).
 *
 * Known broker behaviour (Mosquitto 2.0, checked): a shared group's messages keep being shared out to a
 * member's persistent session while it is offline, and wait there until it returns; a replica that never
 * comes back under its client id (a Deployment's deleted pod) strands them until the broker expires the
 * session (`persistent_client_expiration`). Stable pod names (StatefulSet) or that broker setting avoid it.
 * An offline session queues at most `max_queued_messages` (1000) messages. Across its own restart
 * (with persistence) Mosquitto 2.0 restores sessions but not their `$share` subscriptions: every
 * reconnect subscribes again, and what is published between the broker's return and that SUBSCRIBE has
 * no subscriber (plain subscriptions, `sharedSubscriptions: false`, are restored and lose nothing).
 *
 * Publishing while the broker is away fails at once (the sidecar answers 500); connections come back
 * with a backoff (`reconnectInitialInterval` doubling to `reconnectMaxInterval`) and subscriptions resume.
 */
export class MqttPubSub extends BrokerPubSub<MqttSettings, MqttSubscription> implements RetryDefaultsProvider {
  private retry: RetryDefaults = {};
  private publisher?: MqttClient;
  private pending?: PendingAcks<number>;
  /** mqtt.js' options of every publish, made once (it copies them). */
  private publishOptions?: { qos: 0 | 1 | 2; retain: boolean };
  private nextPublish = 0;
  /**
   * The publishes of one event-loop turn leave in one socket write: mqtt.js writes each packet on its
   * own, so a batch runs its publishes inside one cork of the socket (mqtt-packet's own per-packet
   * cork nests inside).
   */
  private readonly writes = new WriteCoalescer<Outgoing>({ send: (batch) => this.send(batch) });

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseMqttMetadata(metadata, { appId: this.context.appId, env: this.context.env, namespace: this.context.namespace });
    this.retry = parseBackOffFields(metadata);
    this.settings = settings;
    // A password given in the URL is a secret like any secretKeyRef: it never reaches a log line.
    if (settings.password) this.context.redactor.add(settings.password);
    // The publisher keeps no session: a random suffix lets any number of sidecars publish for one app.
    const clientId = `${settings.consumerID}-pub-${randomUUID().slice(0, 8)}`;
    const pending = new PendingAcks<number>(settings.publishTimeoutMs, () => new Error(`MQTT broker ${settings.brokerUrl} did not acknowledge the message within ${settings.publishTimeoutMs}ms`));
    this.pending = pending;
    this.publishOptions = { qos: settings.qos, retain: settings.retain };
    const publisher = await connectClient(settings, this.context.logger, { clientId, clean: true, role: "publisher", extra: { outgoingStore: new SlotStore() } });
    publisher.on("close", () => pending.failAll(new Error(`connection to MQTT broker ${settings.brokerUrl} lost before it acknowledged the message`)));
    this.publisher = publisher;
  }

  features(): PubSubFeature[] {
    const s = this.settings;
    return ["SUBSCRIBE_WILDCARDS", ...(s?.sharedSubscriptions === false ? [] : (["COMPETING_CONSUMERS"] as const)), ...(s?.cleanSession ? [] : (["PERSISTENT"] as const))];
  }

  /** Outbound health reports the component while the publisher's connection is down (it reconnects with backoff). */
  healthy(): boolean {
    return this.publisher?.connected ?? false;
  }

  retryDefaults(): RetryDefaults {
    return this.retry;
  }

  /**
   * Resolves once the broker acknowledged (PUBACK), rejects on the publish timeout or a lost connection.
   * Not an async function, and each publish is one record until it is written: the request path runs
   * this once per message.
   */
  publish(request: PublishRequest): Promise<void> {
    const { publisher, settings, pending } = this;
    if (!publisher || !settings || !pending) return Promise.reject(new Error(`pubsub ${this.context.name} is not initialised`));
    const topic = request.topic;
    if (NOT_PUBLISHABLE.test(topic)) return Promise.reject(new Error(`topic ${JSON.stringify(topic)} cannot be published to: MQTT wildcards (+, #) and $-topics are for subscriptions`));
    if (!publisher.connected) return Promise.reject(new Error(`MQTT broker ${settings.brokerUrl} is not connected`));
    const key = this.nextPublish++;
    const acked = pending.wait(key);
    this.writes.push(new Outgoing(topic, request.data, key, pending));
    return acked;
  }

  /** A batch of publishes, in one cork of the socket. */
  private send(batch: Outgoing[]): void {
    const publisher = this.publisher;
    const options = this.publishOptions!;
    // Closed meanwhile: disconnect() failed every publish waiting.
    if (!publisher) return;
    const stream = publisher.stream as { cork?: () => void; uncork?: () => void } | undefined;
    stream?.cork?.();
    try {
      for (const outgoing of batch) {
        try {
          publisher.publish(outgoing.topic, outgoing.data, options, outgoing.done);
        } catch (error) {
          outgoing.done(error as Error);
        }
      }
    } finally {
      stream?.uncork?.();
    }
  }

  async subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    const { settings } = this.ready();
    const group = this.groupOf(request.metadata);
    const filter = settings.sharedSubscriptions ? `$share/${group}/${request.topic}` : request.topic;
    const clientId = clientIds.claim("", (i) => subscriberClientId(group, request.topic, i));
    const subscriber = new MqttSubscription({ settings, clientId, filter, topic: request.topic, handler, logger: this.context.logger });
    return this.track(request.topic, subscriber, signal, () => clientIds.release("", clientId));
  }

  protected async disconnect(): Promise<void> {
    this.pending?.close(new Error(`pubsub ${this.context.name} closed before the broker acknowledged the message`));
    const publisher = this.publisher;
    this.publisher = undefined;
    if (publisher) await endMqtt(publisher);
  }

  /**
   * The shared-subscription group: the subscription's consumerID (the runtime passes the app-id unless
   * the subscription names one), but a consumerID set on the component wins over the runtime's default.
   */
  private groupOf(metadata: Record<string, string>): string {
    const settings = this.configured();
    const requested = subscriptionConsumerId(metadata, this.context.appId);
    if (requested === undefined) return settings.consumerID;
    if (/[\s/+#]/.test(requested)) throw new Error(`consumerID ${JSON.stringify(requested)} must not contain whitespace, '/', '+' or '#'`);
    return requested;
  }

  private ready(): { settings: MqttSettings; publisher: MqttClient } {
    const settings = this.configured();
    if (!this.publisher) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { settings, publisher: this.publisher };
  }
}

/** MQTT wildcards and $-topics (the broker's own) can be subscribed to, not published to. */
const NOT_PUBLISHABLE = /^\$|[+#]/;

/** A publish until it is written; `done` is mqtt.js' callback, settling its wait at the PUBACK (or the error). */
class Outgoing {
  readonly done: (error?: Error | null) => void;

  constructor(
    readonly topic: string,
    readonly data: Buffer,
    key: number,
    pending: PendingAcks<number>,
  ) {
    this.done = (error) => pending.settle(key, error);
  }
}

/** Client ids in use in this process: two live subscriptions never share one (the broker would drop the older). */
const clientIds = new NameClaims();

/**
 * `<group>-<hostname>-<topic hash>[-n]`: the same in a restarted sidecar of the same pod, so its
 * persistent session (and what waits in it) is found again; `n` tells apart two subscriptions of one
 * group and topic in one process, the lowest free one taken, so a resubscription takes its session back.
 */
export function subscriberClientId(group: string, topic: string, index = 0, host = hostname()): string {
  const hash = createHash("sha256").update(topic).digest("hex").slice(0, 10);
  return `${group}-${host}-${hash}${index === 0 ? "" : `-${index}`}`;
}
