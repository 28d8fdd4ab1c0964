import { headers as natsHeaders, type MsgHdrs } from "@nats-io/transport-node";
import { AckPolicy, JetStreamApiCodes, RetentionPolicy, StorageType, type ConsumerMessages, type JetStreamClient, type JetStreamManager } from "@nats-io/jetstream";
import type { Logger } from "../../../diagnostics/logger.js";
import { Backoff, pause, RETRY_DEFAULTS } from "../../../util/backoff.js";
import type { Clock } from "../metadata.js";
import { isApiError } from "./streams.js";
import { CONTENT_TYPE_HEADER, EXPIRES_HEADER } from "./subscription.js";

/**
 * Delayed delivery on JetStream before server 2.12's message scheduling: a holding stream
 * (`RUNTIME_DELAYED`, subjects `runtime.delayed.<topic>`, work-queue retention, file storage) keeps
 * the messages not yet due, and a mover, one durable pull consumer shared by every sidecar on the
 * server, moves each due one to its topic. The timing is the server's own: a message not yet due is
 * nak'ed with its remaining delay, so the server hands it out again at its time; no sidecar polls
 * and none holds a timer. The consumer's state is on the server, so a mover that dies leaves its
 * messages to the next (after ackWait), and a message the mover published to its topic but did not
 * ack is published again under the same Nats-Msg-Id, which the topic's stream de-duplicates within
 * its duplicate window.
 */
export const HOLDING_STREAM = "RUNTIME_DELAYED";
export const HOLDING_PREFIX = "runtime.delayed.";
const MOVER = "runtime-delay-mover";
/** When the message is due (epoch ms), and the Nats-Msg-Id it takes to its topic. */
const DELIVER_AT_HEADER = "Runtimed-Deliver-At";
const MSG_ID_HEADER = "Runtimed-Msg-Id";
/**
 * How long a message handed to a mover stays its own before the server offers it to another, and
 * how long a mover's pull request lives: a mover that died (its pull still open on the server) delays
 * the messages handed to it by this much. A move takes milliseconds; one slower than this is moved
 * twice, and the topic's stream drops the second by its Nats-Msg-Id.
 */
const MOVER_ACK_WAIT_MS = 5000;
/** The server's timers take a delay in nanoseconds as a Go duration: keep a month well inside it. */
const MAX_NAK_DELAY_MS = 24 * 3_600_000;
/** A move whose topic publish failed is tried again after this. */
const RETRY_MOVE_MS = 1000;
const NANOS_PER_MS = 1_000_000;

export interface DelayedHoldOptions {
  jsm: JetStreamManager;
  js: JetStreamClient;
  /** Publishes with a PubAck (and the component's stream discovery). */
  send: (subject: string, data: Uint8Array, headers: MsgHdrs) => Promise<void>;
  memoryStorage: boolean;
  /** The connection is closed for good (the mover stops with it, whoever closed it). */
  connectionClosed: () => boolean;
  now: Clock;
  logger: Logger;
}

export class JetStreamDelayed {
  private readonly controller = new AbortController();
  private loop?: Promise<void>;
  private messages?: ConsumerMessages;
  private holdingReady?: Promise<void>;
  private wake?: () => void;

  constructor(private readonly options: DelayedHoldOptions) {}

  /** Resolves once the holding stream stored the message (the 204 of a delayed publish). */
  async hold(topic: string, data: Buffer, headers: MsgHdrs, msgID: string | undefined, deliverAt: number): Promise<void> {
    const h = natsHeaders();
    for (const [key, values] of headers) for (const value of values) h.append(key, value);
    h.set(DELIVER_AT_HEADER, String(deliverAt));
    if (msgID !== undefined) {
      h.set(MSG_ID_HEADER, msgID);
      h.set("Nats-Msg-Id", `delayed:${msgID}`);
    }
    await this.ensureHolding();
    await this.options.send(`${HOLDING_PREFIX}${topic}`, data, h);
    this.wake?.();
  }

  /** Messages in the holding stream per topic (runtime_pubsub_delayed_pending). */
  async pending(): Promise<Array<{ topic: string; count: number }>> {
    const info = await this.options.jsm.streams.info(HOLDING_STREAM, { subjects_filter: `${HOLDING_PREFIX}>` }).catch((error: unknown) => {
      if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return undefined;
      throw error;
    });
    const subjects = info?.state.subjects ?? {};
    return Object.entries(subjects).map(([subject, count]) => ({ topic: subject.slice(HOLDING_PREFIX.length), count }));
  }

  /** Runs the mover: every live sidecar of a JetStream component takes part. */
  start(): void {
    this.loop ??= this.run();
  }

  async close(): Promise<void> {
    this.controller.abort();
    this.wake?.();
    await this.messages?.close().catch(() => undefined);
    await this.loop;
  }

  /** The holding stream and the mover's consumer, created on first use (a server without delayed messages gets neither). */
  private ensureHolding(): Promise<void> {
    this.holdingReady ??= this.createHolding().catch((error: unknown) => {
      this.holdingReady = undefined;
      throw error;
    });
    return this.holdingReady;
  }

  private async createHolding(): Promise<void> {
    const { jsm } = this.options;
    try {
      await jsm.streams.add({
        name: HOLDING_STREAM,
        subjects: [`${HOLDING_PREFIX}>`],
        retention: RetentionPolicy.Workqueue,
        storage: this.options.memoryStorage ? StorageType.Memory : StorageType.File,
      });
    } catch (error) {
      // Made by another sidecar (maybe with the other storage): it is the one to use.
      if (!(await jsm.streams.info(HOLDING_STREAM).then(() => true, () => false))) throw error;
    }
    try {
      await jsm.consumers.add(HOLDING_STREAM, { durable_name: MOVER, ack_policy: AckPolicy.Explicit, max_deliver: -1, ack_wait: MOVER_ACK_WAIT_MS * NANOS_PER_MS, max_ack_pending: -1 });
    } catch (error) {
      const existing = await jsm.consumers.info(HOLDING_STREAM, MOVER).catch(() => undefined);
      if (!existing) throw error;
      if (existing.config.ack_wait !== MOVER_ACK_WAIT_MS * NANOS_PER_MS) await jsm.consumers.update(HOLDING_STREAM, MOVER, { ack_wait: MOVER_ACK_WAIT_MS * NANOS_PER_MS });
    }
  }

  private async run(): Promise<void> {
    const signal = this.controller.signal;
    const backoff = new Backoff(RETRY_DEFAULTS.reconnect);
    while (!signal.aborted && !this.options.connectionClosed()) {
      try {
        const exists = await this.options.jsm.streams.info(HOLDING_STREAM).then(() => true, (error: unknown) => {
          if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return false;
          throw error;
        });
        if (!exists) {
          // Nothing delayed on this server yet: wait for this sidecar's first delayed publish, or look again later.
          await this.idle(5000);
          continue;
        }
        await this.ensureHolding();
        const consumer = await this.options.js.consumers.get(HOLDING_STREAM, MOVER);
        if (signal.aborted) break;
        const messages = await consumer.consume({ max_messages: 256, expires: MOVER_ACK_WAIT_MS, abort_on_missing_resource: true });
        this.messages = messages;
        // close() ran while the pull was being set up: it found nothing to close.
        if (signal.aborted) {
          await messages.close().catch(() => undefined);
          break;
        }
        backoff.reset();
        for await (const message of messages) {
          const due = Number(message.headers?.get(DELIVER_AT_HEADER));
          const wait = Number.isFinite(due) ? due - this.options.now() : 0;
          if (wait > 0) {
            message.nak(Math.min(Math.ceil(wait), MAX_NAK_DELAY_MS));
            continue;
          }
          try {
            await this.options.send(message.subject.slice(HOLDING_PREFIX.length), message.data, topicHeaders(message.headers));
            message.ack();
          } catch (error) {
            this.options.logger.warn(`moving a due delayed message to ${message.subject.slice(HOLDING_PREFIX.length)} failed (retried in ${RETRY_MOVE_MS}ms): ${(error as Error).message}`);
            message.nak(RETRY_MOVE_MS);
          }
        }
      } catch (error) {
        if (signal.aborted || this.options.connectionClosed()) break;
        this.holdingReady = undefined;
        if (backoff.failures === 0) this.options.logger.warn(`the JetStream delayed-message mover stopped: ${(error as Error).message}; starting again`);
      }
      if (!signal.aborted && !this.options.connectionClosed()) await pause(backoff.next(), signal);
    }
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      // Not a reason for the process to stay alive.
      const timer = setTimeout(done, ms).unref();
      this.wake = done;
    });
  }
}

/** The headers the message had on publish, without the holding ones; its original Nats-Msg-Id de-duplicates a repeated move. */
function topicHeaders(held: MsgHdrs | undefined): MsgHdrs {
  const h = natsHeaders();
  if (!held) return h;
  for (const name of [CONTENT_TYPE_HEADER, EXPIRES_HEADER]) {
    const value = held.get(name);
    if (value) h.set(name, value);
  }
  const msgID = held.get(MSG_ID_HEADER);
  if (msgID) h.set("Nats-Msg-Id", msgID);
  return h;
}
