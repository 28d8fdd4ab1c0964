import type { Logger } from "../../diagnostics/logger.js";
import { Backoff, pause } from "../../util/backoff.js";

/** The sidecar stopped while asking the app: nothing to report. */
export class ChannelStoppedError extends Error {
  constructor() {
    super("the app channel is stopping");
    this.name = "ChannelStoppedError";
  }
}

/**
 * Asks the app until it answers: a connection error, a timeout or a failing answer means it is still
 * starting (daprd retries ListTopicSubscriptions with its built-in initialisation retries), so the
 * question is put again with backoff, up to `maxDelayMs` between tries, until `signal` aborts.
 */
export async function askUntilAnswered<T>(what: string, ask: () => Promise<T>, logger: Logger, signal: AbortSignal, maxDelayMs: number): Promise<T> {
  const backoff = new Backoff({ initialMs: Math.min(100, maxDelayMs), maxMs: maxDelayMs });
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) throw new ChannelStoppedError();
    try {
      return await ask();
    } catch (error) {
      if (signal.aborted) throw new ChannelStoppedError();
      logger.warn(`${what} failed (attempt ${attempt}), retrying: ${(error as Error).message}`);
    }
    await pause(backoff.next(), signal);
  }
}
