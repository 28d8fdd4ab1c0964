import type { Logger } from "../../../diagnostics/logger.js";

/** How often the cluster is asked which brokers are alive. */
const PROBE_EVERY_MS = 2000;
const PROBE_TIMEOUT_MS = 5000;

interface BrokerCensus {
  liveBrokers(): Promise<number>;
}

/**
 * Outbound health of a Kafka component (spec endpoint 9): unhealthy while no broker answers, while fewer brokers are
 * alive than the most this component has seen (a broker of the cluster is down: partitions it led are being moved,
 * and with min.insync.replicas some publishes fail), and from a failed publish until the next good probe.
 */
export class KafkaHealth {
  private up = true;
  private mostBrokers = 0;
  private timer?: NodeJS.Timeout;
  private probing = false;

  constructor(
    private readonly census: BrokerCensus,
    private readonly logger: Logger,
    private readonly where: string,
  ) {}

  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  healthy(): boolean {
    return this.up;
  }

  publishFailed(error: unknown): void {
    // A refused record (too large, bad metadata) says nothing about the cluster.
    if ((error as Error).name === "MessageTooLargeError" || (error as Error).name === "RequestMetadataError") return;
    this.set(false, `a publish failed: ${(error as Error).message}`);
  }

  private async probe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      const live = await Promise.race([this.census.liveBrokers(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS}ms`)), PROBE_TIMEOUT_MS).unref())]);
      this.mostBrokers = Math.max(this.mostBrokers, live);
      if (live < this.mostBrokers) this.set(false, `${live} of ${this.mostBrokers} brokers alive`);
      else this.set(true, `${live} brokers alive`);
    } catch (error) {
      this.set(false, `no broker answers: ${(error as Error).message}`);
    } finally {
      this.probing = false;
    }
  }

  private set(up: boolean, why: string): void {
    if (up === this.up) return;
    this.up = up;
    if (up) this.logger.info(`Kafka at ${this.where} is healthy again (${why})`);
    else this.logger.warn(`Kafka at ${this.where} is unhealthy: ${why}`);
  }
}
