import { createHash } from "node:crypto";
import type { Channel, ConfirmChannel, Options } from "amqplib";
import type { Logger } from "../../../diagnostics/logger.js";
import type { AmqpConnection } from "../../rabbitmq/connection.js";
import { MAX_DELAY_MS } from "./metadata.js";
import { EXPIRES_AT_HEADER } from "./topology.js";

/**
 * Delayed delivery on RabbitMQ without the delayed-message plugin: a message waits in a delay queue
 * with a per-message TTL (`expiration`) of its remaining delay; when it expires, RabbitMQ dead-letters
 * it into the topic's exchange with the routing key it was published with, and the topic's queues
 * take it as any other message. Everything is in the broker: a 204 needs no sidecar afterwards.
 *
 * RabbitMQ expires only the message at the head of a queue, so one long delay would hold back shorter
 * ones behind it. Hence one queue per topic, routing key and due second: within a queue every message
 * is due within the same second, so none waits behind another for more than that second.
 *
 * The queues are quorum queues with `dead-letter-strategy: at-least-once` (RabbitMQ 3.10+): a classic
 * queue dead-letters at most once, and a broker crash mid-way could lose the message. A queue deletes
 * itself (`x-expires`) some minutes after its second, when it has long been empty.
 */

/** How long an empty delay queue outlives its due second. */
const QUEUE_GRACE_MS = 10 * 60_000;
const CONFIRM_TIMEOUT_MS = 10_000;
const RECONNECT_WAIT_MS = 3000;

export interface DelayedMessage {
  topic: string;
  routingKey: string;
  data: Buffer;
  contentType?: string;
  deliverAt: number;
  expiresAt?: number;
}

/** `runtime-delay.<topic>.<due second>[.<routing key hash>]`: the topic first, so an operator sees whose it is. */
export function delayQueueName(topic: string, routingKey: string, dueSecond: number): string {
  const key = routingKey === "" ? "" : `.${createHash("sha256").update(routingKey).digest("hex").slice(0, 12)}`;
  return `runtime-delay.${topic}.${dueSecond}${key}`;
}

export class DelayQueues {
  private publishes?: { generation: number; channel: Promise<ConfirmChannel> };
  private declares?: { generation: number; channel: Promise<Channel> };
  /** Queues declared by this process: name -> topic and due second (for the pending count). */
  private readonly declared = new Map<string, { topic: string; dueMs: number; generation: number; ready: Promise<void> }>();

  constructor(
    private readonly connection: AmqpConnection,
    private readonly logger: Logger,
    private readonly now: () => number,
    private readonly declareExchange: (topic: string) => Promise<void>,
  ) {}

  /** Resolves once RabbitMQ confirmed the message into its delay queue (persistent, whatever deliveryMode says). */
  async hold(message: DelayedMessage): Promise<void> {
    const dueSecond = Math.ceil(message.deliverAt / 1000);
    const queue = delayQueueName(message.topic, message.routingKey, dueSecond);
    // The exchange first: a dead-lettered message with no exchange to go to is dropped by RabbitMQ.
    await this.declareExchange(message.topic);
    await this.declareQueue(queue, message, dueSecond * 1000);
    const channel = await this.publishChannel();
    const options: Options.Publish = { contentType: message.contentType, deliveryMode: 2, expiration: String(Math.max(0, Math.min(MAX_DELAY_MS, Math.ceil(message.deliverAt - this.now())))) };
    // The TTL counts from the publish; RabbitMQ drops `expiration` on dead-lettering, the header stays.
    if (message.expiresAt !== undefined) options.headers = { [EXPIRES_AT_HEADER]: message.expiresAt };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`RabbitMQ did not confirm the delayed message within ${CONFIRM_TIMEOUT_MS}ms`)), CONFIRM_TIMEOUT_MS);
      try {
        channel.publish("", queue, message.data, options, (error: unknown) => {
          clearTimeout(timer);
          if (error) reject(error instanceof Error ? error : new Error("RabbitMQ refused the delayed message (nack)"));
          else resolve();
        });
      } catch (error) {
        clearTimeout(timer);
        reject(error as Error);
      }
    });
  }

  /** Messages in the delay queues this process declared, per topic (another sidecar's are counted by it). */
  async pending(): Promise<Array<{ topic: string; count: number }>> {
    const counts = new Map<string, number>();
    const now = this.now();
    for (const [queue, { topic, dueMs }] of [...this.declared]) {
      if (dueMs + QUEUE_GRACE_MS < now) {
        this.declared.delete(queue);
        continue;
      }
      const channel = await this.declareChannel();
      try {
        const { messageCount } = await channel.checkQueue(queue);
        counts.set(topic, (counts.get(topic) ?? 0) + messageCount);
      } catch {
        this.declared.delete(queue);
      }
    }
    return [...counts].map(([topic, count]) => ({ topic, count }));
  }

  async close(): Promise<void> {
    for (const holder of [this.publishes, this.declares]) {
      const channel = await holder?.channel.catch(() => undefined);
      await channel?.close().catch(() => undefined);
    }
    this.publishes = undefined;
    this.declares = undefined;
  }

  private declareQueue(queue: string, message: DelayedMessage, dueMs: number): Promise<void> {
    const known = this.declared.get(queue);
    // Declared again on a new connection: it may follow a broker restart.
    if (known && known.generation === this.connection.generation) return known.ready;
    const ready = (async () => {
      const channel = await this.declareChannel();
      const args = {
        "x-queue-type": "quorum",
        "x-dead-letter-exchange": message.topic,
        "x-dead-letter-routing-key": message.routingKey,
        "x-dead-letter-strategy": "at-least-once",
        "x-overflow": "reject-publish",
        "x-expires": Math.max(1, dueMs - this.now()) + QUEUE_GRACE_MS,
      };
      try {
        await channel.assertQueue(queue, { durable: true, arguments: args });
      } catch (error) {
        // Another declaration of this queue (another sidecar, an earlier run) set another x-expires: the
        // queue exists, with the same dead-letter target, and outlives its second as well.
        if (!/PRECONDITION_FAILED/.test((error as Error).message)) throw error;
        this.logger.debug(`delay queue ${queue} exists with other arguments: ${(error as Error).message}`);
      }
    })();
    this.declared.set(queue, { topic: message.topic, dueMs, generation: this.connection.generation, ready });
    ready.catch(() => this.declared.delete(queue));
    return ready;
  }

  private publishChannel(): Promise<ConfirmChannel> {
    if (this.publishes && this.publishes.generation === this.connection.generation) return this.publishes.channel;
    const channel = this.open((model) => model.createConfirmChannel());
    const holder = { generation: this.connection.generation, channel };
    this.publishes = holder;
    this.watch(channel, () => this.publishes === holder && (this.publishes = undefined));
    return channel;
  }

  /** Declarations on a channel of their own: a refused one closes its channel, never the publishes'. */
  private declareChannel(): Promise<Channel> {
    if (this.declares && this.declares.generation === this.connection.generation) return this.declares.channel;
    const channel = this.open((model) => model.createChannel());
    const holder = { generation: this.connection.generation, channel };
    this.declares = holder;
    this.watch(channel, () => this.declares === holder && (this.declares = undefined));
    return channel;
  }

  private async open<C extends Channel>(create: (model: Awaited<ReturnType<AmqpConnection["connected"]>>) => Promise<C>): Promise<C> {
    let model;
    try {
      model = await this.connection.connected(AbortSignal.timeout(RECONNECT_WAIT_MS));
    } catch {
      throw new Error(`not connected to RabbitMQ (waited ${RECONNECT_WAIT_MS}ms for the connection to come back)`);
    }
    return create(model);
  }

  private watch(opening: Promise<Channel>, forget: () => void): void {
    opening.then(
      (channel) => {
        channel.on("error", (error: Error) => this.logger.debug(`RabbitMQ delay channel: ${error.message}`));
        channel.once("close", forget);
      },
      forget,
    );
  }
}
