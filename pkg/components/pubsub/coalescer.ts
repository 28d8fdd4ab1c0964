/**
 * Coalesces a broker connection's writes (Nagle's idea without its timer): publishes and acks issued
 * from separate HTTP requests or handlers would each cost a socket write (a syscall, and a wake-up of
 * the broker); here what is issued while the connection is busy waits for the end of the event-loop
 * turn and leaves as one batch. A lone write (`alone`: nothing else awaits an answer) goes at once.
 * With `turns: 2` a batch also waits out the next turn, gathering the requests read in it, unless it
 * already holds `fullAt` items. Each broker says what a batch is on its wire (a Redis pipeline, NATS
 * writes flushed together, MQTT packets in one corked write).
 */
export class WriteCoalescer<T> {
  private queue: T[] = [];

  constructor(private readonly options: { send: (batch: T[]) => void; turns?: 1 | 2; fullAt?: number }) {}

  /** Sends `item` now when `alone` and nothing waits, else with the next batch. */
  push(item: T, alone = false): void {
    if (alone && this.queue.length === 0) return this.options.send([item]);
    this.queue.push(item);
    if (this.queue.length > 1) return;
    const { turns = 1, fullAt = Number.POSITIVE_INFINITY } = this.options;
    setImmediate(() => (turns === 1 || this.queue.length >= fullAt ? this.flush() : setImmediate(() => this.flush())));
  }

  /** Sends what waits now (before the connection closes). */
  flush(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) this.options.send(batch);
  }
}

/** A batch of writes that are calls on a client: each runs; one that throws (the connection closed) is the broker's to redeliver or the caller's to time out. */
export function runEach(batch: Array<() => void>): void {
  for (const write of batch) {
    try {
      write();
    } catch {
      // An ack not sent means a redelivery, never a loss; a publish not sent fails on its own timeout.
    }
  }
}

/**
 * Publishes waiting for the broker's acknowledgement, with one timer for them all (a timer per
 * publish costs throughput): a sweep fails those older than the timeout, and a lost connection fails
 * them at once (the caller gets its 500 now, not after the timeout). All share one timeout, so the
 * map's order is the order of their deadlines.
 */
export class PendingAcks<K> {
  private readonly waiting = new Map<K, { resolve: () => void; reject: (error: Error) => void; sentAt: number }>();
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly timeoutMs: number, private readonly timedOut: () => Error) {}

  get size(): number {
    return this.waiting.size;
  }

  has(key: K): boolean {
    return this.waiting.has(key);
  }

  /** Resolves at settle(key), rejects at settle(key, error), failAll or the timeout. */
  wait(key: K): Promise<void> {
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    this.waiting.set(key, { resolve, reject, sentAt: performance.now() });
    const every = Math.min(250, this.timeoutMs);
    this.sweeper ??= setInterval(() => this.sweep(every), every).unref();
    return promise;
  }

  settle(key: K, error?: Error | null): void {
    const waiting = this.waiting.get(key);
    if (!waiting) return;
    this.waiting.delete(key);
    if (error) waiting.reject(error);
    else waiting.resolve();
  }

  failAll(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }

  close(error: Error): void {
    this.failAll(error);
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** A publish times out between timeout - every and timeout. */
  private sweep(every: number): void {
    const expiredBefore = performance.now() - (this.timeoutMs - every);
    for (const [key, waiting] of this.waiting) {
      if (waiting.sentAt > expiredBefore) break;
      this.waiting.delete(key);
      waiting.reject(this.timedOut());
    }
    if (this.waiting.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}

/**
 * Writes the broker answers per request, not per item (a Kafka produce request): as with WriteCoalescer, a
 * lone item (`alone`: nothing else awaits an answer) leaves at once and those issued while a request is out
 * leave together at the end of the event-loop turn, but the items of one request share its one promise,
 * where a promise, its resolvers and a queue entry per item were most of what a Kafka publish allocated
 * (bench/kafka-publish-ab.mjs). A request carries at most `maxBytes` of items (`sizeOf`); past it the next
 * one opens. A failed request fails every item it carried.
 */
export class SharedAnswerCoalescer<T> {
  private open: Array<{ items: T[]; bytes: number; done: PromiseWithResolvers<void> }> = [];

  constructor(private readonly options: { send: (items: T[]) => Promise<void>; sizeOf: (item: T) => number; maxBytes: number }) {}

  push(item: T, alone = false): Promise<void> {
    const last = this.open[this.open.length - 1];
    if (!last) {
      if (alone) return this.options.send([item]);
      setImmediate(() => this.flush());
    }
    const size = this.options.sizeOf(item);
    let batch = last;
    if (!batch || (batch.items.length > 0 && batch.bytes + size > this.options.maxBytes)) {
      batch = { items: [], bytes: 0, done: Promise.withResolvers<void>() };
      this.open.push(batch);
    }
    batch.items.push(item);
    batch.bytes += size;
    return batch.done.promise;
  }

  /** Sends what waits now. */
  flush(): void {
    const batches = this.open;
    this.open = [];
    for (const { items, done } of batches) this.options.send(items).then(done.resolve, done.reject);
  }
}

