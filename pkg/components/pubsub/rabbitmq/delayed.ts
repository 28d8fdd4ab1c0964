import { setTimeout as sleep } from "node:timers/promises";
import type { Channel, ConfirmChannel, Options } from "amqplib";
import type { Logger } from "../../../diagnostics/logger.js";
import type { AmqpConnection } from "../../rabbitmq/connection.js";
import { declareLadder, DELIVER_EXCHANGE, destinationWord, KEY_WORD, ladderKey, ticksOf, entryExchange, TICK_MS } from "./ladder.js";
import { EXPIRES_AT_HEADER } from "./topology.js";

/**
 * Delayed delivery on RabbitMQ without the delayed-message plugin: a message falls through the delay ladder
 * (ladder.ts), waiting in each level whose bit its delay has, and RabbitMQ dead-letters it at every step; under the
 * last level the deliver exchange hands it to its topic's exchange. Everything is in the broker: a 204 needs no
 * sidecar afterwards, and every queue it waits in was declared long before.
 *
 * The topic's own routing key rides along in the `BCC` header: RabbitMQ routes a message on its BCC keys as well
 * as on its routing key, keeps them through dead-lettering (a queue without `x-dead-letter-routing-key` re-routes
 * on the original keys), and strips the header before any consumer sees it. So the topic's exchange, whatever its
 * kind, routes the message on the key it was published with; no queue per routing key is needed.
 */

/**
 * How long a ladder that this sidecar has just created is left to settle before a message goes in: RabbitMQ 3.10
 * does not restart, after a crash, a quorum queue declared within about a second before it (measured: 0.4 s lost
 * its messages, 0.75 s kept them).
 */
export const SETTLE_MS = 2000;
const CONFIRM_TIMEOUT_MS = 10_000;
const RECONNECT_WAIT_MS = 3000;
/** Due times kept per topic for the pending count are pruned when a list grows past this (and at each count). */
const PRUNE_AT = 1024;

export interface DelayedMessage {
  topic: string;
  routingKey: string;
  data: Buffer;
  contentType?: string;
  deliverAt: number;
  expiresAt?: number;
}

export class DelayQueues {
  private publishes?: { generation: number; channel: Promise<ConfirmChannel> };
  private declares?: { generation: number; channel: Promise<Channel> };
  private ladder?: { generation: number; declared: Promise<void>; ready: Promise<void> };
  /** Topics bound under the deliver exchange on this connection. */
  private readonly destinations = new Map<string, { generation: number; ready: Promise<void> }>();
  /** Per topic, when each message this process held is due (the ladder is shared: its queue lengths are everyone's). */
  private readonly due = new Map<string, number[]>();

  constructor(
    private readonly connection: AmqpConnection,
    private readonly logger: Logger,
    private readonly now: () => number,
    private readonly declareExchange: (topic: string) => Promise<void>,
  ) {}

  /** Resolves once RabbitMQ confirmed the message into the ladder (persistent, whatever deliveryMode says). */
  async hold(message: DelayedMessage): Promise<void> {
    // The ladder's keys start with KEY_WORD: a topic key of that shape would be routed into the ladder a second time.
    if (message.routingKey === KEY_WORD || message.routingKey.startsWith(`${KEY_WORD}.`)) {
      throw new Error(`a delayed message's routingKey may not start with ${JSON.stringify(KEY_WORD)} (the delay ladder's own keys do), got ${JSON.stringify(message.routingKey)}`);
    }
    await this.ensureLadder();
    await this.ensureDestination(message.topic);
    const channel = await this.publishChannel();
    const now = this.now();
    const ticks = ticksOf(message.deliverAt - now);
    const key = ladderKey(ticks, destinationWord(message.topic));
    const headers: Record<string, unknown> = { BCC: [message.routingKey] };
    // The TTL counts from the publish: the header travels through every hop.
    if (message.expiresAt !== undefined) headers[EXPIRES_AT_HEADER] = message.expiresAt;
    const options: Options.Publish = { contentType: message.contentType, deliveryMode: 2, headers };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`RabbitMQ did not confirm the delayed message within ${CONFIRM_TIMEOUT_MS}ms`)), CONFIRM_TIMEOUT_MS);
      try {
        channel.publish(entryExchange(ticks), key, message.data, options, (error: unknown) => {
          clearTimeout(timer);
          if (error) reject(error instanceof Error ? error : new Error("RabbitMQ refused the delayed message (nack)"));
          else resolve();
        });
      } catch (error) {
        clearTimeout(timer);
        reject(error as Error);
      }
    });
    this.remember(message.topic, now + ticks * TICK_MS);
  }

  /**
   * Messages this process held that are not yet due, per topic. The ladder's queues are shared by every topic and
   * sidecar, so their lengths say nothing per topic; another sidecar counts its own, a restarted one starts at 0.
   */
  pending(): Promise<Array<{ topic: string; count: number }>> {
    const now = this.now();
    const counts: Array<{ topic: string; count: number }> = [];
    for (const [topic, times] of [...this.due]) {
      const left = times.filter((t) => t > now);
      if (left.length === 0) this.due.delete(topic);
      else {
        this.due.set(topic, left);
        counts.push({ topic, count: left.length });
      }
    }
    return Promise.resolve(counts);
  }

  async close(): Promise<void> {
    for (const holder of [this.publishes, this.declares]) {
      const channel = await holder?.channel.catch(() => undefined);
      await channel?.close().catch(() => undefined);
    }
    this.publishes = undefined;
    this.declares = undefined;
  }

  private remember(topic: string, dueAt: number): void {
    let times = this.due.get(topic);
    if (!times) this.due.set(topic, (times = []));
    times.push(dueAt);
    if (times.length % PRUNE_AT === 0) {
      const now = this.now();
      this.due.set(topic, times.filter((t) => t > now));
    }
  }

  /**
   * Started at init, so that on a new broker the settling wait is over before a first delayed publish (whose time
   * it could overrun), and declared again on each new connection: it may follow a broker restart (or a broker that
   * lost its data: then it settles again).
   */
  ensureLadder(): Promise<void> {
    return this.currentLadder().ready;
  }

  /**
   * Binds a subscribed topic under the ladder as soon as the ladder is declared rather than at its first delayed
   * message: RabbitMQ 3.10 also loses a binding declared shortly before a crash (a loaded node SIGKILLed 0.5 s after
   * the first delayed publish to a new topic came back without it, and those messages expired into the sink). A
   * subscription usually comes well before the first delayed message, which then finds the binding old. Waiting for
   * the binding to settle at publish instead would hold every topic's first delayed publish for seconds.
   */
  prepareTopic(topic: string): Promise<void> {
    return this.currentLadder().declared.then(() => this.ensureDestination(topic));
  }

  private currentLadder(): { generation: number; declared: Promise<void>; ready: Promise<void> } {
    const generation = this.connection.generation;
    if (this.ladder && this.ladder.generation === generation) return this.ladder;
    const fresh = (async () => declareLadder(await this.declareChannel(), (queue) => this.queueExists(queue)))();
    const ready = fresh.then(async (isFresh) => {
      if (!isFresh) return;
      this.logger.info(`declared the RabbitMQ delay ladder; waiting ${SETTLE_MS}ms before its first message`);
      await sleep(SETTLE_MS);
    });
    const declared = fresh.then(() => undefined);
    declared.catch(() => undefined);
    const holder = { generation, declared, ready };
    this.ladder = holder;
    ready.catch(() => this.ladder === holder && (this.ladder = undefined));
    return holder;
  }

  /** The topic's exchange (a message dead-lettered to a missing one is dropped), bound under the deliver exchange. */
  private ensureDestination(topic: string): Promise<void> {
    const generation = this.connection.generation;
    const known = this.destinations.get(topic);
    if (known && known.generation === generation) return known.ready;
    const ready = (async () => {
      await this.declareExchange(topic);
      const channel = await this.declareChannel();
      // An exchange-to-exchange binding: the topic's exchange then routes on the message's BCC key (or ignores keys).
      await channel.bindExchange(topic, DELIVER_EXCHANGE, `#.${destinationWord(topic)}`);
    })();
    const holder = { generation, ready };
    this.destinations.set(topic, holder);
    ready.catch(() => this.destinations.get(topic) === holder && this.destinations.delete(topic));
    return ready;
  }

  /** A passive check on a channel of its own: RabbitMQ closes the channel that asks for a missing queue. */
  private async queueExists(queue: string): Promise<boolean> {
    const model = await this.connection.connected(AbortSignal.timeout(RECONNECT_WAIT_MS));
    const channel = await model.createChannel();
    channel.on("error", () => undefined);
    try {
      await channel.checkQueue(queue);
      await channel.close().catch(() => undefined);
      return true;
    } catch {
      return false;
    }
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
