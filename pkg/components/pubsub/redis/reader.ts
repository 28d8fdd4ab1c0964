import type { Logger } from "../../../diagnostics/logger.js";
import type { RedisClient } from "../../redis/client.js";
import { Backoff, pause, RETRY_DEFAULTS } from "../../../util/backoff.js";
import { HeldAcks, type AckBatch } from "./acks.js";
import { decodeReadReplyByStream, isNoGroupError, type StreamEntry } from "./entry.js";

/** What the shared reader needs of each subscription it reads for (RedisSubscription). */
export interface ReadTarget {
  readonly stream: string;
  /** Entries it can take now (free handler slots plus read-ahead); 0 leaves its stream out of the next read. */
  room(): number;
  /** Resolves once room() may have grown (a handler settled) or the subscription stopped. */
  roomChanged(): Promise<void>;
  accept(entries: StreamEntry[]): void;
  /** Recreates the consumer group of its stream (Redis lost it). */
  recreateGroup(): Promise<void>;
}

export interface SharedReaderDeps {
  /** A connection of the reader's own: XREADGROUP BLOCK holds it. Disconnected when the last target leaves. */
  connection: RedisClient;
  /**
   * The command connection, from which CLIENT UNBLOCK interrupts a blocked read when the stream set
   * changes; without one (Redis Cluster), reads block briefly instead and the next one picks the change up.
   */
  unblock?: RedisClient;
  /** Sends a command through the command connection's tick pipeline: acks no read picks up go that way. */
  send: (command: string, args: Array<string | number>) => Promise<unknown>;
  group: string;
  consumerName: string;
  /** XAUTOCLAIM redelivers an entry pending this long: an ack may wait for a read only a fraction of it. */
  processingTimeoutMs: number;
  logger: Logger;
  /** Called once the last target left (the connection closes when a read carrying acks returned): the reader must not be handed out again. */
  onIdle: () => void;
}

/** Bounds an idle read's round trip; a change of the stream set interrupts it at once with CLIENT UNBLOCK. */
const BLOCK_MS = 5000;
/** The block without CLIENT UNBLOCK: how long a change of the stream set may wait to be read. */
const SHORT_BLOCK_MS = 250;
/** How long a stream that joined may wait for the read to be re-issued with it (see reissueSoon). */
const JOIN_WINDOW_MS = 20;
/** The longest an ack waits for a read to carry it, and then for that read to return (BLOCK while acks ride). */
const ACK_DELAY_MS = 1000;

/** Waiting for a read and then riding behind it, an ack is delayed by at most twice this: a quarter of processingTimeout. */
export function ackDelayMs(processingTimeoutMs: number): number {
  return Math.max(1, Math.floor(Math.min(ACK_DELAY_MS, processingTimeoutMs / 8)));
}

/**
 * One blocking `XREADGROUP ... STREAMS k1 .. kn > .. >` for every stream a consumer (group + name)
 * reads, on one connection: a component holds O(1) Redis connections whatever its topic count,
 * instead of one per subscribed topic. Streams without room are left out of the read (backpressure
 * per topic); COUNT is the smallest room among the streams read (COUNT bounds each
 * stream's share of the reply). Adding or removing a stream, or room coming back to a stream left
 * out, re-issues the read: the blocked one is ended with CLIENT UNBLOCK from the command connection.
 */
export class SharedReader {
  private readonly targets = new Map<string, ReadTarget>();
  /** Targets left out of the current read for want of room, each watched once until room comes back. */
  private readonly watching = new Set<ReadTarget>();
  private readonly acks: HeldAcks;
  private readonly ackDelay: number;
  private clientId?: number;
  /** Increments per XREADGROUP sent; an unblock retries until the read it aimed at has returned. */
  private generation = 0;
  private inFlight = false;
  /** The read in flight carries acks: a stop must let it return rather than disconnect under it. */
  private riding = false;
  private unblocking = false;
  private wakeIdle?: () => void;
  private joinTimer?: NodeJS.Timeout;
  private stopped = false;
  private disconnected = false;
  private holders = 0;
  /** Ends the pause after a failed read when the reader stops. */
  private readonly stopping = new AbortController();
  /** Ends the CLIENT UNBLOCK retries once the loop is over. */
  private readonly ended = new AbortController();
  private readonly loop: Promise<void>;

  constructor(private readonly deps: SharedReaderDeps) {
    // A reconnected socket is a new Redis client with a new id.
    deps.connection.on("close", () => (this.clientId = undefined));
    this.ackDelay = ackDelayMs(deps.processingTimeoutMs);
    this.acks = new HeldAcks(deps.group, this.ackDelay, deps.send, deps.logger);
    this.loop = this.run().finally(() => {
      this.ended.abort();
      this.disconnect();
    });
  }

  get size(): number {
    return this.targets.size;
  }

  /**
   * A subscription takes the reader before it joins it (after reading its pending history): the
   * reader lives while anyone holds it, so a stream joining later never finds it closed.
   */
  acquire(): this {
    if (this.stopped) throw new Error(`the reader of consumer ${this.deps.consumerName} is closed`);
    this.holders++;
    return this;
  }

  add(target: ReadTarget): void {
    if (this.targets.has(target.stream)) throw new Error(`stream ${target.stream} is already read by consumer ${this.deps.consumerName}`);
    this.targets.set(target.stream, target);
    if (this.wakeIdle) this.reissue();
    else this.reissueSoon();
  }

  /**
   * Streams joining in a burst (start-up or a hot reload with many subscriptions) end the read in
   * flight once per JOIN_WINDOW_MS, not once each: every re-issue sends every stream name again, so at
   * 1,000 topics one each made ~500 reads of ~500 names, garbage that stayed in the heap as RSS.
   */
  private reissueSoon(): void {
    if (this.joinTimer || this.stopped) return;
    this.joinTimer = setTimeout(() => {
      this.joinTimer = undefined;
      this.reissue();
    }, JOIN_WINDOW_MS);
  }

  /**
   * Acknowledges `id` once its XACK ran (rejects if it failed: the entry stays pending and comes
   * back). The ack rides on the next read while its stream is read here; a stream that left (its
   * subscription stopping) or a closed reader has no next read, so the tick pipeline takes it.
   */
  ack(stream: string, id: string): Promise<void> {
    if (!this.stopped && this.targets.has(stream)) return this.acks.hold(stream, id);
    return this.acks.sendSoon(stream, id);
  }

  /**
   * Leaves the read (if it joined) and lets go of the reader; the last holder closes it. Entries of
   * the stream read after this stay pending under the consumer (its successor's history read or
   * XAUTOCLAIM takes them). Its held acks leave at once, so its drained() need not wait for a read.
   */
  release(target: ReadTarget): void {
    const joined = this.targets.get(target.stream) === target;
    if (joined) {
      this.targets.delete(target.stream);
      this.watching.delete(target);
      this.acks.sendHeld(target.stream);
    }
    this.holders--;
    if (this.holders <= 0) this.stop();
    else if (joined) this.reissue();
  }

  private stop(): void {
    this.stopped = true;
    clearTimeout(this.joinTimer);
    this.stopping.abort();
    this.acks.sendHeld();
    this.wakeIdle?.();
    if (this.inFlight && this.riding) this.endRidingRead();
    else this.disconnect();
    this.deps.onIdle();
  }

  /** Once: ioredis arms a 2s timer per disconnect() that a socket already closed never clears. */
  private disconnect(): void {
    if (this.disconnected) return;
    this.disconnected = true;
    this.deps.connection.disconnect();
  }

  /**
   * Redis runs the acks behind the read in flight only when it returns: end it now (CLIENT UNBLOCK;
   * on a Cluster its short BLOCK ends it) and disconnect once its reply came. Bounded, as Redis may
   * be unreachable: those acks are then unknown, and their entries come back (a duplicate, not a loss).
   */
  private endRidingRead(): void {
    if (this.deps.unblock) void this.unblock(this.generation);
    const deadline = setTimeout(() => this.disconnect(), this.ackDelay + 1000);
    void this.loop.finally(() => clearTimeout(deadline));
  }

  /** Resolves once the read loop ended (after the last target left) and the connection is closed. */
  async closed(): Promise<void> {
    await this.loop;
  }

  /** Ends the read in flight (or the idle wait) so the next one is built from the current stream set. */
  private reissue(): void {
    if (this.stopped) return;
    if (this.wakeIdle) {
      this.wakeIdle();
      return;
    }
    if (!this.inFlight || this.unblocking || !this.deps.unblock) return;
    this.unblocking = true;
    void this.unblock(this.generation).finally(() => (this.unblocking = false));
  }

  /**
   * CLIENT UNBLOCK answers 0 when the read has not reached Redis yet (the two connections are not
   * ordered) or its reply is already on the way: try again shortly until that read has returned.
   */
  private async unblock(generation: number): Promise<void> {
    for (let attempt = 0; this.inFlight && this.generation === generation && attempt < 200; attempt++) {
      if (this.clientId !== undefined) {
        const done = await this.deps.unblock!.call("CLIENT", "UNBLOCK", this.clientId).catch(() => 0);
        if (done === 1) return;
      }
      await pause(2 + attempt * 2, this.ended.signal);
    }
  }

  private async run(): Promise<void> {
    const { connection, group, consumerName, logger } = this.deps;
    const backoff = new Backoff(RETRY_DEFAULTS.reconnect);
    let failures = 0;
    while (!this.stopped) {
      const ready: ReadTarget[] = [];
      let count = Infinity;
      for (const target of this.targets.values()) {
        const room = target.room();
        if (room > 0) {
          ready.push(target);
          count = Math.min(count, room);
        } else this.watch(target);
      }
      if (ready.length === 0) {
        await new Promise<void>((resolve) => (this.wakeIdle = resolve));
        this.wakeIdle = undefined;
        continue;
      }
      try {
        if (this.deps.unblock) this.clientId ??= Number(await connection.call("CLIENT", "ID"));
        if (this.stopped) break;
        const acks = this.acks.take();
        // Acks behind a read run when it returns: while some ride, the read blocks briefly; without, an idle read costs almost nothing.
        const block = Math.min(this.deps.unblock ? BLOCK_MS : SHORT_BLOCK_MS, acks.length > 0 ? this.ackDelay : Infinity);
        const args: Array<string | number> = ["GROUP", group, consumerName, "COUNT", count, "BLOCK", block, "STREAMS"];
        for (const target of ready) args.push(target.stream);
        for (let i = 0; i < ready.length; i++) args.push(">");
        this.generation++;
        this.inFlight = true;
        this.riding = acks.length > 0;
        let reply: unknown;
        try {
          reply = acks.length > 0 ? await this.readCarrying(args, acks) : await connection.callBuffer("XREADGROUP", ...args);
        } finally {
          this.inFlight = false;
          this.riding = false;
        }
        if (failures > 0) logger.info(`reading ${ready.length} stream(s) of group ${group} again after ${failures} failed attempt(s)`);
        failures = 0;
        backoff.reset();
        for (const [stream, entries] of decodeReadReplyByStream(reply)) {
          // A stream removed while the read was in flight: its entries stay pending under this consumer.
          if (entries.length > 0) this.targets.get(stream)?.accept(entries);
        }
      } catch (error) {
        if (this.stopped) break;
        failures++;
        if (isNoGroupError(error)) {
          // Redis lost a group (restart without persistence, or a key deleted): recreate them all (BUSYGROUP for those that exist).
          logger.warn(`a consumer group ${group} of ${ready.map((t) => t.stream).join(", ")} is gone; recreating it`);
          await Promise.all(ready.map((t) => t.recreateGroup().catch((e: unknown) => logger.warn(`recreating consumer group of ${t.stream}: ${(e as Error).message}`))));
        } else if (failures === 1) {
          logger.warn(`reading streams of group ${group} failed: ${(error as Error).message}; retrying`);
        }
        await pause(backoff.next(), this.stopping.signal);
      }
    }
  }

  /**
   * The read and, queued after it in the same socket write, one XACK per stream. Redis runs a
   * connection's commands in order, so the XACKs run when the read returns (an entry, its BLOCK
   * over, or CLIENT UNBLOCK), and Redis 7 runs an unblocked client's queued commands before it
   * writes its replies: the read's reply and the XACKs' come back together, in one socket read.
   * (Queued before the read, the XACKs would run at once, but their replies would cost a read.)
   * The commands are sent one by one with the socket corked, which makes them one write: an ioredis
   * Pipeline did the same but cost about 9 KB and a third of the read's CPU, paid on nearly every
   * read at a steady rate (a Cluster client has no single socket: its commands go as they come).
   * Each XACK settles its own batch, whatever becomes of the read.
   */
  private readCarrying(args: Array<string | number>, acks: AckBatch[]): Promise<unknown> {
    const { connection, group } = this.deps;
    const socket = "stream" in connection ? connection.stream : undefined;
    socket?.cork();
    let read: Promise<unknown>;
    let sent = 0;
    try {
      read = connection.callBuffer("XREADGROUP", ...args);
      for (const batch of acks) {
        connection.call("XACK", batch.stream, group, ...batch.ids).then(
          () => batch.settle(),
          (error: unknown) => batch.settle(error as Error),
        );
        sent++;
      }
    } catch (error) {
      // Not sent: reported failed, their entries come back later.
      for (const batch of acks.slice(sent)) batch.settle(error as Error);
      throw error;
    } finally {
      socket?.uncork();
    }
    return read;
  }

  /** A target out of room rejoins the read as soon as one of its handlers settles. */
  private watch(target: ReadTarget): void {
    if (this.watching.has(target)) return;
    this.watching.add(target);
    const check = (): void => {
      if (!this.watching.has(target)) return;
      if (target.room() > 0) {
        this.watching.delete(target);
        this.reissue();
      } else void target.roomChanged().then(check);
    };
    void target.roomChanged().then(check);
  }
}
