import { randomUUID } from "node:crypto";
import type { Logger } from "../../diagnostics/logger.js";
import type { Tracing } from "../../diagnostics/tracing.js";
import type { BulkEntry, DeliveryResult, DeliveryTarget } from "../appchannel/types.js";
import { StoppedError, type Semaphore } from "./concurrency.js";
import type { InboundMessage } from "./inbound.js";
import type { Subscription } from "./subscription.js";

interface Pending {
  entry: BulkEntry;
  path: string;
  settle: (result: DeliveryResult) => void;
  fail: (error: Error) => void;
}

export interface BulkBatcherOptions {
  subscription: Subscription;
  bulk: NonNullable<Subscription["bulk"]>;
  appChannel: DeliveryTarget;
  /** Bounds concurrent bulk requests (not messages). */
  slots: Semaphore;
  signal: AbortSignal;
  logger: Logger;
  /** The bulk body's `type`, by the pub/sub's wire dialect (EVENT_TYPES). */
  eventType: string;
  tracing?: Tracing;
  messagingSystem?: string;
}

/**
 * Bulk subscribe (docs/api.md): messages gather until `maxMessagesCount` or `maxAwaitDurationMs` after
 * the first, then go to the app in one request per route. Each message's promise settles with its own
 * result, so retries and dead letters stay per message (the runner's loop).
 */
export class BulkBatcher {
  private batch: Pending[] = [];
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: BulkBatcherOptions) {}

  submit(inbound: InboundMessage, path: string): Promise<DeliveryResult> {
    if (this.options.signal.aborted) return Promise.reject(new StoppedError());
    return new Promise<DeliveryResult>((settle, fail) => {
      const entry: BulkEntry = { entryId: randomUUID(), event: inbound.bulkEvent, contentType: inbound.bulkContentType ?? inbound.contentType, metadata: {} };
      this.batch.push({ entry, path, settle, fail });
      if (this.batch.length >= this.options.bulk.maxMessagesCount) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.bulk.maxAwaitDurationMs);
    });
  }

  /** Entries not yet sent go back to the broker (their handlers reject). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const unsent = this.batch;
    this.batch = [];
    for (const pending of unsent) pending.fail(new StoppedError());
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.batch;
    this.batch = [];
    const byPath = new Map<string, Pending[]>();
    for (const pending of batch) {
      const group = byPath.get(pending.path);
      if (group) group.push(pending);
      else byPath.set(pending.path, [pending]);
    }
    for (const [path, group] of byPath) void this.send(path, group);
  }

  private async send(path: string, group: Pending[]): Promise<void> {
    const { subscription, slots, signal, appChannel } = this.options;
    let release: () => void;
    try {
      release = await slots.acquire(signal);
    } catch (error) {
      for (const pending of group) pending.fail(error as Error);
      return;
    }
    const tracing = this.options.tracing;
    // One consumer span per bulk request, with its entry count (the entries may come from several traces).
    const span = tracing?.enabled
      ? tracing.start(`process ${subscription.topic}`, "consumer", { "messaging.system": this.options.messagingSystem ?? "", "messaging.destination.name": subscription.topic, "messaging.operation.type": "process", "messaging.batch.message_count": group.length, "runtime.pubsub.name": subscription.pubsubName, "url.path": path })
      : undefined;
    try {
      const results = await appChannel.deliverBulk({
        path,
        pubsubName: subscription.pubsubName,
        topic: subscription.topic,
        id: randomUUID(),
        type: this.options.eventType,
        metadata: subscription.metadata,
        entries: group.map((p) => p.entry),
        // No signal: a stopping subscription lets a bulk request under way finish (daprd 1.18 drains, not nacks).
      });
      for (const pending of group) pending.settle(results.get(pending.entry.entryId) ?? { outcome: "retry", reason: "entry missing from statuses" });
      span?.end();
    } catch (error) {
      span?.end(error);
      this.options.logger.error(`bulk delivery to ${path}: ${(error as Error).message}`);
      for (const pending of group) pending.settle({ outcome: "retry", reason: (error as Error).message });
    } finally {
      release();
    }
  }
}
