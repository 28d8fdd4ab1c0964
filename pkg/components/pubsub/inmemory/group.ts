import type { Logger } from "../../../diagnostics/logger.js";
import type { MessageHandler, PubSubMessage } from "../types.js";

export interface QueuedMessage {
  message: PubSubMessage;
  /** Epoch ms after which the message is dropped unread (ttlInSeconds). */
  expiresAt?: number;
}

export interface Subscriber {
  handler: MessageHandler;
  inFlight: Set<Promise<void>>;
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
    const inFlight = new Set<Promise<void>>();
    const subscriber: Subscriber = {
      handler,
      inFlight,
      drained: async () => {
        while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      },
    };
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
      if (queued.expiresAt !== undefined && Date.now() >= queued.expiresAt) {
        this.logger?.debug("dropping expired message", { topic: queued.message.topic });
        continue;
      }
      const subscriber = this.subscribers[this.next++ % this.subscribers.length]!;
      this.deliver(subscriber, queued);
    }
  }

  private deliver(subscriber: Subscriber, queued: QueuedMessage): void {
    const copy: PubSubMessage = { ...queued.message, metadata: { ...queued.message.metadata } };
    const attempt = (async (): Promise<void> => {
      try {
        await subscriber.handler(copy);
      } catch {
        this.redeliver(queued);
      }
    })();
    subscriber.inFlight.add(attempt);
    void attempt.finally(() => subscriber.inFlight.delete(attempt));
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
