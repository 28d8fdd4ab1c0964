import { randomUUID } from "node:crypto";
import type { Logger } from "../../../diagnostics/logger.js";
import { statusOutcome, type BulkDelivery, type DeliveryResult, type DeliveryTarget, type TopicEvent } from "../../appchannel/types.js";
import { watchAbort } from "../../../util/abort.js";

/**
 * One thing a stream carries to its subscriber: a message, or a bulk of them acknowledged per entry
 * (`ackIds[i]` acknowledges `bulk.entries[i]`).
 */
export type StreamFrame = { kind: "event"; ackId: string; event: TopicEvent } | { kind: "bulk"; bulk: BulkDelivery; ackIds: string[] };

/**
 * A transport's side of a stream (gRPC, HTTP). `send` resolves once the frame is handed to the socket
 * and the socket can take more (the transport's own backpressure), rejects if the stream is gone.
 */
export interface StreamTransport {
  send(frame: StreamFrame): Promise<void>;
  /** The runtime ends the stream (shutdown, the pub/sub reloaded): `reason` is why, when it is an error. */
  end(reason?: string): void;
  /**
   * What acknowledges a bulk entry: its `entryId` (the HTTP stream's bulk frame carries it), or its
   * CloudEvent's id as for a single message (gRPC has no bulk frame: each entry goes as an event_message
   * of its own, which a subscriber acknowledges by the id it carries). Default: entryId.
   */
  readonly bulkEntryAckId?: "entryId" | "cloudEventId";
}

/** An acknowledgement's status as the subscriber gives it: SUCCESS, RETRY, DROP (case-insensitive). */
export type AckStatus = string;

const STREAM_ENDED = "the stream ended before the message was acknowledged";

type Waiter = (result: DeliveryResult) => void;

/**
 * The delivery target of a stream subscription: the runner hands it messages as it would hand them to
 * the app channel, and each delivery settles when the subscriber acknowledges it, with the outcome the
 * app channel would give (SUCCESS, RETRY, DROP). A delivery outstanding when the stream ends settles as
 * a retry, so the runner, stopping, leaves the message unacknowledged on the broker: it is delivered again.
 * Acknowledgement ids are the CloudEvent ids (daprd's), bulk entries' as the transport says.
 */
export class StreamSink implements DeliveryTarget {
  /** Per id, the deliveries waiting for it, oldest first (a broker may hand out one id twice). */
  private readonly pending = new Map<string, Waiter[]>();
  private ended = false;
  /** Nothing is sent before the transport told the subscriber the stream is open (its first frame). */
  private isOpen = false;
  private readonly opened: Promise<void>;
  private markOpened!: () => void;

  constructor(
    private readonly transport: StreamTransport,
    private readonly logger: Logger,
    private readonly describe: () => string,
  ) {
    this.opened = new Promise((resolve) => (this.markOpened = resolve));
  }

  begin(): void {
    this.isOpen = true;
    this.markOpened();
  }

  async deliverTopicEvent(event: TopicEvent): Promise<DeliveryResult> {
    const id = event.event["id"];
    const ackId = typeof id === "string" && id !== "" ? id : randomUUID();
    const [result] = await this.deliver([ackId], { kind: "event", ackId, event }, event.signal);
    return result!;
  }

  async deliverBulk(bulk: BulkDelivery): Promise<Map<string, DeliveryResult>> {
    const byCloudEventId = this.transport.bulkEntryAckId === "cloudEventId";
    const ackIds = bulk.entries.map((entry) => (byCloudEventId ? cloudEventIdOf(entry.event) : undefined) ?? entry.entryId);
    const results = await this.deliver(ackIds, { kind: "bulk", bulk, ackIds }, bulk.signal);
    return new Map(bulk.entries.map((entry, index) => [entry.entryId, results[index]!]));
  }

  /** The subscriber's acknowledgement; an id nothing waits for is ignored with a warning (daprd logs it). */
  ack(id: string, status: AckStatus | undefined): boolean {
    const waiters = this.pending.get(id);
    const settle = waiters?.shift();
    if (!settle) {
      this.logger.warn(`stream ${this.describe()}: acknowledgement for unknown message id ${JSON.stringify(id)} ignored`);
      return false;
    }
    if (waiters!.length === 0) this.pending.delete(id);
    settle(subscriberOutcome(status));
    return true;
  }

  /** The stream is gone: whatever is outstanding settles as a retry (the runner, stopping, leaves it on the broker). */
  close(): void {
    this.ended = true;
    this.markOpened();
    const waiting = [...this.pending.values()].flat();
    this.pending.clear();
    for (const settle of waiting) settle({ outcome: "retry", reason: STREAM_ENDED });
  }

  /** Registers the ids as awaited before the frame goes out (an acknowledgement may come back at once), then sends it. */
  private async deliver(ids: string[], frame: StreamFrame, signal: AbortSignal | undefined): Promise<DeliveryResult[]> {
    const waiting = this.register(ids, signal);
    if (!this.isOpen) await this.opened;
    if (this.ended) waiting.fail(STREAM_ENDED);
    else {
      try {
        await this.transport.send(frame);
      } catch (error) {
        waiting.fail(`the stream failed: ${(error as Error).message}`);
      }
    }
    return waiting.settled;
  }

  /**
   * Registers `ids` as awaited: `settled` resolves, with one result per id, once each is acknowledged, the
   * stream ends, or `signal` aborts (a Resiliency timeout); `fail` settles those still waiting as retries,
   * so a later acknowledgement of one is unknown.
   */
  private register(ids: string[], signal?: AbortSignal): Waiting {
    const results = new Array<DeliveryResult>(ids.length);
    const waiters = new Array<Waiter>(ids.length);
    let resolve!: (results: DeliveryResult[]) => void;
    const settled = new Promise<DeliveryResult[]>((r) => (resolve = r));
    let left = ids.length;
    const fail = (reason: string): void => {
      ids.forEach((id, index) => {
        const queue = this.pending.get(id);
        const at = queue?.indexOf(waiters[index]!) ?? -1;
        if (at < 0) return;
        queue!.splice(at, 1);
        if (queue!.length === 0) this.pending.delete(id);
        waiters[index]!({ outcome: "retry", reason });
      });
    };
    const onAbort = (): void => fail("no acknowledgement in time");
    let unwatch: (() => void) | undefined;
    for (let index = 0; index < ids.length; index++) {
      let done = false;
      const waiter: Waiter = (result) => {
        if (done) return;
        done = true;
        results[index] = result;
        if (--left > 0) return;
        unwatch?.();
        resolve(results);
      };
      waiters[index] = waiter;
      if (this.ended) {
        waiter({ outcome: "retry", reason: STREAM_ENDED });
        continue;
      }
      const queue = this.pending.get(ids[index]!);
      if (queue) queue.push(waiter);
      else this.pending.set(ids[index]!, [waiter]);
    }
    if (ids.length === 0) resolve(results);
    if (left > 0) {
      if (signal?.aborted) onAbort();
      else if (signal) unwatch = watchAbort(signal, onAbort);
    }
    return { settled, fail };
  }
}

interface Waiting {
  settled: Promise<DeliveryResult[]>;
  fail(reason: string): void;
}

/** A bulk entry's CloudEvent id; undefined for a raw payload (its entry carries the bytes only). */
function cloudEventIdOf(event: unknown): string | undefined {
  if (typeof event !== "object" || event === null) return undefined;
  const id = (event as Record<string, unknown>)["id"];
  return typeof id === "string" && id !== "" ? id : undefined;
}

/**
 * The app channel's outcome for the status in any letter case (the HTTP ack route takes `drop`; gRPC's
 * enum arrives as its name), told of the subscriber; the three statuses' are made once.
 */
function subscriberOutcome(status: AckStatus | undefined): DeliveryResult {
  const named = typeof status === "string" ? status.toUpperCase() : status;
  const known = named === undefined ? undefined : KNOWN_OUTCOMES.get(named);
  if (known) return known;
  const result = statusOutcome(named);
  return { ...result, reason: result.reason.replace("the app", "the subscriber") };
}

const KNOWN_OUTCOMES = new Map(["SUCCESS", "RETRY", "DROP"].map((status) => {
  const result = statusOutcome(status);
  return [status, Object.freeze({ ...result, reason: result.reason.replace("the app", "the subscriber") })] as const;
}));
