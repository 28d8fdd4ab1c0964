import { performance } from "node:perf_hooks";
import { createInbox, type Msg, type MsgHdrs, type NatsConnection } from "@nats-io/transport-node";
import { JetStreamApiError, type ApiError } from "@nats-io/jetstream";
import type { WriteCoalescer } from "../coalescer.js";

/** How often waiting publishes are checked for their timeout; a publish times out between timeout - this and timeout. */
const SWEEP_MS = 250;

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
  sentAt: number;
}

/** No stream holds the subject: the server answered the publish with "no responders" (503). */
export class NoStreamError extends Error {
  override name = "NoRespondersError";
}

/**
 * JetStream publishes that wait for their PubAck, on one reply subscription this component owns.
 * js.publish does the same over the client's request machinery, which per publish builds two Errors
 * (one even on success: RequestOne.cancel), a timer, a token, a Promise.race and several async hops, and
 * its PubAcks resolve in separate microtask checkpoints, so the client writes each next publish alone.
 * Here a publish is one map entry and one write; PubAcks are matched by a counter token in the reply
 * subject, and one sweep every SWEEP_MS times out what the server did not answer.
 */
export class PubAckPublisher {
  private readonly inbox = `${createInbox()}.`;
  private readonly waiting = new Map<string, Waiting>();
  private readonly decoder = new TextDecoder();
  private next = 0;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly nc: NatsConnection,
    private readonly writes: WriteCoalescer<() => void>,
    private readonly timeoutMs: number,
  ) {
    // Ended with the connection (drain or close).
    nc.subscribe(`${this.inbox}*`, { callback: (error, msg) => this.answer(error, msg) });
  }

  /** Resolves once JetStream stored the message (or knew it by its Nats-Msg-Id); rejects on an error, the timeout, or failAll. */
  publish(subject: string, data: Uint8Array, headers: MsgHdrs): Promise<void> {
    const token = (this.next++).toString(36);
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    const alone = this.waiting.size === 0;
    this.waiting.set(token, { resolve, reject, sentAt: performance.now() });
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
    // A lone publish leaves at once; one issued while others await their PubAck waits for the end of the turn and leaves with them.
    this.writes.push(() => this.send(token, subject, data, headers), alone);
    return promise;
  }

  /** The connection dropped: nobody is to wait for a PubAck that may never come (a retry is de-duplicated by its msgID). */
  failAll(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }

  close(): void {
    this.failAll(new Error("the JetStream component closed before the publish was acknowledged"));
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private send(token: string, subject: string, data: Uint8Array, headers: MsgHdrs): void {
    const waiting = this.waiting.get(token);
    // Answered already (the connection dropped in the meantime): the caller has its 500, nothing is sent.
    if (!waiting) return;
    try {
      this.nc.publish(subject, data, { reply: this.inbox + token, headers });
    } catch (error) {
      this.waiting.delete(token);
      waiting.reject(error as Error);
    }
  }

  private answer(error: Error | null, msg: Msg): void {
    if (error) {
      this.failAll(error);
      return;
    }
    const token = msg.subject.slice(this.inbox.length);
    const waiting = this.waiting.get(token);
    if (!waiting) return;
    this.waiting.delete(token);
    if (msg.data.length === 0) {
      const code = msg.headers?.code ?? 0;
      waiting.reject(code === 503 ? new NoStreamError("no responders: no JetStream stream holds the subject") : new Error(`JetStream answered the publish with status ${code} ${msg.headers?.description ?? ""}`));
      return;
    }
    let ack: { stream?: string; error?: ApiError };
    try {
      ack = JSON.parse(this.decoder.decode(msg.data)) as typeof ack;
    } catch {
      waiting.reject(new Error("JetStream answered the publish with a PubAck that is not JSON"));
      return;
    }
    if (ack.error) waiting.reject(new JetStreamApiError(ack.error));
    else if (!ack.stream) waiting.reject(new Error("JetStream answered the publish with an invalid PubAck"));
    else waiting.resolve();
  }

  /** Entries are in the order they were published, all with the same timeout: the expired ones come first. */
  private sweep(): void {
    const expiredBefore = performance.now() - (this.timeoutMs - SWEEP_MS);
    for (const [token, waiting] of this.waiting) {
      if (waiting.sentAt > expiredBefore) break;
      this.waiting.delete(token);
      waiting.reject(new Error(`JetStream did not acknowledge the publish within ${this.timeoutMs} ms`));
    }
    if (this.waiting.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}
