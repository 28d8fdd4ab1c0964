import type { IPublishPacket, MqttClient } from "mqtt";
import type { Logger } from "../../../diagnostics/logger.js";
import { HandlerPool } from "../pool.js";
import { deliver } from "../subscriptions.js";
import type { ActiveSubscription, MessageHandler, PubSubMessage } from "../types.js";
import { endMqtt } from "../../mqtt/connection.js";
import { connectClient, type MqttSettings } from "./metadata.js";

export interface MqttSubscriptionDeps {
  settings: MqttSettings;
  clientId: string;
  /** What is sent in SUBSCRIBE: the topic, or `$share/<group>/<topic>`. */
  filter: string;
  /** The topic as the app declared it (for log lines). */
  topic: string;
  handler: MessageHandler;
  logger: Logger;
}

/**
 * One subscription on its own MQTT connection, so every message on it belongs to one handler (MQTT
 * 3.1.1 has no subscription identifiers to tell overlapping filters apart) and its session is keyed
 * by a client id stable across restarts.
 *
 * Messages are handed to the handler as they arrive, concurrently, and each is acknowledged (PUBACK)
 * on its own once its handler resolved. mqtt.js would acknowledge in order and process one packet at a
 * time: its `handleMessage` hook is answered at once (with an error, which makes it skip its own
 * PUBACK) and the PUBACK is sent here. A PUBACK is sent only on the connection the message came on: after
 * a reconnect the broker resends what was not acknowledged (persistent session), so a late one is
 * simply dropped.
 */
export class MqttSubscription implements ActiveSubscription {
  private client?: MqttClient;
  /** Bumped per CONNACK: a message's PUBACK is valid only on the connection that delivered it. */
  private generation = 0;
  private stopped = false;
  /** PUBACKs of this tick, written together at its end (ack()). */
  private acks: number[] = [];
  /** No bound of its own: the broker's in-flight limit bounds the messages held (the doc of MqttPubSub). */
  private readonly pool = new HandlerPool<Held>({ concurrency: Infinity, handle: (held) => this.deliver(held) });
  private readonly finished: Promise<void>;
  private finish!: () => void;

  constructor(private readonly options: MqttSubscriptionDeps) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  async start(signal: AbortSignal): Promise<void> {
    const { settings, clientId, filter, logger } = this.options;
    // mqtt.js resubscribes only when the broker lost the session; Mosquitto 2.0 restores a persistent
    // session after a restart but not its $share subscriptions, so every reconnect subscribes again
    // (idempotent: the broker replaces the subscription and keeps what it queued).
    const qos = Math.min(settings.qos, 1) as 0 | 1;
    try {
      const client = await connectClient(settings, logger, { clientId, clean: settings.cleanSession, role: `subscriber ${this.options.topic}`, extra: { resubscribe: false }, prepare: (c) => this.prepare(c, qos) });
      const granted = await client.subscribeAsync(filter, { qos });
      const refused = granted.find((g) => g.qos === 128);
      if (refused) throw new Error(`the broker refused the subscription to ${JSON.stringify(filter)}`);
    } catch (error) {
      this.stopped = true;
      this.client?.end(true);
      this.finish();
      throw error;
    }
    if (signal.aborted) void this.stop();
    else signal.addEventListener("abort", () => void this.stop(), { once: true });
  }

  drained(): Promise<void> {
    return this.finished;
  }

  /** Before the CONNACK: a session's unacknowledged messages may come in the same read (connectMqtt's `prepare`). */
  private prepare(client: MqttClient, qos: 0 | 1): void {
    const { filter, logger } = this.options;
    this.client = client;
    client.on("connect", () => {
      this.generation++;
      if (this.generation === 1 || this.stopped) return;
      client.subscribe(filter, { qos }, (error, granted) => {
        const why = error?.message ?? (granted?.some((g) => g.qos === 128) ? "the broker refused it" : undefined);
        if (why) logger.error(`resubscribing to ${JSON.stringify(filter)} after a reconnect failed: ${why}; messages of ${this.options.topic} are not delivered until the next reconnect`);
      });
    });
    client.handleMessage = (packet, callback): void => {
      this.receive(packet);
      // Any error makes mqtt.js skip its PUBACK and go on with the next packet.
      callback(HELD);
    };
  }

  /**
   * Stops handing messages over, waits for the handlers running, then closes the connection without
   * unsubscribing: with a persistent session the broker keeps the subscription and queues what comes
   * meanwhile, and resends what was left unacknowledged when the same client id returns.
   */
  private async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.pool.stop();
    await this.pool.drained();
    // The last handlers' PUBACKs leave before the DISCONNECT, not after the stream ended.
    this.flushAcks(this.client?.stream);
    if (this.client) await endMqtt(this.client);
    this.finish();
  }

  private receive(packet: IPublishPacket): void {
    // After the stop a message stays unacknowledged: the broker keeps it for the next session.
    if (this.stopped) return;
    const topic = packet.topic;
    const message: PubSubMessage = {
      topic,
      data: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
      metadata: packet.retain ? { topic, retained: "true" } : { topic },
    };
    this.pool.push({ message, messageId: packet.qos > 0 ? packet.messageId : undefined, generation: this.generation });
  }

  /**
   * A message answered at its first handing over (the usual case) costs one reaction: acknowledged on
   * resolve, whether delivered or given up (MQTT has no term), and only a rejection goes the retrying way.
   */
  private deliver(held: Held): Promise<void> {
    if (this.stopped) return Promise.resolve();
    let handled: Promise<unknown>;
    try {
      handled = this.options.handler(held.message);
    } catch (error) {
      handled = Promise.reject(error as Error);
    }
    return handled.then(
      () => this.ack(held.messageId, held.generation),
      (error: unknown) => this.redeliver(held, error),
    );
  }

  /**
   * The runtime retries with its own backoff and rejects only when it stops or cannot move a message
   * to its dead-letter topic; then the message is held here, unacknowledged, and handed over again
   * after `redeliverInterval`, since MQTT has no negative acknowledgement to make the broker resend it.
   */
  private async redeliver({ message, messageId, generation }: Held, error: unknown): Promise<void> {
    const { handler, logger, settings, topic } = this.options;
    const refused = (error: unknown): number => {
      if (!this.stopped) logger.warn(`message on ${message.topic} (subscription ${topic}) not processed, handing it over again in ${settings.redeliverIntervalMs}ms: ${(error as Error).message}`);
      return this.stopped ? 0 : settings.redeliverIntervalMs;
    };
    await this.pause(refused(error));
    // No term in MQTT: a message given up is acknowledged like a delivered one.
    const settler = { ack: () => this.ack(messageId, generation), nack: (delayMs: number) => this.pause(delayMs) };
    while (!this.stopped) {
      const outcome = await deliver(handler, message, settler, refused);
      if (outcome !== "retry") return;
    }
  }

  /**
   * The PUBACK of `messageId`, only on the connection that delivered it. Written as its four bytes
   * (MQTT 3.1.1: type, length 2, the id), the acks of one tick in one write: mqtt.js' own writer
   * spends some ten debug calls and a buffered write per field on a packet that never changes shape
   * (with the one-reaction delivery above: 17 to 13 KB allocated per delivered message, in-process).
   */
  private ack(messageId: number | undefined, generation: number): void {
    const client = this.client;
    if (messageId === undefined || !client?.connected || generation !== this.generation) return;
    if (this.acks.length === 0) process.nextTick(() => this.flushAcks(client.stream));
    this.acks.push(messageId);
  }

  /** Writes the PUBACKs waiting (on `stream`, the connection they were made on: no reconnect fits in one tick). */
  private flushAcks(stream: MqttClient["stream"] | undefined): void {
    const ids = this.acks;
    if (ids.length === 0 || !stream) return;
    this.acks = [];
    const packets = Buffer.allocUnsafe(ids.length * 4);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      packets[i * 4] = 0x40;
      packets[i * 4 + 1] = 2;
      packets[i * 4 + 2] = id >> 8;
      packets[i * 4 + 3] = id & 0xff;
    }
    // A stream closed meanwhile refuses the write: the broker resends what was not acknowledged.
    if (!stream.destroyed && !stream.writableEnded) stream.write(packets);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
    });
  }
}

const HELD = new Error("held until the handler settles");

/** A message handed over and not yet acknowledged; its PUBACK is valid only on connection `generation`. */
interface Held {
  message: PubSubMessage;
  messageId: number | undefined;
  generation: number;
}
