import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "../diagnostics/logger.js";

/**
 * A long-running part (controller-runtime's Runnable, Dapr's runner): `start` resolves once the part
 * is up (it keeps running on its own until `signal` aborts or `close` is called); `close` releases it
 * and must be safe after a failed or partial start.
 */
export interface Runnable {
  name: string;
  /**
   * A listener (an API server): started where it stands, so probes answer while later parts start, but
   * closed before every other part, so no new request arrives while deliveries drain and components close.
   */
  closesFirst?: boolean;
  start(signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** A part with nothing to start: only its close has a place in the shutdown order. */
export function closer(name: string, close: () => Promise<void> | void): Runnable {
  return { name, start: () => Promise.resolve(), close: async () => void (await close()) };
}

/**
 * Starts the parts in order and closes them in reverse, so each part closes before what it uses; the
 * listeners (`closesFirst`) close before all others. A start that fails closes the parts already started and rejects. Closing takes at most the grace
 * period in all: a part still closing then is left to finish on its own, and the rest go on closing.
 */
export class RunnableManager {
  private readonly started: Runnable[] = [];
  private readonly stopping = new AbortController();
  private closing?: Promise<void>;

  constructor(
    private readonly runnables: readonly Runnable[],
    private readonly options: { graceMs: number; logger: Logger },
  ) {}

  /** Aborted when the manager stops: the signal every part is started with. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  async start(signal: AbortSignal): Promise<void> {
    signal.addEventListener("abort", () => this.stopping.abort(), { once: true });
    if (signal.aborted) this.stopping.abort();
    for (const runnable of this.runnables) {
      if (this.closing) throw new Error(`stopped while starting ${runnable.name}`);
      this.started.push(runnable);
      try {
        await runnable.start(this.stopping.signal);
      } catch (error) {
        await this.close();
        throw error;
      }
    }
  }

  /** Idempotent: a second call waits for the first. */
  close(): Promise<void> {
    this.closing ??= this.closeAll();
    return this.closing;
  }

  private async closeAll(): Promise<void> {
    this.stopping.abort();
    const deadline = Date.now() + this.options.graceMs;
    const reversed = this.started.splice(0).reverse();
    const order = [...reversed.filter((r) => r.closesFirst), ...reversed.filter((r) => !r.closesFirst)];
    for (const runnable of order) {
      const closed = runnable.close().then(
        () => true,
        (error: unknown) => {
          this.options.logger.warn(`closing ${runnable.name}: ${(error as Error).message}`);
          return true;
        },
      );
      const left = deadline - Date.now();
      const timer = new AbortController();
      const inTime = await Promise.race([closed, delay(Math.max(left, 0), false, { signal: timer.signal }).catch(() => true)]);
      timer.abort();
      if (!inTime) this.options.logger.warn(`${runnable.name} did not close within the grace period (${this.options.graceMs}ms); closing the rest`);
    }
  }
}
