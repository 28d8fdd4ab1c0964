import type { Channel, ConfirmChannel, Options } from "amqplib";
import type { Logger } from "../../../diagnostics/logger.js";
import type { AmqpConnection } from "../../rabbitmq/connection.js";
import type { RabbitMQSettings } from "./metadata.js";
import { declareExchange, EXPIRES_AT_HEADER } from "./topology.js";

/** How long a publish waits for a lost connection to come back before it fails (500, the client retries). */
const RECONNECT_WAIT_MS = 3000;
/** A confirm that does not come is a failed publish (500), never a hang. */
const CONFIRM_TIMEOUT_MS = 10_000;
/** The largest per-message expiration RabbitMQ accepts (its timers' range, 2^32 - 1 ms). */
const MAX_EXPIRATION_MS = 4_294_967_295;

export interface OutgoingMessage {
  data: Buffer;
  contentType?: string;
  routingKey: string;
  /** Per-message TTL in milliseconds. */
  ttlMs?: number;
}

/**
 * Publishes on one channel shared by all publishes (a confirm channel unless `publisherConfirm` is
 * false): a publish resolves only once the broker confirmed it, which is what lets the API answer
 * 204 (spec endpoint 1, note 1). A channel or connection lost mid-way fails the waiting publishes;
 * the next publish opens a new channel.
 */
export class Publisher {
  private channel?: Promise<Channel>;
  private channelGeneration = -1;
  private readonly exchanges = new Map<string, Promise<void>>();
  /** The open channel, once `channel` resolved, and the topics whose exchange it declared: a publish to one of them sends at once. */
  private open?: Channel;
  private readonly declared = new Set<string>();

  constructor(
    private readonly connection: AmqpConnection,
    private readonly settings: RabbitMQSettings,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  /** One message; resolves once confirmed. */
  publish(topic: string, message: OutgoingMessage): Promise<void> {
    const channel = this.readyNow(topic);
    if (channel) return this.send(channel, topic, message);
    return this.ready(topic).then((opened) => this.send(opened, topic, message));
  }

  /** Every message on the same channel, confirms awaited together; the result lists the errors by index (undefined: confirmed). */
  async publishAll(topic: string, messages: OutgoingMessage[]): Promise<Array<Error | undefined>> {
    const channel = this.readyNow(topic) ?? (await this.ready(topic));
    return Promise.all(messages.map((m) => this.send(channel, topic, m).then(() => undefined, (error: unknown) => error as Error)));
  }

  /** The topic's exchange, declared once per channel (a delayed message is dead-lettered into it). */
  async ensureExchange(topic: string): Promise<void> {
    await this.ready(topic);
  }

  async close(): Promise<void> {
    const channel = this.channel;
    this.forget();
    const open = await channel?.catch(() => undefined);
    // Outstanding confirms are waited for by their publishes; closing the channel fails what is left.
    await open?.close().catch(() => undefined);
  }

  /**
   * The channel when it is open on the live connection and has declared the topic's exchange; else undefined,
   * and `ready` gets there. Most publishes find it so, and skip the two awaits of `ready` (a publish's
   * promises and microtask hops are a part of its CPU worth saving).
   */
  private readyNow(topic: string): Channel | undefined {
    if (this.open === undefined || this.channelGeneration !== this.connection.generation || !this.declared.has(topic)) return undefined;
    return this.open;
  }

  private async ready(topic: string): Promise<Channel> {
    const channel = await this.openChannel();
    let declared = this.exchanges.get(topic);
    if (!declared) {
      const declaring = declareExchange(channel, topic, this.settings.exchangeKind);
      declared = declaring;
      this.exchanges.set(topic, declaring);
      declaring.then(
        () => {
          if (this.exchanges.get(topic) === declaring) this.declared.add(topic);
        },
        () => this.exchanges.delete(topic),
      );
    }
    await declared;
    return channel;
  }

  private openChannel(): Promise<Channel> {
    if (this.channel && this.channelGeneration === this.connection.generation) return this.channel;
    this.forget();
    this.channelGeneration = this.connection.generation;
    const opening = this.createChannel();
    this.channel = opening;
    opening.then(
      (channel) => {
        channel.on("error", (error: Error) => this.logger.warn(`RabbitMQ publish channel: ${error.message}`));
        channel.once("close", () => {
          // A channel error (e.g. an exchange of another kind) closes only the channel: the next publish opens another.
          if (this.channel === opening) this.forget();
        });
        if (this.channel === opening) this.open = channel;
      },
      () => {
        if (this.channel === opening) this.channel = undefined;
      },
    );
    return opening;
  }

  /** No channel: the next publish opens one and declares its exchanges again. */
  private forget(): void {
    this.channel = undefined;
    this.open = undefined;
    this.exchanges.clear();
    this.declared.clear();
  }

  private async createChannel(): Promise<Channel> {
    let model;
    try {
      model = await this.connection.connected(AbortSignal.timeout(RECONNECT_WAIT_MS));
    } catch {
      throw new Error(`not connected to RabbitMQ at ${this.settings.safeUrl} (waited ${RECONNECT_WAIT_MS}ms for the connection to come back)`);
    }
    return this.settings.publisherConfirm ? model.createConfirmChannel() : model.createChannel();
  }

  private send(channel: Channel, topic: string, message: OutgoingMessage): Promise<void> {
    const options: Options.Publish = { contentType: message.contentType };
    if (this.settings.deliveryMode !== 0) options.deliveryMode = this.settings.deliveryMode;
    const ttlMs = message.ttlMs ?? this.settings.defaultTtlMs;
    if (ttlMs !== undefined) {
      // RabbitMQ refuses (and closes the channel on) an expiration that is not a whole number of ms or
      // exceeds its timer range; beyond that the header's deadline, checked on delivery, does the expiring.
      if (ttlMs <= MAX_EXPIRATION_MS) options.expiration = String(Math.ceil(ttlMs));
      options.headers = { [EXPIRES_AT_HEADER]: this.now() + ttlMs };
    }
    if (!this.settings.publisherConfirm) {
      try {
        channel.publish(topic, message.routingKey, message.data, options);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`RabbitMQ did not confirm the message within ${CONFIRM_TIMEOUT_MS}ms`)), CONFIRM_TIMEOUT_MS);
      try {
        (channel as ConfirmChannel).publish(topic, message.routingKey, message.data, options, (error: unknown) => {
          clearTimeout(timer);
          if (error) reject(error instanceof Error ? error : new Error(`RabbitMQ refused the message (nack)`));
          else resolve();
        });
      } catch (error) {
        clearTimeout(timer);
        reject(error as Error);
      }
    });
  }
}
