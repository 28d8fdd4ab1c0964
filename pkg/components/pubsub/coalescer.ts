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
