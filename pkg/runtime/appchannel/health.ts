import type { Logger } from "../../diagnostics/logger.js";
import { pause } from "../../util/backoff.js";
import type { AppHealthOptions } from "../options.js";
import type { AppChannel } from "./types.js";

/**
 * App health checks (daprd's `pkg/apphealth`): the app is probed every `probeIntervalMs` through its
 * channel (GET the health path on HTTP, `AppCallbackHealthCheck.HealthCheck` on gRPC). It counts as
 * unhealthy from the start until a probe succeeds, and again after `threshold` failed probes in a row;
 * `onChange` hears each transition, so delivery pauses while the app is unhealthy and resumes after.
 */
export class AppHealthChecker {
  private isHealthy = false;
  private failures: number;
  private waiters: Array<() => void> = [];

  constructor(
    private readonly channel: AppChannel,
    private readonly options: AppHealthOptions,
    private readonly logger: Logger,
    private readonly onChange: (healthy: boolean) => void,
  ) {
    this.failures = options.threshold;
  }

  get healthy(): boolean {
    return this.isHealthy;
  }

  /** Probes until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const started = Date.now();
      const problem = await this.channel.probeHealth(Math.min(this.options.probeTimeoutMs, this.options.probeIntervalMs));
      if (signal.aborted) return;
      this.report(problem);
      await pause(Math.max(0, this.options.probeIntervalMs - (Date.now() - started)), signal);
    }
    this.release();
  }

  /** True once the app is healthy; false if `signal` aborts first. */
  whenHealthy(signal: AbortSignal): Promise<boolean> {
    if (this.isHealthy) return Promise.resolve(true);
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const onAbort = (): void => resolve(false);
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(!signal.aborted);
      });
    });
  }

  private report(problem: string | undefined): void {
    if (problem === undefined) {
      this.failures = 0;
      if (this.isHealthy) return;
      this.isHealthy = true;
      this.logger.info(`the app is healthy: delivery of topic events and input binding events runs`);
      this.release();
      this.onChange(true);
      return;
    }
    this.failures++;
    this.logger.debug(`app health probe failed (${this.failures} in a row): ${problem}`);
    if (!this.isHealthy || this.failures < this.options.threshold) return;
    this.isHealthy = false;
    this.logger.warn(`the app is unhealthy after ${this.failures} failed probes (${problem}): delivery of topic events and input binding events pauses until it recovers`);
    this.onChange(false);
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
