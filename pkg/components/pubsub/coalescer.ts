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
 * order they were sent in is the order of their deadlines.
 *
 * The waits live in a ring of slots in that order, and the key map holds only each one's position:
 * measured on Node 24, an object put in a long-lived Map or Set and deleted a moment later is still
 * moved to the old generation (nearly every one, against almost none held in an array), so a Map of
 * the waits themselves sent every publish's promise and closures to the major GC.
 */
export class PendingAcks<K> {
  private readonly positions = new Map<K, number>();
  /** Slot `position & (slots.length - 1)`; positions head..tail-1 are in use (a settled one is undefined). */
  private slots: Array<Waiting<K> | undefined> = new Array<Waiting<K> | undefined>(64);
  private head = 0;
  private tail = 0;
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly timeoutMs: number, private readonly timedOut: () => Error) {}

  get size(): number {
    return this.positions.size;
  }

  has(key: K): boolean {
    return this.positions.has(key);
  }

  /** Resolves at settle(key), rejects at settle(key, error), failAll or the timeout. */
  wait(key: K): Promise<void> {
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    if (this.tail - this.head === this.slots.length) this.grow();
    const position = this.tail++;
    this.slots[position & (this.slots.length - 1)] = { key, resolve, reject, sentAt: performance.now() };
    this.positions.set(key, position);
    const every = Math.min(250, this.timeoutMs);
    this.sweeper ??= setInterval(() => this.sweep(every), every).unref();
    return promise;
  }

  settle(key: K, error?: Error | null): void {
    const waiting = this.take(key);
    if (!waiting) return;
    if (error) waiting.reject(error);
    else waiting.resolve();
  }

  failAll(error: Error): void {
    const all = this.drain();
    for (const { reject } of all) reject(error);
  }

  close(error: Error): void {
    this.failAll(error);
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private take(key: K): Waiting<K> | undefined {
    const position = this.positions.get(key);
    if (position === undefined) return undefined;
    this.positions.delete(key);
    const mask = this.slots.length - 1;
    const waiting = this.slots[position & mask];
    this.slots[position & mask] = undefined;
    // Settled in order (the usual case): the ring's start moves past every slot freed.
    while (this.head < this.tail && this.slots[this.head & mask] === undefined) this.head++;
    // Empty: positions start again at 0, so they stay small integers (no heap number per wait).
    if (this.head === this.tail) this.head = this.tail = 0;
    return waiting;
  }

  /** Every wait, in order, leaving none. */
  private drain(): Array<Waiting<K>> {
    const all: Array<Waiting<K>> = [];
    const mask = this.slots.length - 1;
    for (let position = this.head; position < this.tail; position++) {
      const waiting = this.slots[position & mask];
      if (waiting) all.push(waiting);
      this.slots[position & mask] = undefined;
    }
    this.positions.clear();
    this.head = this.tail = 0;
    return all;
  }

  /** Twice the slots, the waits kept at their positions (a power of two, so a position maps to one slot). */
  private grow(): void {
    const old = this.slots;
    const slots = new Array<Waiting<K> | undefined>(old.length * 2);
    for (let position = this.head; position < this.tail; position++) slots[position & (slots.length - 1)] = old[position & (old.length - 1)];
    this.slots = slots;
  }

  /** A publish times out between timeout - every and timeout. */
  private sweep(every: number): void {
    const expiredBefore = performance.now() - (this.timeoutMs - every);
    const mask = this.slots.length - 1;
    while (this.head < this.tail) {
      const waiting = this.slots[this.head & mask];
      if (waiting) {
        if (waiting.sentAt > expiredBefore) break;
        this.positions.delete(waiting.key);
        this.slots[this.head & mask] = undefined;
        waiting.reject(this.timedOut());
      }
      this.head++;
    }
    if (this.head === this.tail) this.head = this.tail = 0;
    if (this.positions.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}

interface Waiting<K> {
  key: K;
  resolve: () => void;
  reject: (error: Error) => void;
  sentAt: number;
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
