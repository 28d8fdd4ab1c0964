import { createInbox, type Msg, type MsgHdrs, type NatsConnection } from "@nats-io/transport-node";
import { JetStreamApiError, type ApiError } from "@nats-io/jetstream";
import { PendingAcks, type WriteCoalescer } from "../coalescer.js";

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
 * subject, and PendingAcks times out what the server did not answer.
 */
export class PubAckPublisher {
  private readonly inbox = `${createInbox()}.`;
  private readonly waiting: PendingAcks<string>;
  private readonly decoder = new TextDecoder();
  private next = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly writes: WriteCoalescer<() => void>,
    timeoutMs: number,
  ) {
    this.waiting = new PendingAcks(timeoutMs, () => new Error(`JetStream did not acknowledge the publish within ${timeoutMs} ms`));
    // Ended with the connection (drain or close).
    nc.subscribe(`${this.inbox}*`, { callback: (error, msg) => this.answer(error, msg) });
  }

  /** Resolves once JetStream stored the message (or knew it by its Nats-Msg-Id); rejects on an error, the timeout, or failAll. */
  publish(subject: string, data: Uint8Array, headers: MsgHdrs): Promise<void> {
    const token = (this.next++).toString(36);
    const alone = this.waiting.size === 0;
    const promise = this.waiting.wait(token);
    // A lone publish leaves at once; one issued while others await their PubAck waits for the end of the turn and leaves with them.
    this.writes.push(() => this.send(token, subject, data, headers), alone);
    return promise;
  }

  /** The connection dropped: nobody is to wait for a PubAck that may never come (a retry is de-duplicated by its msgID). */
  failAll(error: Error): void {
    this.waiting.failAll(error);
  }

  close(): void {
    this.waiting.close(new Error("the JetStream component closed before the publish was acknowledged"));
  }

  private send(token: string, subject: string, data: Uint8Array, headers: MsgHdrs): void {
    // Answered already (the connection dropped in the meantime): the caller has its 500, nothing is sent.
    if (!this.waiting.has(token)) return;
    try {
      this.nc.publish(subject, data, { reply: this.inbox + token, headers });
    } catch (error) {
      this.waiting.settle(token, error as Error);
    }
  }

  private answer(error: Error | null, msg: Msg): void {
    if (error) {
      this.failAll(error);
      return;
    }
    const token = msg.subject.slice(this.inbox.length);
    if (!this.waiting.has(token)) return;
    this.waiting.settle(token, this.pubAckError(msg));
  }

  /** Why the server refused the publish, or null when it stored it. */
  private pubAckError(msg: Msg): Error | null {
    if (msg.data.length === 0) {
      const code = msg.headers?.code ?? 0;
      return (code === 503 ? new NoStreamError("no responders: no JetStream stream holds the subject") : new Error(`JetStream answered the publish with status ${code} ${msg.headers?.description ?? ""}`));
    }
    let ack: { stream?: string; error?: ApiError };
    try {
      ack = JSON.parse(this.decoder.decode(msg.data)) as typeof ack;
    } catch {
      return new Error("JetStream answered the publish with a PubAck that is not JSON");
    }
    if (ack.error) return new JetStreamApiError(ack.error);
    return ack.stream ? null : new Error("JetStream answered the publish with an invalid PubAck");
  }
}
