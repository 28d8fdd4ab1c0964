import { setTimeout as sleep } from "node:timers/promises";
import type { Channel, ConsumeMessage } from "amqplib";
import type { Logger } from "../../../diagnostics/logger.js";
import { Backoff, pause, RETRY_DEFAULTS } from "../../../util/backoff.js";
import { HandlerPool } from "../pool.js";
import { deliver, type Settler } from "../subscriptions.js";
import type { ActiveSubscription, MessageHandler, PubSubMessage } from "../types.js";
import type { AmqpConnection } from "../../rabbitmq/connection.js";
import type { RabbitMQSettings } from "./metadata.js";
import { declareExchange, EXPIRES_AT_HEADER } from "./topology.js";
import { AckBatcher } from "./acks.js";

export interface RabbitMQSubscriptionDeps {
  connection: AmqpConnection;
  settings: RabbitMQSettings;
  topic: string;
  queue: string;
  routingKeys: string[];
  handler: MessageHandler;
  logger: Logger;
  now: () => number;
}

/** How long subscribe() waits for a connection that is down before it resolves and lets the loop finish the job. */
const FIRST_CONNECT_WAIT_MS = 5000;
/**
 * A rejected message goes back to the queue (nack, requeue) after this pause, longer if it was
 * already redelivered: the runtime retried it inline before rejecting, so this only keeps a
 * message that is refused at once (a stopping subscription, a failing dead-letter publish) from
 * spinning between broker and sidecar at full speed.
 */
const REQUEUE_PAUSE_MS = 100;
const REQUEUE_PAUSE_REDELIVERED_MS = 1000;

/**
 * One subscription: a channel of its own (its prefetch bounds what it holds), the exchange, the
 * queue `<consumerID>-<topic>` and its bindings declared as Dapr declares them, and a consumer that
 * acknowledges only after the handler resolved. When the channel or the connection is lost it sets
 * itself up again; unacknowledged messages return to the queue by the broker's doing, so nothing
 * accepted is lost (a message handled but not yet acknowledged comes again: a duplicate).
 */
export class RabbitMQSubscription implements ActiveSubscription {
  /** `concurrency: single` is one handler at a time in delivery order; parallel leaves the bound to prefetchCount and the runtime. */
  private readonly pool: HandlerPool<Delivery>;
  private loop: Promise<void> = Promise.resolve();
  private signal!: AbortSignal;

  constructor(private readonly deps: RabbitMQSubscriptionDeps) {
    this.pool = new HandlerPool({ concurrency: deps.settings.concurrency === "single" ? 1 : Infinity, handle: (d) => this.process(d) });
  }

  /** Resolves once the queue is consuming (or the broker is down and the loop will consume once it is back). */
  async start(signal: AbortSignal): Promise<void> {
    this.signal = signal;
    const first = Promise.withResolvers<void>();
    this.loop = this.run(first);
    await first.promise;
  }

  async drained(): Promise<void> {
    await this.loop;
    await this.pool.drained();
  }

  private async run(first: PromiseWithResolvers<void>): Promise<void> {
    const { connection, logger, queue } = this.deps;
    let pending: PromiseWithResolvers<void> | undefined = first;
    const backoff = new Backoff(RETRY_DEFAULTS.reconnect);
    const aborted = new Promise<void>((resolve) => this.signal.addEventListener("abort", () => resolve(), { once: true }));
    while (!this.signal.aborted) {
      let channel: Channel | undefined;
      try {
        const waitSignal = pending ? AbortSignal.any([this.signal, AbortSignal.timeout(FIRST_CONNECT_WAIT_MS)]) : this.signal;
        const model = await connection.connected(waitSignal).catch((error: unknown) => {
          if (pending && !this.signal.aborted) {
            logger.warn(`subscription to queue ${queue}: RabbitMQ is not reachable yet; it starts consuming once it is`);
            pending.resolve();
            pending = undefined;
            return connection.connected(this.signal);
          }
          throw error;
        });
        channel = await model.createChannel();
        const acks = new AckBatcher(channel, this.deps.settings.prefetchCount, (error) => logger.debug(`settling a message of queue ${queue}: ${error.message}; the broker delivers it again`));
        const state: ChannelState = { channel, open: true, acks };
        const closed = new Promise<void>((resolve) =>
          channel!.once("close", () => {
            state.open = false;
            acks.discard();
            resolve();
          }),
        );
        channel.on("error", (error: Error) => logger.warn(`channel of queue ${queue}: ${error.message}`));
        await this.declare(channel);
        const { consumerTag } = await channel.consume(queue, (message) => this.onDelivery(state, message), { noAck: this.deps.settings.autoAck });
        if (backoff.failures > 0) logger.info(`consuming queue ${queue} again after ${backoff.failures} failed attempt(s)`);
        backoff.reset();
        pending?.resolve();
        pending = undefined;
        await Promise.race([closed, aborted]);
        if (this.signal.aborted) {
          await this.stopConsuming(state, consumerTag);
          return;
        }
        logger.warn(`channel of queue ${queue} closed; consuming again`);
        await pause(RETRY_DEFAULTS.reconnect.initialMs, this.signal);
        continue;
      } catch (error) {
        if (this.signal.aborted) break;
        await channel?.close().catch(() => undefined);
        if (pending) {
          pending.reject(new Error(`consuming queue ${queue}: ${(error as Error).message}`));
          return;
        }
        if (backoff.failures === 0) logger.warn(`consuming queue ${queue} failed: ${(error as Error).message}; retrying`);
      }
      await pause(backoff.next(), this.signal);
    }
    this.pool.stop();
    pending?.resolve();
  }

  /** Exchange per topic, queue per consumer, as Dapr declares them, so a Dapr sidecar of the same app shares the queue. */
  private async declare(channel: Channel): Promise<void> {
    const { settings, topic, queue, routingKeys } = this.deps;
    await declareExchange(channel, topic, settings.exchangeKind);
    const args: Record<string, unknown> = {};
    if (settings.enableDeadLetter) {
      const dlx = `dlx-${queue}`;
      const dlq = `dlq-${queue}`;
      await declareExchange(channel, dlx, "fanout");
      await channel.assertQueue(dlq, { durable: true, autoDelete: settings.deletedWhenUnused, arguments: { ...lengthArgs(settings), "x-queue-mode": "lazy" } });
      await channel.bindQueue(dlq, dlx, "");
      args["x-dead-letter-exchange"] = dlx;
    }
    await channel.assertQueue(queue, { durable: settings.durable, autoDelete: settings.deletedWhenUnused, arguments: { ...args, ...lengthArgs(settings) } });
    for (const key of routingKeys) await channel.bindQueue(queue, topic, key);
    if (settings.prefetchCount > 0) await channel.prefetch(settings.prefetchCount);
  }

  /** No new deliveries, in-flight handlers finish and settle, then the channel closes: what it still held goes back to the queue. */
  private async stopConsuming({ channel, acks }: ChannelState, consumerTag: string): Promise<void> {
    await channel.cancel(consumerTag).catch(() => undefined);
    this.pool.stop();
    await this.pool.drained();
    acks.flush();
    await channel.close().catch(() => undefined);
  }

  private onDelivery(state: ChannelState, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled the consumer (the queue was deleted): a new channel declares it again.
      this.deps.logger.warn(`queue ${this.deps.queue} cancelled its consumer; declaring it again`);
      void state.channel.close().catch(() => undefined);
      return;
    }
    if (!this.deps.settings.autoAck) state.acks.delivered(message);
    this.pool.push({ state, message });
  }

  /** Not async, and its settler one object: a delivery's own promises and closures are a part of its CPU worth saving. */
  private process({ state, message }: Delivery): Promise<unknown> {
    // A message that waited its turn on a channel that died since: the broker requeued it, so it is not handled here twice.
    if (!state.open) return DONE;
    const { acks } = state;
    const { handler, topic, settings, logger, queue, now } = this.deps;
    const expiresAt = Number(message.properties.headers?.[EXPIRES_AT_HEADER]);
    if (Number.isFinite(expiresAt) && now() >= expiresAt) {
      // As RabbitMQ treats an expired message: rejected without requeue, so a DLX (enableDeadLetter) receives it.
      logger.debug(`a message of queue ${queue} expired (ttlInSeconds) before delivery; not delivered`);
      if (!settings.autoAck) acks.nack(message, false);
      return DONE;
    }
    const delivered: PubSubMessage = { topic, data: message.content, contentType: message.properties.contentType as string | undefined, metadata: message.fields.routingKey ? { routingKey: message.fields.routingKey } : {} };
    // autoAck: the broker settled each message when it sent it. No term: a message the runtime gave up is acknowledged, as Dapr's is.
    const settler: Settler = settings.autoAck ? SETTLED_BY_BROKER : new MessageSettler(this, acks, message);
    return deliver(handler, delivered, settler, () => (this.signal.aborted ? 0 : message.fields.redelivered ? REQUEUE_PAUSE_REDELIVERED_MS : REQUEUE_PAUSE_MS));
  }

  /** A message the handler failed goes back to the queue (or is rejected, per requeueInFailure) after `delayMs`. */
  async requeue(acks: AckBatcher, message: ConsumeMessage, delayMs: number): Promise<void> {
    const { settings, logger, queue } = this.deps;
    const requeue = settings.requeueInFailure || this.signal.aborted;
    if (delayMs > 0) await sleep(delayMs, undefined, { signal: this.signal }).catch(() => undefined);
    logger.debug(`a message of queue ${queue} goes back: ${requeue ? "requeued" : "rejected (requeueInFailure is false)"}`);
    acks.nack(message, requeue);
  }
}

const DONE: Promise<void> = Promise.resolve();
const SETTLED_BY_BROKER: Settler = { ack: () => undefined, nack: () => undefined };

/** One delivery's settling: acknowledged through the channel's batcher, or requeued by its subscription. */
class MessageSettler implements Settler {
  constructor(
    private readonly subscription: RabbitMQSubscription,
    private readonly acks: AckBatcher,
    private readonly message: ConsumeMessage,
  ) {}

  ack(): void {
    this.acks.ack(this.message);
  }

  nack(delayMs: number): Promise<void> {
    return this.subscription.requeue(this.acks, this.message, delayMs);
  }
}

interface ChannelState {
  channel: Channel;
  open: boolean;
  acks: AckBatcher;
}

interface Delivery {
  state: ChannelState;
  message: ConsumeMessage;
}

function lengthArgs(settings: RabbitMQSettings): Record<string, number> {
  const args: Record<string, number> = {};
  if (settings.maxLen > 0) args["x-max-length"] = settings.maxLen;
  if (settings.maxLenBytes > 0) args["x-max-length-bytes"] = settings.maxLenBytes;
  return args;
}
