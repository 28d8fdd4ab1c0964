/**
 * What every broker's subscription needs between "a message arrived" and "the handler settled": a
 * queue, a bound on handlers running at once, a count of what is outstanding (for read-ahead and
 * backpressure), and `drained()` for the contract's stop (types.ts, ActiveSubscription).
 *
 * `handle` settles the message itself (acknowledge, or schedule a redelivery); a rejection of it is
 * reported to `onError` and otherwise dropped, so one bad message never stops the pool.
 */
export interface HandlerPoolOptions<T> {
  /** Handlers running at once; `Infinity` for none (the runtime bounds what the app sees). */
  concurrency: number;
  handle: (item: T) => Promise<unknown>;
  onError?: (error: unknown, item: T) => void;
}

export class HandlerPool<T> {
  private readonly queue: T[] = [];
  private running = 0;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];
  private changeWaiters: Array<() => void> = [];

  constructor(private readonly options: HandlerPoolOptions<T>) {}

  /** Handlers running now. */
  get inFlight(): number {
    return this.running;
  }

  /** Running plus waiting: what a reader counts against its read-ahead. */
  get outstanding(): number {
    return this.queue.length + this.running;
  }

  /** Queues an item; it starts as soon as a slot is free. Ignored once stopped. */
  push(item: T): void {
    if (this.stopped) return;
    this.queue.push(item);
    this.pump();
  }

  /**
   * Starts nothing more and drops what waits for a slot (the broker keeps those: they were never
   * acknowledged); running handlers go on, and `drained()` resolves when they settled.
   */
  stop(): T[] {
    this.stopped = true;
    const dropped = this.queue.splice(0);
    this.notifyChange();
    return dropped;
  }

  /** Resolves at the next change of `outstanding` that frees room (a handler settled) or at stop(). */
  changed(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.changeWaiters.push(resolve));
  }

  /** Resolves once no handler runs (at once when none does). */
  drained(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (!this.stopped && this.running < this.options.concurrency && this.queue.length > 0) {
      const item = this.queue.shift()!;
      this.running++;
      this.run(item);
    }
  }

  /** Not an async function: one reaction to the handler's promise settles the slot (a frame less per message). */
  private run(item: T): void {
    let handled: Promise<unknown>;
    try {
      handled = this.options.handle(item);
    } catch (error) {
      handled = Promise.reject(error as Error);
    }
    handled.then(
      () => this.settled(),
      (error: unknown) => {
        try {
          this.options.onError?.(error, item);
        } finally {
          this.settled();
        }
      },
    );
  }

  private settled(): void {
    this.running--;
    this.pump();
    this.notifyChange();
    if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private notifyChange(): void {
    for (const resolve of this.changeWaiters.splice(0)) resolve();
  }
}
