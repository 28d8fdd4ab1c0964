import type { Logger } from "../../../diagnostics/logger.js";
import { deliver } from "../subscriptions.js";
import { pause } from "../../../util/backoff.js";
import type { RedisClient } from "../../redis/client.js";
import { HandlerPool } from "../pool.js";
import { isExpired, type Clock } from "../metadata.js";
import type { ActiveSubscription, MessageHandler } from "../types.js";
import { decodeEntryList, decodeReadReply, isBusyGroupError, isNoGroupError, type StreamEntry } from "./entry.js";
import type { RedisPubSubSettings } from "./metadata.js";
import type { ReadTarget } from "./reader.js";

export interface RedisSubscriptionDeps {
  /** The shared command connection: XCLAIM, XAUTOCLAIM, XGROUP. */
  client: RedisClient;
  /**
   * The reader shared by every stream this consumer name reads in the group (one blocking
   * XREADGROUP for all); acks ride on its next read (SharedReader.ack).
   */
  reader: { add(target: ReadTarget): void; release(target: ReadTarget): void; ack(stream: string, id: string): Promise<void> };
  stream: string;
  consumerName: string;
  settings: RedisPubSubSettings;
  handler: MessageHandler;
  logger: Logger;
  now?: Clock;
}

/** Consumers of the group with nothing pending and idle this long are gone (crashed sidecars): remove them. */
const DEAD_CONSUMER_IDLE_MS = 10 * 60_000;

/**
 * One subscription to one stream within the app's consumer group: reads new entries, bounds the
 * handlers in flight (concurrency) and read ahead (queueDepth), acknowledges only after the handler
 * resolved, redelivers a rejected entry after redeliverInterval, and reclaims entries any consumer
 * left pending for processingTimeout (a crashed replica's), which is what makes delivery at-least-once.
 */
export class RedisSubscription implements ActiveSubscription, ReadTarget {
  /** Ids queued, being handled, waiting for redelivery or for their XACK to run, so a reclaim does not hand them out twice. */
  private readonly known = new Set<string>();
  private readonly pool: HandlerPool<StreamEntry>;
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  /** Acks handed to the reader whose XACK has not run yet: drained() waits for them. */
  private acking = 0;
  private acksRan: Array<() => void> = [];
  private loops: Promise<void> = Promise.resolve();
  private readonly now: Clock;
  private readonly logger: Logger;
  private signal!: AbortSignal;

  get name(): string {
    return this.deps.consumerName;
  }

  get stream(): string {
    return this.deps.stream;
  }

  constructor(private readonly deps: RedisSubscriptionDeps) {
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger;
    this.pool = new HandlerPool({ concurrency: deps.settings.concurrency, handle: (entry) => this.process(entry) });
  }

  /** Resolves once the group exists, so messages published after subscribe() resolved are delivered. */
  async start(signal: AbortSignal): Promise<void> {
    this.signal = signal;
    try {
      await this.ensureGroup();
    } catch (error) {
      // Never started: the reader taken for it is given back.
      this.deps.reader.release(this);
      throw error;
    }
    signal.addEventListener("abort", () => this.stop(), { once: true });
    this.loops = Promise.all([this.readHistoryThenJoin(), this.reclaimLoop()]).then(() => undefined);
  }

  /** After the handlers settled, their acks too: a clean stop leaves nothing handled pending. */
  async drained(): Promise<void> {
    await this.loops;
    await this.pool.drained();
    if (this.acking > 0) await new Promise<void>((resolve) => this.acksRan.push(resolve));
  }

  private stop(): void {
    // Entries queued or waiting for redelivery stay pending in the group; a consumer reclaims them after processingTimeout.
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    // Leave the shared read first: the reader must not watch a stopped pool's room.
    this.deps.reader.release(this);
    this.pool.stop();
  }

  room(): number {
    const { concurrency, queueDepth } = this.deps.settings;
    return concurrency + queueDepth - this.pool.outstanding;
  }

  roomChanged(): Promise<void> {
    return this.pool.changed();
  }

  accept(entries: StreamEntry[]): void {
    for (const entry of entries) this.enqueue(entry);
  }

  recreateGroup(): Promise<void> {
    return this.ensureGroup();
  }

  /**
   * XGROUP CREATE at 0 with MKSTREAM, as Dapr does: entries added before the group existed (or
   * after a Redis restart lost it, while the stream was recreated by a publish) are not skipped.
   */
  private async ensureGroup(): Promise<void> {
    try {
      await this.deps.client.call("XGROUP", "CREATE", this.deps.stream, this.deps.settings.consumerGroup, "0", "MKSTREAM");
      this.logger.debug(`created consumer group ${this.deps.settings.consumerGroup} on stream ${this.deps.stream}`);
    } catch (error) {
      if (!isBusyGroupError(error)) throw error;
    }
  }

  /**
   * First this consumer's own pending history (id 0: what a predecessor of the same name left, e.g.
   * before a hot reload), read without blocking on the command connection; then new entries (>),
   * read by the shared reader. A failed history read is left to XAUTOCLAIM (after processingTimeout).
   */
  private async readHistoryThenJoin(): Promise<void> {
    const { client, stream, consumerName, settings } = this.deps;
    let cursor = "0";
    try {
      while (!this.signal.aborted) {
        const room = this.room();
        if (room <= 0) {
          await this.pool.changed();
          continue;
        }
        const reply = await client.callBuffer("XREADGROUP", "GROUP", settings.consumerGroup, consumerName, "COUNT", room, "STREAMS", stream, cursor);
        const entries = decodeReadReply(reply);
        if (entries.length === 0) break;
        cursor = entries[entries.length - 1]!.id;
        this.accept(entries);
      }
    } catch (error) {
      if (!isNoGroupError(error)) this.logger.warn(`reading the pending entries of stream ${stream} failed: ${(error as Error).message}; they come back after processingTimeout`);
    }
    if (!this.signal.aborted) this.deps.reader.add(this);
  }

  /** Every tick: XAUTOCLAIM entries of any consumer idle beyond processingTimeout, and forget dead consumers. */
  private async reclaimLoop(): Promise<void> {
    const { processingTimeoutMs, redeliverIntervalMs } = this.deps.settings;
    const tickMs = Math.max(50, Math.min(redeliverIntervalMs, processingTimeoutMs / 2));
    let ticks = 0;
    while (!this.signal.aborted) {
      await pause(tickMs, this.signal);
      if (this.signal.aborted) break;
      try {
        await this.reclaim();
        if (++ticks % 20 === 0) await this.removeDeadConsumers();
      } catch (error) {
        if (this.signal.aborted) break;
        if (isNoGroupError(error)) continue; // the read loop recreates it
        this.logger.debug(`reclaiming pending entries of ${this.deps.stream}: ${(error as Error).message}`);
      }
    }
  }

  private async reclaim(): Promise<void> {
    const { client, stream, consumerName, settings } = this.deps;
    let cursor = "0-0";
    do {
      const room = this.room();
      if (room <= 0) return;
      const reply = (await client.callBuffer("XAUTOCLAIM", stream, settings.consumerGroup, consumerName, settings.processingTimeoutMs, cursor, "COUNT", room)) as unknown[];
      cursor = String(reply[0]);
      const entries = decodeEntryList(reply[1]).filter((e) => !this.known.has(e.id));
      if (entries.length > 0) this.logger.info(`reclaimed ${entries.length} entr${entries.length === 1 ? "y" : "ies"} of stream ${stream} pending longer than ${settings.processingTimeoutMs}ms`);
      for (const entry of entries) this.enqueue(entry);
    } while (cursor !== "0-0" && !this.signal.aborted);
  }

  private async removeDeadConsumers(): Promise<void> {
    const { client, stream, consumerName, settings } = this.deps;
    const consumers = (await client.call("XINFO", "CONSUMERS", stream, settings.consumerGroup)) as unknown[][];
    for (const info of consumers) {
      const fields = new Map<string, unknown>();
      for (let i = 0; i + 1 < info.length; i += 2) fields.set(String(info[i]), info[i + 1]);
      const name = String(fields.get("name"));
      if (name === consumerName || Number(fields.get("pending")) !== 0 || Number(fields.get("idle")) < DEAD_CONSUMER_IDLE_MS) continue;
      await client.call("XGROUP", "DELCONSUMER", stream, settings.consumerGroup, name);
      this.logger.debug(`removed idle consumer ${name} from group ${settings.consumerGroup}`);
    }
  }

  private enqueue(entry: StreamEntry, redelivery = false): void {
    if (this.signal.aborted) return;
    if (!redelivery) {
      if (this.known.has(entry.id)) return;
      this.known.add(entry.id);
    }
    this.pool.push(entry);
  }

  private async process(entry: StreamEntry): Promise<void> {
    const { stream, handler } = this.deps;
    if (entry.data === undefined) {
      // Trimmed (MAXLEN) or deleted while pending: nothing left to deliver.
      this.ack(entry.id);
      return;
    }
    if (isExpired(entry.expiresAt, this.now())) {
      this.logger.debug(`entry ${entry.id} of stream ${stream} expired (ttlInSeconds); acknowledged without delivery`);
      this.ack(entry.id);
      return;
    }
    // No term in Redis Streams: an entry given up is acknowledged; a refused one is claimed back after redeliverInterval.
    await deliver(handler, { topic: stream, data: entry.data, contentType: entry.contentType, metadata: { "redis.streamId": entry.id } }, { ack: () => this.ack(entry.id), nack: () => this.scheduleRedelivery(entry.id) }, (error) => {
      this.logger.debug(`handler rejected entry ${entry.id} of stream ${stream}: ${(error as Error).message}; redelivering in ${this.deps.settings.redeliverIntervalMs}ms`);
      return this.deps.settings.redeliverIntervalMs;
    });
  }

  /**
   * Hands the ack to the reader without waiting for it: the handler slot is free at once, while the
   * XACK waits for the next read (waiting, it would hold slots for a whole block and starve reads).
   * The id stays known until the XACK ran, so a reclaim meanwhile does not deliver it again; a failed
   * XACK leaves the entry pending: it comes back, a duplicate, never a loss.
   */
  private ack(id: string): void {
    this.acking++;
    void this.deps.reader
      .ack(this.deps.stream, id)
      .catch(() => undefined)
      .finally(() => {
        this.known.delete(id);
        if (--this.acking === 0) for (const resolve of this.acksRan.splice(0)) resolve();
      });
  }

  /**
   * The entry stays pending under this consumer. XCLAIM it back after redeliverInterval (which also
   * re-reads it and resets its idle time); if another consumer reclaimed it meanwhile, its idle time
   * is short and XCLAIM returns nothing, so it is not delivered twice from here.
   */
  private scheduleRedelivery(id: string): void {
    if (this.signal.aborted) return;
    const { client, stream, consumerName, settings } = this.deps;
    const timer = setTimeout(() => {
      this.retryTimers.delete(id);
      const minIdle = Math.floor(settings.redeliverIntervalMs / 2);
      client.callBuffer("XCLAIM", stream, settings.consumerGroup, consumerName, minIdle, id).then(
        (reply) => {
          const [entry] = decodeEntryList(reply);
          if (entry && !this.signal.aborted) this.enqueue(entry, true);
          else this.known.delete(id);
        },
        (error: unknown) => {
          // Left pending: the reclaim loop picks it up after processingTimeout.
          this.known.delete(id);
          this.logger.warn(`redelivering entry ${id} of stream ${stream} failed: ${(error as Error).message}`);
        },
      );
    }, settings.redeliverIntervalMs);
    this.retryTimers.set(id, timer);
  }
}
