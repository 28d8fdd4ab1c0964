import { setTimeout as sleep } from "node:timers/promises";
import type { Channel, ConsumeMessage } from "amqplib";
import type { Logger } from "../../../diagnostics/logger.js";
import type { ActiveSubscription, MessageHandler } from "../types.js";
import type { AmqpConnection } from "./connection.js";
import type { RabbitMQSettings } from "./metadata.js";
import { declareExchange, EXPIRES_AT_HEADER } from "./topology.js";

export interface QueueConsumerDeps {
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
const MAX_RETRY_MS = 5000;
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
export class QueueConsumer implements ActiveSubscription {
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly waiting: Array<{ channel: Channel; message: ConsumeMessage }> = [];
  private pumping = false;
  private loop: Promise<void> = Promise.resolve();
  private signal!: AbortSignal;

  constructor(private readonly deps: QueueConsumerDeps) {}

  /** Resolves once the queue is consuming (or the broker is down and the loop will consume once it is back). */
  async start(signal: AbortSignal): Promise<void> {
    this.signal = signal;
    const first = Promise.withResolvers<void>();
    this.loop = this.run(first);
    await first.promise;
  }

  async drained(): Promise<void> {
    await this.loop;
    await this.idle();
  }

  private idle(): Promise<void> {
    if (this.inFlight === 0 && !this.pumping) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settled(): void {
    if (this.inFlight === 0 && !this.pumping) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async run(first: PromiseWithResolvers<void>): Promise<void> {
    const { connection, logger, queue } = this.deps;
    let pending: PromiseWithResolvers<void> | undefined = first;
    let failures = 0;
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
        const closed = new Promise<void>((resolve) => channel!.once("close", resolve));
        channel.on("error", (error: Error) => logger.warn(`channel of queue ${queue}: ${error.message}`));
        await this.declare(channel);
        const { consumerTag } = await channel.consume(queue, (message) => this.onDelivery(channel!, message), { noAck: this.deps.settings.autoAck });
        if (failures > 0) logger.info(`consuming queue ${queue} again after ${failures} failed attempt(s)`);
        failures = 0;
        pending?.resolve();
        pending = undefined;
        await Promise.race([closed, aborted]);
        if (this.signal.aborted) {
          await this.stopConsuming(channel, consumerTag);
          return;
        }
        // What waits for its turn (single) came on the dead channel: the broker has requeued it, so it is not handled here twice.
        this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((w) => w.channel !== channel));
        logger.warn(`channel of queue ${queue} closed; consuming again`);
      } catch (error) {
        if (this.signal.aborted) break;
        await channel?.close().catch(() => undefined);
        if (pending) {
          pending.reject(new Error(`consuming queue ${queue}: ${(error as Error).message}`));
          return;
        }
        failures++;
        if (failures === 1) logger.warn(`consuming queue ${queue} failed: ${(error as Error).message}; retrying`);
      }
      await sleep(Math.min(100 * 2 ** Math.min(failures, 6), MAX_RETRY_MS), undefined, { signal: this.signal }).catch(() => undefined);
    }
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
  private async stopConsuming(channel: Channel, consumerTag: string): Promise<void> {
    await channel.cancel(consumerTag).catch(() => undefined);
    this.waiting.length = 0;
    await this.idle();
    await channel.close().catch(() => undefined);
  }

  private onDelivery(channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled the consumer (the queue was deleted): a new channel declares it again.
      this.deps.logger.warn(`queue ${this.deps.queue} cancelled its consumer; declaring it again`);
      void channel.close().catch(() => undefined);
      return;
    }
    if (this.deps.settings.concurrency === "single") {
      this.waiting.push({ channel, message });
      void this.pump();
      return;
    }
    this.inFlight++;
    void this.process(channel, message).finally(() => {
      this.inFlight--;
      this.settled();
    });
  }

  /** `concurrency: single`: one handler at a time, in delivery order. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let next = this.waiting.shift(); next; next = this.waiting.shift()) await this.process(next.channel, next.message);
    } finally {
      this.pumping = false;
      this.settled();
    }
  }

  private async process(channel: Channel, message: ConsumeMessage): Promise<void> {
    const { handler, topic, settings, logger, queue, now } = this.deps;
    const expiresAt = Number(message.properties.headers?.[EXPIRES_AT_HEADER]);
    if (Number.isFinite(expiresAt) && now() >= expiresAt) {
      // As RabbitMQ treats an expired message: rejected without requeue, so a DLX (enableDeadLetter) receives it.
      logger.debug(`a message of queue ${queue} expired (ttlInSeconds) before delivery; not delivered`);
      if (!settings.autoAck) settle(() => channel.nack(message, false, false), logger, queue);
      return;
    }
    try {
      await handler({
        topic,
        data: message.content,
        contentType: message.properties.contentType as string | undefined,
        metadata: message.fields.routingKey ? { routingKey: message.fields.routingKey } : {},
      });
    } catch (error) {
      if (settings.autoAck) return;
      const requeue = settings.requeueInFailure || this.signal.aborted;
      if (!this.signal.aborted) await sleep(message.fields.redelivered ? REQUEUE_PAUSE_REDELIVERED_MS : REQUEUE_PAUSE_MS, undefined, { signal: this.signal }).catch(() => undefined);
      logger.debug(`handler rejected a message of queue ${queue}: ${(error as Error).message}; ${requeue ? "requeued" : "rejected (requeueInFailure is false)"}`);
      settle(() => channel.nack(message, false, requeue), logger, queue);
      return;
    }
    if (!settings.autoAck) settle(() => channel.ack(message), logger, queue);
  }
}

/** An ack on a channel that closed meanwhile cannot be sent; the broker requeued the message already (a duplicate, never a loss). */
function settle(send: () => void, logger: Logger, queue: string): void {
  try {
    send();
  } catch (error) {
    logger.debug(`settling a message of queue ${queue}: ${(error as Error).message}; the broker delivers it again`);
  }
}

function lengthArgs(settings: RabbitMQSettings): Record<string, number> {
  const args: Record<string, number> = {};
  if (settings.maxLen > 0) args["x-max-length"] = settings.maxLen;
  if (settings.maxLenBytes > 0) args["x-max-length-bytes"] = settings.maxLenBytes;
  return args;
}
