import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, TopicMessages } from "kafkajs";
import type { Logger } from "../../../diagnostics/logger.js";
import { pause } from "../../../util/backoff.js";
import { isExpired, type Clock } from "../metadata.js";
import { DELAY_LEVELS, headerText, hopAtOf, nextHop } from "./delay-records.js";
import type { KafkaSettings } from "./metadata.js";
import { resumeUnheld } from "./pauses.js";
import { EXPIRES_HEADER, type KafkaPublisher } from "./publisher.js";

/**
 * Records whose hop time lies at most this far ahead are held in memory, each moved at its own time; the first
 * record beyond it stops the batch, and its partition waits (paused) until it comes within reach.
 */
const LOOKAHEAD_MS = 1000;
/** A paused partition is looked at again at least this often (a clock that jumped; setTimeout's 24-day limit). */
const MAX_PARK_MS = 3_600_000;
/** A move that failed (the broker away) is tried again after this. */
const RETRY_MOVE_MS = 1000;
/** Records per produce request of the mover. */
const MOVE_CHUNK = 500;
/** How long a closing mover waits for moves under way before it leaves the group. */
const CLOSE_WAIT_MS = 5000;

export interface DelayMoverOptions {
  kafka: Kafka;
  settings: KafkaSettings;
  publisher: KafkaPublisher;
  delayTopic: string;
  group: string;
  now: Clock;
  logger: Logger;
}

/** The records of one fetched batch this member moves, its partition paused meanwhile. */
class Hold {
  private readonly controller = new AbortController();
  /** The partition went to another member: never commit for it again. */
  released = false;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Stops waiting (moves under way finish; what was moved is still committed). */
  stop(): void {
    this.controller.abort();
  }

  release(): void {
    this.released = true;
    this.controller.abort();
  }
}

/**
 * One member of the mover group: reads the delay topic (each partition a level, delayed.ts), produces each
 * record at its hop time to its topic or its next level, then commits it. A batch is handed to a Hold and
 * eachBatch returns at once with the partition paused, so a long wait on one level never holds back the fetches
 * of the others, nor the member's rejoin at a rebalance.
 */
export class DelayMover {
  private readonly consumer: Consumer;
  private readonly holds = new Map<number, Hold>();
  private readonly work = new Set<Promise<void>>();
  private stopped = false;
  private failing = false;

  constructor(private readonly options: DelayMoverOptions) {
    const { settings } = options;
    this.consumer = options.kafka.consumer({
      groupId: options.group,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      rebalanceTimeout: settings.sessionTimeoutMs,
      // A resumed partition joins the next fetch; one that waits for nothing bounds how late that is.
      maxWaitTimeInMs: 250,
      allowAutoTopicCreation: false,
      retry: { retries: 10, restartOnFailure: async () => !this.stopped },
    });
    this.consumer.on(this.consumer.events.GROUP_JOIN, (event) => {
      const assigned = event.payload.memberAssignment;
      const mine = assigned[options.delayTopic] ?? [];
      for (const [partition, hold] of this.holds) {
        if (mine.includes(partition)) continue;
        hold.release();
        this.holds.delete(partition);
      }
      resumeUnheld(this.consumer, assigned, new Set([...this.holds.keys()].map((p) => `${options.delayTopic}/${p}`)));
    });
  }

  /** Joins the mover group; a fresh group reads the delay topic from its start (nothing in it may be skipped). */
  async start(): Promise<void> {
    try {
      await this.consumer.connect();
      await this.consumer.subscribe({ topics: [this.options.delayTopic], fromBeginning: true });
      await this.consumer.run({ autoCommit: false, eachBatchAutoResolve: false, partitionsConsumedConcurrently: DELAY_LEVELS, eachBatch: (payload) => this.onBatch(payload) });
    } catch (error) {
      await this.consumer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const hold of this.holds.values()) hold.stop();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.work]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    await this.consumer.disconnect().catch((error: unknown) => this.options.logger.debug(`kafka delay mover left with an error: ${(error as Error).message}`));
  }

  private onBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    if (this.stopped || !payload.isRunning() || payload.isStale() || batch.messages.length === 0) return Promise.resolve();
    const { topic, partition } = batch;
    const reach = this.options.now() + LOOKAHEAD_MS;
    const held: KafkaMessage[] = [];
    let beyond: KafkaMessage | undefined;
    for (const message of batch.messages) {
      if (hopAtOf(message) > reach) {
        beyond = message;
        break;
      }
      held.push(message);
    }
    this.consumer.pause([{ topic, partitions: [partition] }]);
    // The next fetch of this partition starts after what this hold moves; a rebalance forgets it (the committed offset rules).
    if (held.length > 0) payload.resolveOffset(held[held.length - 1]!.offset);
    this.holds.get(partition)?.release();
    const hold = new Hold();
    this.holds.set(partition, hold);
    const done = this.run(hold, partition, held, beyond).catch((error: unknown) => {
      this.options.logger.warn(`the Kafka delay mover stopped on ${topic}/${partition}: ${(error as Error).message}`);
    });
    this.work.add(done);
    void done.finally(() => this.work.delete(done));
    return Promise.resolve();
  }

  /** Moves the held records, commits them, then waits (paused) until the first record beyond reach comes within it. */
  private async run(hold: Hold, partition: number, held: KafkaMessage[], beyond: KafkaMessage | undefined): Promise<void> {
    const { delayTopic, now } = this.options;
    const moved = await this.moveInTime(hold, held);
    if (hold.released) return;
    const unmoved = held.filter((m) => !moved.has(m.offset)).map((m) => BigInt(m.offset));
    const commitAt = unmoved.length > 0 ? unmoved.reduce((a, b) => (b < a ? b : a)) : held.length > 0 ? BigInt(held[held.length - 1]!.offset) + 1n : undefined;
    if (commitAt !== undefined) {
      await this.consumer.commitOffsets([{ topic: delayTopic, partition, offset: commitAt.toString() }]).catch((error: unknown) => {
        // A rebalance is under way: the partition's owner reads from the last commit and moves these again (duplicates, not losses).
        this.options.logger.debug(`kafka delay mover: committing ${delayTopic}/${partition}@${commitAt} failed: ${(error as Error).message}`);
      });
    }
    if (this.stopped || hold.released) return;
    if (unmoved.length > 0) {
      // Moves stopped short (the mover closes): the partition is read again from the first unmoved record.
      this.consumer.seek({ topic: delayTopic, partition, offset: String(unmoved.reduce((a, b) => (b < a ? b : a))) });
    }
    if (beyond) await pause(Math.max(0, Math.min(MAX_PARK_MS, hopAtOf(beyond) - LOOKAHEAD_MS - now())), hold.signal);
    if (this.stopped || hold.released || this.holds.get(partition) !== hold) return;
    this.holds.delete(partition);
    this.consumer.resume([{ topic: delayTopic, partitions: [partition] }]);
  }

  /** Moves each record at its hop time, those due together in one produce request; answers the offsets moved. */
  private async moveInTime(hold: Hold, held: KafkaMessage[]): Promise<Set<string>> {
    const moved = new Set<string>();
    const queue = [...held].sort((a, b) => hopAtOf(a) - hopAtOf(b));
    let next = 0;
    while (next < queue.length && !hold.signal.aborted) {
      const wait = hopAtOf(queue[next]!) - this.options.now();
      if (wait > 0) {
        await pause(Math.min(wait, MAX_PARK_MS), hold.signal);
        continue;
      }
      const now = this.options.now();
      let end = next;
      while (end < queue.length && end - next < MOVE_CHUNK && hopAtOf(queue[end]!) <= now) end++;
      const chunk = queue.slice(next, end);
      try {
        await this.move(chunk, now);
        for (const message of chunk) moved.add(message.offset);
        next = end;
        if (this.failing) this.options.logger.info("delayed messages are moving again");
        this.failing = false;
      } catch (error) {
        if (!this.failing) this.options.logger.warn(`moving due delayed messages failed (retried every ${RETRY_MOVE_MS}ms): ${(error as Error).message}`);
        this.failing = true;
        await pause(RETRY_MOVE_MS, hold.signal);
      }
    }
    return moved;
  }

  /** One produce request: each record to its topic when due, to its next level otherwise; an expired one nowhere. */
  private async move(messages: KafkaMessage[], now: number): Promise<void> {
    const { delayTopic, publisher } = this.options;
    const byTopic = new Map<string, TopicMessages>();
    for (const message of messages) {
      const expiresAt = headerText(message.headers, EXPIRES_HEADER);
      if (expiresAt !== undefined && isExpired(Number(expiresAt), now)) continue;
      const hop = nextHop(message, delayTopic, now);
      if (!hop) continue;
      let entry = byTopic.get(hop.topic);
      if (!entry) {
        entry = { topic: hop.topic, messages: [] };
        byTopic.set(hop.topic, entry);
      }
      entry.messages.push(hop.record);
    }
    for (const topic of byTopic.keys()) if (topic !== delayTopic) await publisher.ensureTopic(topic);
    if (byTopic.size > 0) await publisher.sendBatch([...byTopic.values()]);
  }
}
