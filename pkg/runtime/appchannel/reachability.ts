import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "../../diagnostics/logger.js";
import { tcpReachable } from "../../util/net.js";

/** daprd logs "waiting for application to listen on port N" once every hundred 100 ms dials: every ten seconds. */
export const WAITING_LOG_INTERVAL_MS = 10_000;

/**
 * Whether the app's port accepts connections (daprd's `blockUntilAppIsReady`): the part of the app
 * channel both transports share. Deliveries and input binding events wait on it.
 */
export class AppPort {
  private resolveReachable!: () => void;
  private readonly reachable = new Promise<void>((resolve) => (this.resolveReachable = resolve));
  private answered = false;

  constructor(
    readonly address: string,
    readonly port: number,
  ) {}

  get target(): string {
    return `${this.address}:${this.port}`;
  }

  get isReachable(): boolean {
    return this.answered;
  }

  async whenReachable(signal: AbortSignal): Promise<boolean> {
    if (this.answered) return true;
    if (signal.aborted) return false;
    let onAbort!: () => void;
    const aborted = new Promise<boolean>((resolve) => {
      onAbort = () => resolve(false);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([this.reachable.then(() => true), aborted]);
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Polls the port until it opens or `signal` aborts. While it stays closed the user is told, at a slow
   * interval, what the sidecar waits for: an app that never opens its port is otherwise a silent hang.
   */
  async waitUntilReachable(logger: Logger, protocol: string, signal: AbortSignal, pollMs = 100, logEveryMs = WAITING_LOG_INTERVAL_MS): Promise<boolean> {
    let lastLog: number | undefined;
    while (!signal.aborted) {
      if (await tcpReachable(this.address, this.port)) {
        this.answered = true;
        this.resolveReachable();
        if (lastLog !== undefined) logger.info(`the app opened port ${this.port}`);
        return true;
      }
      const now = Date.now();
      if (lastLog === undefined || now - lastLog >= logEveryMs) {
        logger.info(`waiting for the app on port ${this.port} (app protocol ${protocol}, ${this.address}); subscriptions and input bindings start once it listens`);
        lastLog = now;
      }
      await delay(pollMs, undefined, { signal, ref: false }).catch(() => undefined);
    }
    return false;
  }
}
