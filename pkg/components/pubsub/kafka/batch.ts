import type { KafkaMessage } from "kafkajs";
import type { Logger } from "../../../diagnostics/logger.js";
import { isExpired, type Clock } from "../metadata.js";
import { deliver, type Settler } from "../subscriptions.js";
import type { MessageHandler, PubSubMessage } from "../types.js";
import type { KafkaSettings } from "./metadata.js";
import { PartitionOffsets } from "./offsets.js";
import { EXPIRES_HEADER } from "./publisher.js";

export interface BatchDeps {
  handler: MessageHandler;
  logger: Logger;
  settings: KafkaSettings;
  now: Clock;
  /** single: one record at a time, in offset order; parallel: up to PARALLEL_PER_PARTITION at once. */
  concurrency: "single" | "parallel";
  /** The subscription's stop. */
  signal: AbortSignal;
}

/** Records of one partition handled at once in parallel mode. */
const PARALLEL_PER_PARTITION = 100;

/**
 * The records of one fetched batch of one partition, handed over and settled. A record whose handler rejected is
 * handed over again after consumeRetryInterval and stays unsettled meanwhile, so the partition's committable offset
 * (PartitionOffsets) stays behind it. `revoke()` stops new records from starting (a rebalance); `abandon()` also
 * stops retrying (the partition has a new owner, which reads the unsettled records again from the committed offset).
 */
export class PartitionBatch {
  readonly offsets = new PartitionOffsets();
  private halted = false;
  /** The partition went to another member: this batch must never commit for it again. */
  moved = false;
  private timer?: NodeJS.Timeout;
  private readonly wake = new AbortController();
  /**
   * What a retry's wait ends at: the subscription's stop or this batch giving up. Made at the first retry, not per
   * record: AbortSignal.any allocates a signal and registers it with both sources, a measurable share of a delivery.
   */
  private retryWait?: AbortSignal;

  constructor(
    readonly topic: string,
    readonly partition: number,
    private readonly deps: BatchDeps,
  ) {}

  /** Hands the records over in offset order; resolves once every record started has settled or was given up. */
  async run(messages: KafkaMessage[], resolveOffset: (offset: string) => void, mayStart: () => boolean): Promise<void> {
    const running = new Set<Promise<void>>();
    const stopped = (): boolean => this.halted || this.deps.signal.aborted || !mayStart();
    try {
      for (const message of messages) {
        if (stopped()) break;
        const offset = BigInt(message.offset);
        this.offsets.track(offset);
        // kafkajs fetches on from the resolved offset; what is committed is decided by the settlements alone.
        resolveOffset(message.offset);
        const settled = this.deliver(message, offset);
        if (this.deps.concurrency === "single") {
          await settled;
          continue;
        }
        running.add(settled);
        void settled.finally(() => running.delete(settled));
        while (running.size >= PARALLEL_PER_PARTITION && !stopped()) await Promise.race(running);
      }
      await Promise.allSettled([...running]);
    } finally {
      clearTimeout(this.timer);
    }
  }

  /** No new record starts; records being retried are given up after `deadlineMs` (0: at once). */
  revoke(deadlineMs: number): void {
    this.halted = true;
    if (deadlineMs <= 0) return this.abandon();
    this.timer ??= setTimeout(() => this.abandon(), deadlineMs);
  }

  abandon(): void {
    this.halted = true;
    clearTimeout(this.timer);
    this.wake.abort();
  }

  /** The partition is no longer this member's (it moved, or the member leaves): give up, and never commit for it again. */
  release(): void {
    this.moved = true;
    this.abandon();
  }

  /**
   * Kafka's settlement of one record: ack and drop settle its offset (Kafka has no per-record refusal); a nack keeps
   * it unsettled, holding the partition's committable offset, and hands it over again after consumeRetryInterval.
   */
  private async deliver(message: KafkaMessage, offset: bigint): Promise<void> {
    const { handler, logger, settings, signal } = this.deps;
    const where = (): string => `${this.topic}/${this.partition}@${message.offset}`;
    const settler: Settler = {
      ack: () => this.offsets.settle(offset),
      nack: (delayMs) => {
        logger.debug(`kafka: record ${where()} not settled; again in ${delayMs}ms`);
        this.retryWait ??= AbortSignal.any([signal, this.wake.signal]);
        return pause(delayMs, this.retryWait);
      },
    };
    const expiresAt = message.headers?.[EXPIRES_HEADER]?.toString();
    if (expiresAt && isExpired(Number(expiresAt), this.deps.now())) {
      logger.debug(`kafka: record ${where()} expired (ttlInSeconds); settled without delivery`);
      settler.ack();
      return;
    }
    const record = toRecord(this.topic, this.partition, message);
    while ((await deliver(handler, record, settler, () => settings.consumeRetryIntervalMs)) === "retry") if (signal.aborted || this.wake.signal.aborted) return;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** A record as the subscription sees it: headers as metadata (as Dapr), plus Dapr's `__topic`, `__partition`, `__offset`, `__key`, `__timestamp`. */
function toRecord(topic: string, partition: number, message: KafkaMessage): PubSubMessage {
  const metadata: Record<string, string> = Object.create(null) as Record<string, string>;
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (value === undefined || name === EXPIRES_HEADER) continue;
    const text = (Array.isArray(value) ? value[value.length - 1]! : value).toString();
    if (name === "content-type") contentType = text;
    else metadata[name] = text;
  }
  metadata["__topic"] = topic;
  metadata["__partition"] = String(partition);
  metadata["__offset"] = message.offset;
  metadata["__timestamp"] = message.timestamp;
  if (message.key) metadata["__key"] = message.key.toString();
  return { topic, data: message.value ?? Buffer.alloc(0), ...(contentType ? { contentType } : {}), metadata };
}
