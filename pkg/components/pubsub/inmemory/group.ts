import type { Logger } from "../../../diagnostics/logger.js";
import { isExpired, type Clock } from "../metadata.js";
import type { MessageHandler, PubSubMessage } from "../types.js";

export interface QueuedMessage {
  message: PubSubMessage;
  /** Epoch ms after which the message is dropped unread (ttlInSeconds). */
  expiresAt?: number;
}

/**
 * One attached handler and the messages it holds. There is nothing to settle with a broker and no bound to
 * keep (the runtime bounds what the app sees), so a message goes straight to the handler: a rejection puts it
 * back in the queue, anything else is done (what deliver() in ../subscriptions.ts maps for a broker). No
 * handler pool or settler per message: this is the whole of the in-memory broker's delivery work.
 */
export class Subscriber {
  private running = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly handler: MessageHandler,
    private readonly redeliver: (queued: QueuedMessage) => void,
  ) {}

  take(queued: QueuedMessage): void {
    this.running++;
    // The handler's own copy: what it does to the message never reaches a redelivery.
    const copy: PubSubMessage = { ...queued.message, metadata: { ...queued.message.metadata } };
    let handled: Promise<unknown>;
    try {
      handled = Promise.resolve(this.handler(copy));
    } catch (error) {
      handled = Promise.reject(error);
    }
    handled.then(
      () => this.settled(),
      () => {
        this.redeliver(queued);
        this.settled();
      },
    );
  }

  /** Resolves once no handler runs (at once when none does). */
  drained(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settled(): void {
    if (--this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
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
    const subscriber = new Subscriber(handler, (queued) => this.redeliver(queued));
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
      subscriber.take(queued);
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
