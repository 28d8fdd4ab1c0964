import { setTimeout as sleep } from "node:timers/promises";
import type { Consumer, ConsumeOptions, ConsumerMessages, JsMsg } from "@nats-io/jetstream";
import type { MsgHdrs } from "@nats-io/transport-node";
import type { Logger } from "../../../diagnostics/logger.js";
import { Backoff, pause, RETRY_DEFAULTS } from "../../../util/backoff.js";
import { HandlerPool } from "../pool.js";
import { isExpired, type Clock } from "../metadata.js";
import { deliver, type Settler } from "../subscriptions.js";
import type { ActiveSubscription, MessageHandler } from "../types.js";
import { JETSTREAM_DEFAULTS, type JetStreamSettings } from "./metadata.js";
import type { WriteCoalescer } from "../coalescer.js";

/** Header carrying the publish's ttlInSeconds as an absolute epoch-ms deadline (JetStream 2.9 has no per-message TTL). */
export const EXPIRES_HEADER = "Runtimed-Expires-At";
export const CONTENT_TYPE_HEADER = "Content-Type";
/**
 * The nak delay of messages a stopping subscription hands back. Not 0: the server may still count
 * this subscription's last pull request as open for a moment after it unsubscribed (seen on 2.9),
 * and an immediate redelivery into it is lost until ackWait.
 */
const STOPPED_NAK_DELAY_MS = 250;

/** ackPolicy none: the server settled each message when it sent it. */
const NO_ACKS: Settler = { ack: () => undefined, nack: () => undefined };

export interface JetStreamSubscriptionDeps {
  topic: string;
  /** The durable consumer, bound already. */
  consumer: Consumer;
  /** Binds to the durable consumer again (re-creating stream and consumer when the server lost them). */
  rebind: () => Promise<Consumer>;
  settings: JetStreamSettings;
  handler: MessageHandler;
  logger: Logger;
  /** Acks and naks leave at the end of the turn, together with the connection's other writes. */
  writes: WriteCoalescer<() => void>;
  now: Clock;
}

/**
 * One subscription: pulls from the durable consumer, hands each message to the handler (one at a
 * time, or up to `prefetch` at once when concurrency is parallel), acks after it resolved, naks
 * with a delay when it rejected, and marks long handlers as in progress so the server does not
 * redeliver them after ackWait. The consumer lives on the server, so whatever is unacked when this
 * process dies comes back to a replica (or this process after a restart).
 */
export class JetStreamSubscription implements ActiveSubscription {
  private readonly pool: HandlerPool<JsMsg>;
  /** Handlers running or waiting for a slot before the loop takes the next message: 1 keeps publish order. */
  private readonly bound: number;
  private loop: Promise<void> = Promise.resolve();
  private messages?: ConsumerMessages;
  private signal!: AbortSignal;
  private nextSendAt = 0;
  /**
   * Messages being handled, by when each was last marked in progress (or taken): one timer per
   * subscription marks those a third of ackWait old, as a timer of their own each would, without a
   * Timeout made and cleared per delivery. Younger ones are left alone: no burst of in-progress acks
   * for messages that will be acked anyway.
   */
  private readonly inHand = new Map<JsMsg, number>();
  private progress?: NodeJS.Timeout;

  constructor(private readonly deps: JetStreamSubscriptionDeps) {
    this.bound = deps.settings.concurrency === "single" ? 1 : deps.settings.prefetch;
    this.pool = new HandlerPool<JsMsg>({
      concurrency: this.bound,
      handle: (message) => this.process(message),
      onError: (error, message) => deps.logger.warn(`settling message ${message.seq} of ${deps.topic} failed: ${(error as Error).message}`),
    });
  }

  /** Resolves once the first pull request is out: the consumer exists, so nothing published from now on is missed. */
  async start(signal: AbortSignal): Promise<void> {
    this.signal = signal;
    this.messages = await this.deps.consumer.consume(this.consumeOptions());
    const stop = (): void => {
      this.messages?.stop();
      for (const message of this.pool.stop()) this.nak(message, STOPPED_NAK_DELAY_MS);
    };
    signal.addEventListener("abort", stop, { once: true });
    if (signal.aborted) stop();
    this.loop = this.run();
  }

  async drained(): Promise<void> {
    await this.loop;
    await this.pool.drained();
    clearInterval(this.progress);
    this.progress = undefined;
  }

  /** The server is told every ackWait/3 that `message` is still being worked on, until it leaves inHand. */
  private markInProgress(message: JsMsg): void {
    this.inHand.set(message, performance.now());
    if (this.progress) return;
    const ackWaitMs = this.deps.settings.ackWaitMs ?? JETSTREAM_DEFAULTS.serverAckWaitMs;
    const everyMs = Math.max(10, Math.floor(ackWaitMs / 3));
    // Checked twice per period: a message is marked between one and one and a half periods after its last mark, within ackWait.
    this.progress = setInterval(() => {
      const now = performance.now();
      for (const [held, markedAt] of this.inHand) {
        if (now - markedAt < everyMs) continue;
        held.working();
        this.inHand.set(held, now);
      }
    }, Math.max(5, Math.floor(everyMs / 2)));
    // Idle ticks must not hold the process open; the consumer's connection does while it runs.
    this.progress.unref();
  }

  private consumeOptions(): ConsumeOptions {
    const { prefetch, heartbeatMs } = this.deps.settings;
    // A consumer or stream that disappears (deleted, or lost by a server without persistence) ends the
    // iterator, so run() binds again, re-creating them, instead of the client waiting for them for ever.
    const options: ConsumeOptions = { max_messages: prefetch, abort_on_missing_resource: true };
    if (heartbeatMs !== undefined && heartbeatMs > 0) {
      options.idle_heartbeat = heartbeatMs;
      // The server wants the pull request to outlive two heartbeats.
      options.expires = Math.max(30_000, heartbeatMs * 3);
    }
    return options;
  }

  private async run(): Promise<void> {
    const { topic, logger } = this.deps;
    const backoff = new Backoff(RETRY_DEFAULTS.reconnect);
    while (!this.signal.aborted) {
      if (this.messages) {
        try {
          for await (const message of this.messages) {
            backoff.reset();
            await this.dispatch(message);
          }
        } catch (error) {
          if (!this.signal.aborted) logger.warn(`JetStream consumer of ${topic} stopped: ${(error as Error).message}; binding again`);
        }
        if (this.signal.aborted) break;
        // The iterator ended by itself: the consumer or its stream went away (deleted, or a server without persistence restarted).
        this.messages = undefined;
      }
      await pause(backoff.next(), this.signal);
      if (this.signal.aborted) break;
      try {
        const consumer = await this.deps.rebind();
        this.messages = await consumer.consume(this.consumeOptions());
        if (this.signal.aborted) this.messages.stop();
        logger.info(`JetStream consumer of ${topic} bound again`);
      } catch (error) {
        if (backoff.failures === 1) logger.warn(`binding the JetStream consumer of ${topic} failed: ${(error as Error).message}; retrying`);
      }
    }
  }

  private async dispatch(message: JsMsg): Promise<void> {
    // Backpressure: the iterator is not read further while the pool is full (single: until the handler settled).
    while (this.pool.outstanding >= this.bound && !this.signal.aborted) await this.pool.changed();
    if (this.signal.aborted) {
      // Fetched but never handed over: back to the server soon rather than after ackWait, for the next subscriber.
      this.nak(message, STOPPED_NAK_DELAY_MS);
      return;
    }
    this.pool.push(message);
  }

  private async process(message: JsMsg): Promise<void> {
    const { topic, settings, handler, logger } = this.deps;
    const { expiresAt, contentType } = deliveryHeaders(message.headers);
    if (expiresAt && isExpired(Number(expiresAt), this.deps.now())) {
      logger.debug(`message ${message.seq} of ${topic} expired (ttlInSeconds); terminated without delivery`);
      if (settings.ackPolicy !== "none") message.term();
      return;
    }
    if (settings.rateLimitBps > 0) await this.pace(message.data.byteLength);
    if (settings.ackPolicy !== "none") this.markInProgress(message);
    const data = Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength);
    const { writes } = this.deps;
    const delivered = { topic, data, contentType: contentType || undefined, metadata: { Topic: message.subject, "jetstream.sequence": String(message.seq), "jetstream.deliveryCount": String(message.info.deliveryCount) } };
    // term, not ack, for what the runtime gave up on: the server raises a MSG_TERMINATED advisory
    // ($JS.EVENT.ADVISORY.CONSUMER.MSG_TERMINATED.<stream>.<consumer>) that operators can alert on.
    // No reason text: servers before 2.10 read "+TERM <reason>" as no acknowledgement at all and
    // redeliver after ackWait.
    const settler = settings.ackPolicy === "none" ? NO_ACKS : { ack: () => writes.push(() => message.ack()), nack: (delayMs: number) => this.nak(message, delayMs), term: () => writes.push(() => message.term()) };
    await deliver(handler, delivered, settler, (error) => {
      this.inHand.delete(message);
      const delay = this.signal.aborted ? STOPPED_NAK_DELAY_MS : this.nakDelay(message.info.deliveryCount);
      logger.debug(`handler rejected message ${message.seq} of ${topic}: ${(error as Error).message}; redelivery in ${delay}ms`);
      return delay;
    });
    this.inHand.delete(message);
  }

  private nak(message: JsMsg, delayMs: number): void {
    if (this.deps.settings.ackPolicy === "none") return;
    this.deps.writes.push(() => (delayMs > 0 ? message.nak(delayMs) : message.nak()));
  }

  /** backOff's entry for this attempt (the last one repeats), else nakDelay. */
  private nakDelay(deliveryCount: number): number {
    const { backOffMs, nakDelayMs } = this.deps.settings;
    if (backOffMs.length === 0) return nakDelayMs;
    return backOffMs[Math.min(deliveryCount - 1, backOffMs.length - 1)]!;
  }

  /** rateLimit (bits per second): pull consumers cannot carry it, so the subscription spaces its deliveries. */
  private async pace(bytes: number): Promise<void> {
    const now = Date.now();
    this.nextSendAt = Math.max(this.nextSendAt, now);
    const wait = this.nextSendAt - now;
    this.nextSendAt += ((bytes * 8) / this.deps.settings.rateLimitBps) * 1000;
    if (wait > 0) await sleep(wait);
  }
}

/** The two headers a delivery reads, in one pass: MsgHdrs.get builds and filters the list of names on every call. */
function deliveryHeaders(headers: MsgHdrs | undefined): { expiresAt?: string; contentType?: string } {
  const found: { expiresAt?: string; contentType?: string } = {};
  if (!headers) return found;
  for (const [name, values] of headers) {
    if (name === EXPIRES_HEADER) found.expiresAt ??= values[0];
    else if (name === CONTENT_TYPE_HEADER) found.contentType ??= values[0];
  }
  return found;
}
