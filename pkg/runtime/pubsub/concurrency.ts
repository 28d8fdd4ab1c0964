import { setTimeout as delay } from "node:timers/promises";

/** Aborted waits reject with this; the subscription handler turns it into "not processed, redeliver". */
export class StoppedError extends Error {
  constructor() {
    super("subscription is stopping");
    this.name = "StoppedError";
  }
}

/**
 * A FIFO counting semaphore: bounded concurrency per subscription, so a slow app gets backpressure
 * rather than a pile-up of requests.
 */
export class Semaphore {
  private readonly waiters: Array<{ grant: () => void }> = [];
  private used = 0;

  constructor(private readonly limit: number) {}

  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new StoppedError());
    if (this.used < this.limit) {
      this.used++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: (): void => {
          signal.removeEventListener("abort", onAbort);
          resolve(this.releaser());
        },
      };
      const onAbort = (): void => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new StoppedError());
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.used--;
    };
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
