import type { Logger } from "../../../diagnostics/logger.js";
import { HandlerPool } from "../pool.js";
import { deliver } from "../subscriptions.js";
import { isExpired, type Clock } from "../metadata.js";
import type { MessageHandler, PubSubMessage } from "../types.js";

export interface QueuedMessage {
  message: PubSubMessage;
  /** Epoch ms after which the message is dropped unread (ttlInSeconds). */
  expiresAt?: number;
}

export interface Subscriber {
  pool: HandlerPool<QueuedMessage>;
  drained(): Promise<void>;
}

/**
 * One consumer group of one topic: a FIFO queue handed round-robin to the attached subscribers.
 * Handlers are called in queue order without waiting for the previous one: bounding concurrency is the
 * runtime's job (per-subscription limits), and a message being retried must not block the others.
 */
export class ConsumerGroup {
  private readonly queue: QueuedMessage[] = [];
  private readonly subscribers: Subscriber[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private next = 0;
  private scheduled = false;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly redeliveryDelayMs: number,
    private readonly now: Clock,
    private readonly logger?: Logger,
  ) {}

  size(): number {
    return this.queue.length;
  }

  enqueue(message: QueuedMessage): void {
    this.queue.push(message);
    this.schedule();
  }

  attach(handler: MessageHandler): Subscriber {
    const pool = new HandlerPool<QueuedMessage>({
      concurrency: Number.POSITIVE_INFINITY,
      // Nothing to settle with a broker: a refused message goes back to the queue, anything else is done.
      handle: (queued) => deliver(handler, { ...queued.message, metadata: { ...queued.message.metadata } }, { ack: () => undefined, nack: () => this.redeliver(queued) }, () => this.redeliveryDelayMs),
    });
    const subscriber: Subscriber = { pool, drained: () => pool.drained() };
    this.subscribers.push(subscriber);
    this.schedule();
    return subscriber;
  }

  detach(subscriber: Subscriber): void {
    const index = this.subscribers.indexOf(subscriber);
    if (index >= 0) this.subscribers.splice(index, 1);
  }

  close(): void {
    this.closed = true;
    this.subscribers.length = 0;
    this.queue.length = 0;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Delivery runs on a later tick, so `publish` resolves before any handler runs. */
  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (!this.closed && this.queue.length > 0 && this.subscribers.length > 0) {
      const queued = this.queue.shift()!;
      if (isExpired(queued.expiresAt, this.now())) {
        this.logger?.debug("dropping expired message", { topic: queued.message.topic });
        continue;
      }
      const subscriber = this.subscribers[this.next++ % this.subscribers.length]!;
      subscriber.pool.push(queued);
    }
  }

  /** At-least-once: a rejected message goes back to the head of the queue after a short pause. */
  private redeliver(queued: QueuedMessage): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      this.queue.unshift(queued);
      this.schedule();
    }, this.redeliveryDelayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
