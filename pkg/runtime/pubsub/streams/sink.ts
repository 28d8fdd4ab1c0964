import { randomUUID } from "node:crypto";
import type { Logger } from "../../../diagnostics/logger.js";
import { statusOutcome, type BulkDelivery, type DeliveryResult, type DeliveryTarget, type TopicEvent } from "../../appchannel/types.js";

/** One thing a stream carries to its subscriber: a message, or a bulk of them acknowledged per entry. */
export type StreamFrame = { kind: "event"; ackId: string; event: TopicEvent } | { kind: "bulk"; bulk: BulkDelivery };

/**
 * A transport's side of a stream (gRPC, HTTP). `send` resolves once the frame is handed to the socket
 * and the socket can take more (the transport's own backpressure), rejects if the stream is gone.
 */
export interface StreamTransport {
  send(frame: StreamFrame): Promise<void>;
  /** The runtime ends the stream (shutdown, the pub/sub reloaded): `reason` is why, when it is an error. */
  end(reason?: string): void;
}

/** An acknowledgement's status as the subscriber gives it: SUCCESS, RETRY, DROP (case-insensitive). */
export type AckStatus = string;

const STREAM_ENDED = "the stream ended before the message was acknowledged";

/**
 * The delivery target of a stream subscription: the runner hands it messages as it would hand them to
 * the app channel, and each delivery settles when the subscriber acknowledges it, with the outcome the
 * app channel would give (SUCCESS, RETRY, DROP). A delivery outstanding when the stream ends settles as
 * a retry, so the runner, stopping, leaves the message unacknowledged on the broker: it is delivered again.
 * Acknowledgement ids are the CloudEvent ids (daprd's), bulk entries' their entry ids.
 */
export class StreamSink implements DeliveryTarget {
  /** Per id, the deliveries waiting for it, oldest first (a broker may hand out one id twice). */
  private readonly pending = new Map<string, Array<(result: DeliveryResult) => void>>();
  private ended = false;
  /** Nothing is sent before the transport told the subscriber the stream is open (its first frame). */
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
    this.markOpened();
  }

  async deliverTopicEvent(event: TopicEvent): Promise<DeliveryResult> {
    const id = event.event["id"];
    const ackId = typeof id === "string" && id !== "" ? id : randomUUID();
    const waiting = this.register([ackId], event.signal);
    await this.send({ kind: "event", ackId, event }, waiting);
    return (await waiting.settled).get(ackId)!;
  }

  async deliverBulk(bulk: BulkDelivery): Promise<Map<string, DeliveryResult>> {
    const waiting = this.register(bulk.entries.map((e) => e.entryId), bulk.signal);
    await this.send({ kind: "bulk", bulk }, waiting);
    return waiting.settled;
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
    const result = statusOutcome(status);
    settle({ ...result, reason: result.reason.replace("the app", "the subscriber") });
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

  private async send(frame: StreamFrame, waiting: Waiting): Promise<void> {
    await this.opened;
    if (this.ended) return waiting.fail(STREAM_ENDED);
    try {
      await this.transport.send(frame);
    } catch (error) {
      waiting.fail(`the stream failed: ${(error as Error).message}`);
    }
  }

  /**
   * Registers `ids` as awaited: `settled` resolves once each is acknowledged, the stream ends, or `signal`
   * aborts (a Resiliency timeout); `fail` settles those still waiting as retries, so a later
   * acknowledgement of one is unknown.
   */
  private register(ids: string[], signal?: AbortSignal): Waiting {
    const results = new Map<string, DeliveryResult>();
    const settlers = new Map<string, (result: DeliveryResult) => void>();
    let resolve!: (results: Map<string, DeliveryResult>) => void;
    const settled = new Promise<Map<string, DeliveryResult>>((r) => (resolve = r));
    let left = ids.length;
    const fail = (reason: string): void => {
      for (const [id, settle] of settlers) {
        const waiters = this.pending.get(id);
        const index = waiters?.indexOf(settle) ?? -1;
        if (index < 0) continue;
        waiters!.splice(index, 1);
        if (waiters!.length === 0) this.pending.delete(id);
        settle({ outcome: "retry", reason });
      }
    };
    const onAbort = (): void => fail("no acknowledgement in time");
    for (const id of ids) {
      const settle = (result: DeliveryResult): void => {
        if (results.has(id)) return;
        results.set(id, result);
        if (--left > 0) return;
        signal?.removeEventListener("abort", onAbort);
        resolve(results);
      };
      settlers.set(id, settle);
      if (this.ended) {
        settle({ outcome: "retry", reason: STREAM_ENDED });
        continue;
      }
      const waiters = this.pending.get(id);
      if (waiters) waiters.push(settle);
      else this.pending.set(id, [settle]);
    }
    if (ids.length === 0) resolve(results);
    if (left === 0) return { settled, fail };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    return { settled, fail };
  }
}

interface Waiting {
  settled: Promise<Map<string, DeliveryResult>>;
  fail(reason: string): void;
}
