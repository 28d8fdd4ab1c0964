import { setTimeout as delay } from "node:timers/promises";
import { watchAbort } from "../../util/abort.js";

/** Aborted waits reject with this; the subscription handler turns it into "not processed, redeliver". */
export class StoppedError extends Error {
  constructor() {
    super("subscription is stopping");
    this.name = "StoppedError";
  }
}

interface Waiter {
  resolve(release: () => void): void;
  /** Stops watching the signal; a waiter whose signal aborted was rejected and is skipped. */
  unwatch(): void;
  aborted: boolean;
}

/**
 * A FIFO counting semaphore: bounded concurrency per subscription, so a slow app gets backpressure
 * rather than a pile-up of requests. A burst can queue thousands of waiters on one subscription's
 * signal: they watch it through watchAbort (one listener per signal), an aborted one is skipped when
 * its turn comes, and the queue is read from a moving head, so a burst costs linear time.
 */
export class Semaphore {
  private queue: Array<Waiter | undefined> = [];
  private head = 0;
  private used = 0;

  constructor(private readonly limit: number) {}

  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new StoppedError());
    if (this.used < this.limit) {
      this.used++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, unwatch: () => undefined, aborted: false };
      waiter.unwatch = watchAbort(signal, () => {
        waiter.aborted = true;
        reject(new StoppedError());
      });
      this.queue.push(waiter);
    });
  }

  /** A slot at once, when one is free and `signal` has not aborted; undefined otherwise (then `acquire`). */
  tryAcquire(signal: AbortSignal): (() => void) | undefined {
    if (signal.aborted || this.used >= this.limit) return undefined;
    this.used++;
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.dequeue();
      if (next) next.resolve(this.releaser());
      else this.used--;
    };
  }

  private dequeue(): Waiter | undefined {
    while (this.head < this.queue.length) {
      const waiter = this.queue[this.head];
      this.queue[this.head++] = undefined;
      // A queue that never empties under steady load is compacted now and then rather than grow.
      if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      if (!waiter || waiter.aborted) continue;
      waiter.unwatch();
      return waiter;
    }
    this.queue = [];
    this.head = 0;
    return undefined;
  }
}

/** A pause that ends early, rejecting, when the subscription stops (so the broker keeps the message). */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await delay(ms, undefined, { signal });
  } catch {
    throw new StoppedError();
  }
}
