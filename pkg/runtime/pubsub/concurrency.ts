import { setTimeout as delay } from "node:timers/promises";

/** Aborted waits reject with this; the subscription handler turns it into "not processed, redeliver". */
export class StoppedError extends Error {
  constructor() {
    super("subscription is stopping");
    this.name = "StoppedError";
  }
}

interface Waiter {
  signal: AbortSignal;
  resolve(release: () => void): void;
  reject(error: Error): void;
}

/**
 * A FIFO counting semaphore: bounded concurrency per subscription, so a slow app gets backpressure
 * rather than a pile-up of requests. A burst can queue thousands of waiters on one subscription's
 * signal: they share one abort listener per signal (an EventTarget finds a listener to remove by a
 * walk of its list, so one each would make a burst quadratic), and the queue is read from a moving head.
 */
export class Semaphore {
  private queue: Array<Waiter | undefined> = [];
  private head = 0;
  private used = 0;
  /** Per signal with waiters: how many wait, and the listener that rejects them all when it aborts. */
  private readonly watched = new Map<AbortSignal, { waiting: number; onAbort: () => void }>();

  constructor(private readonly limit: number) {}

  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new StoppedError());
    if (this.used < this.limit) {
      this.used++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ signal, resolve, reject });
      const watch = this.watched.get(signal);
      if (watch) {
        watch.waiting++;
        return;
      }
      const onAbort = (): void => this.abortWaiters(signal);
      this.watched.set(signal, { waiting: 1, onAbort });
      signal.addEventListener("abort", onAbort, { once: true });
    });
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
      if (!waiter) continue;
      this.unwatch(waiter.signal);
      return waiter;
    }
    this.queue = [];
    this.head = 0;
    return undefined;
  }

  private unwatch(signal: AbortSignal): void {
    const watch = this.watched.get(signal)!;
    if (--watch.waiting > 0) return;
    this.watched.delete(signal);
    signal.removeEventListener("abort", watch.onAbort);
  }

  private abortWaiters(signal: AbortSignal): void {
    this.watched.delete(signal);
    const rejected: Waiter[] = [];
    const kept: Array<Waiter | undefined> = [];
    for (let i = this.head; i < this.queue.length; i++) {
      const waiter = this.queue[i];
      if (!waiter) continue;
      if (waiter.signal === signal) rejected.push(waiter);
      else kept.push(waiter);
    }
    this.queue = kept;
    this.head = 0;
    for (const waiter of rejected) waiter.reject(new StoppedError());
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
