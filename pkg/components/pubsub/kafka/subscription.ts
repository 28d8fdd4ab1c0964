import { setTimeout as sleep } from "node:timers/promises";
import type { Consumer, EachBatchPayload, Kafka } from "kafkajs";
import type { Logger } from "../../../diagnostics/logger.js";
import type { Clock } from "../metadata.js";
import type { ActiveSubscription, MessageHandler } from "../types.js";
import { subscriptionAwareRoundRobin } from "./assigner.js";
import { PartitionBatch } from "./batch.js";
import type { KafkaSettings } from "./metadata.js";
import { resumeUnheld } from "./pauses.js";

export interface SubscriptionOptions {
  kafka: Kafka;
  settings: KafkaSettings;
  group: string;
  topics: string[];
  /** single: one record of a partition at a time, in offset order (Dapr's Kafka behaviour); parallel: a batch at once. */
  concurrency: "single" | "parallel";
  handler: MessageHandler;
  logger: Logger;
  now: Clock;
  /** Creates a topic before the group reads it, so the assignment sees its partitions. */
  ensureTopic: (topic: string) => Promise<void>;
  /** How long a stop waits for records in flight before the member leaves its group anyway (the graceful-shutdown time). */
  drainMs: number;
}

/** Partitions (of all topics) handled at once; each is ordered on its own. */
const PARTITIONS_AT_ONCE = 64;
/** How long a batch may take before it goes on in the background with its partition paused. */
const HOLD_MS = 500;
/** Settled offsets of background batches are committed this often, not only at their end. */
const COMMIT_EVERY_MS = 1000;

/**
 * One consumer group member reading `topics` with Kafka's offsets for at-least-once delivery:
 * - a record's offset is committed only once it and every earlier record of its partition settled (PartitionOffsets);
 * - a record whose handler rejected is handed over again after consumeRetryInterval and holds its partition's offset
 *   (and, in single concurrency, the partition's later records behind it);
 * - partitions are handled in parallel, each in offset order;
 * - at a rebalance, a batch that settles quickly settles before the member rejoins; a longer one starts no new
 *   record and gives its retries up after revocationTimeout, or at once when its partition went to another member;
 *   what it did not settle is not committed, so the partition's owner reads it again (duplicates, never losses);
 * - a stop waits at most drainMs for records in flight, then leaves the group with them uncommitted (the group
 *   delivers them again).
 * Tracked by the component's BrokerSubscriptions; every record is settled through the kit's deliver() (batch.ts).
 */
export class KafkaSubscription implements ActiveSubscription {
  private readonly consumer: Consumer;
  private stopped = false;
  private closing?: Promise<void>;
  /** Batches running longer than HOLD_MS, their partitions paused. */
  private readonly background = new Set<PartitionBatch>();
  /** Every batch being handled (quick or background): stop() waits for them, at most drainMs, before leaving the group. */
  private readonly runs = new Map<PartitionBatch, Promise<void>>();
  private readonly committer: NodeJS.Timeout;
  /** Aborted by stop(): the subscription's signal, or the component's close(). */
  private readonly stopping = new AbortController();
  private markStopped!: () => void;
  private readonly stopCalled = new Promise<void>((resolve) => (this.markStopped = resolve));

  constructor(private readonly options: SubscriptionOptions) {
    const { settings } = options;
    this.consumer = options.kafka.consumer({
      groupId: options.group,
      partitionAssigners: [subscriptionAwareRoundRobin],
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      // The coordinator waits this long for members to rejoin: long enough for a batch to settle or give up.
      rebalanceTimeout: settings.revocationTimeoutMs + settings.sessionTimeoutMs,
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: true,
      // A lost broker or coordinator is not the end of the subscription: kafkajs restarts the member.
      retry: { retries: 10, restartOnFailure: async () => !this.stopped },
    });
    this.committer = setInterval(() => {
      for (const work of this.background) void this.commit(work);
    }, COMMIT_EVERY_MS);
    this.committer.unref();
    this.watchRebalances();
  }

  /** Resolves once the member joined its group: from then on a publish to its topics is delivered. A failed start leaves nothing connected. */
  async start(signal: AbortSignal): Promise<void> {
    try {
      await this.join(signal);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private async join(signal: AbortSignal): Promise<void> {
    const { topics, settings } = this.options;
    for (const topic of topics) await this.options.ensureTopic(topic);
    await this.consumer.connect();
    await this.consumer.subscribe({ topics, fromBeginning: settings.initialOffset === "oldest" });
    await retryWhileRetriable(() => this.pinStartOffsets(), signal);
    const joined = new Promise<void>((resolve, reject) => {
      this.consumer.on(this.consumer.events.GROUP_JOIN, () => resolve());
      this.consumer.on(this.consumer.events.CRASH, (event) => {
        if (!event.payload.restart) reject(event.payload.error);
      });
    });
    signal.addEventListener("abort", () => void this.stop(), { once: true });
    const stopping = AbortSignal.any([signal, this.stopping.signal]);
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: PARTITIONS_AT_ONCE,
      eachBatch: (payload) => this.handleBatch(payload, stopping),
    });
    await Promise.race([joined, new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }))]);
  }

  /** Stops reading, lets in-flight records settle (at most drainMs), commits what settled, leaves the group. */
  private stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.committer);
    this.markStopped();
    this.closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const drainedInTime = await Promise.race([
        Promise.allSettled([...this.runs.values()]).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.options.drainMs))),
      ]);
      clearTimeout(timer);
      // Records still in flight stay uncommitted: once this member left, the group's next owner reads them again.
      if (!drainedInTime) for (const work of this.runs.keys()) work.release();
      await this.consumer.disconnect();
    })().catch((error: unknown) => {
      this.options.logger.debug(`kafka consumer of ${this.options.topics.join(",")} left with an error: ${(error as Error).message}`);
    });
    return this.closing;
  }

  /** Settles once stop() was called (by the signal or by the component's close) and in-flight records settled. */
  async drained(): Promise<void> {
    await this.stopCalled;
    await this.closing;
  }

  /**
   * `initialOffset` applies where the group has no committed offset. Kafka resolves "newest" when a member first
   * fetches, so a record published between subscribe() resolving and that fetch would be skipped: a fresh group's
   * start is committed now instead. Only possible while the group has no members; later members find the offsets.
   */
  private async pinStartOffsets(): Promise<void> {
    const { kafka, group, topics, settings, logger } = this.options;
    const admin = kafka.admin();
    try {
      await admin.connect();
      for (const topic of topics) {
        const committed = await admin.fetchOffsets({ groupId: group, topics: [topic] });
        const missing = new Set((committed[0]?.partitions ?? []).filter((p) => p.offset === "-1").map((p) => p.partition));
        if (missing.size === 0) continue;
        const ends = await admin.fetchTopicOffsets(topic);
        const partitions = ends.filter((p) => missing.has(p.partition)).map((p) => ({ partition: p.partition, offset: settings.initialOffset === "oldest" ? p.low : p.high }));
        await admin.setOffsets({ groupId: group, topic, partitions }).catch((error: unknown) => logger.debug(`kafka: start offsets of group ${group} on ${topic} left to the broker: ${(error as Error).message}`));
      }
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * A batch that settles within HOLD_MS returns settled and committed, so kafkajs' rejoin at a rebalance waits for it.
   * A longer one (a slow app, a record being retried) goes on in the background with its partition paused, so that
   * this member's fetches serve its other partitions meanwhile (kafkajs fetches the next batches of a broker only
   * once every batch of the previous fetch returned); when it ends, its partition resumes from its first unsettled
   * record.
   */
  private async handleBatch(payload: EachBatchPayload, signal: AbortSignal): Promise<void> {
    const { batch } = payload;
    const work = new PartitionBatch(batch.topic, batch.partition, { ...this.options, signal });
    const done = work.run(batch.messages, (offset) => payload.resolveOffset(offset), () => payload.isRunning() && !payload.isStale());
    this.runs.set(work, done);
    void done.finally(() => this.runs.delete(work));
    // The hold's timer is cleared once the batch settled: most batches settle at once, and a timer left to fire
    // 500 ms later per batch is work for nothing.
    let holding: NodeJS.Timeout | undefined;
    const quick = await Promise.race([done.then(() => true), new Promise<false>((resolve) => (holding = setTimeout(resolve, HOLD_MS, false)))]);
    clearTimeout(holding);
    if (quick) {
      if (!payload.isStale()) await this.finish(work, signal);
      return;
    }
    this.consumer.pause([{ topic: batch.topic, partitions: [batch.partition] }]);
    this.background.add(work);
    void done.then(async () => {
      this.background.delete(work);
      await this.finish(work, signal);
      // Resumed also after a revocation deadline when the partition stayed here: it reads again from its first unsettled record.
      if (!signal.aborted && !work.moved && !this.stopped) this.consumer.resume([{ topic: batch.topic, partitions: [batch.partition] }]);
    });
  }

  /** Commits what settled and, when a record was given up on, reads the partition again from it. */
  private async finish(work: PartitionBatch, signal: AbortSignal): Promise<void> {
    if (work.moved) return;
    await this.commit(work);
    const unsettledFrom = work.offsets.firstUnsettled();
    if (unsettledFrom !== undefined && !signal.aborted && !this.stopped) this.consumer.seek({ topic: work.topic, partition: work.partition, offset: unsettledFrom.toString() });
  }

  private async commit(work: PartitionBatch): Promise<void> {
    const next = work.offsets.committable();
    if (next === undefined || work.moved) return;
    try {
      await this.consumer.commitOffsets([{ topic: work.topic, partition: work.partition, offset: next.toString() }]);
      work.offsets.markCommitted(next);
    } catch (error) {
      // A rebalance is under way, or the partition moved: its owner reads from the last committed offset (duplicates, not losses).
      this.options.logger.debug(`kafka: committing ${work.topic}/${work.partition}@${next} failed: ${(error as Error).message}`);
    }
  }

  /**
   * A rebalance started: background batches start no new record and give up their retries after revocationTimeout.
   * Once the member rejoined, those whose partition went to another member are given up at once (never committed
   * again: the new owner's progress must not be overwritten).
   */
  private watchRebalances(): void {
    const { consumer } = this;
    consumer.on(consumer.events.REBALANCING, () => {
      for (const work of this.background) work.revoke(this.options.settings.revocationTimeoutMs);
    });
    consumer.on(consumer.events.GROUP_JOIN, (event) => {
      const assigned = event.payload.memberAssignment;
      for (const work of this.background) {
        if (!(assigned[work.topic] ?? []).includes(work.partition)) work.release();
      }
      // Resume what this member paused for a batch it since gave up (kafkajs keeps pauses across rebalances).
      resumeUnheld(consumer, assigned, new Set([...this.background].filter((work) => !work.moved).map((work) => `${work.topic}/${work.partition}`)));
    });
  }
}

/**
 * Runs `attempt` again while it fails with an error Kafka calls retriable (a fresh broker answers
 * COORDINATOR_LOAD_IN_PROGRESS while it creates __consumer_offsets), for at most 20 s.
 */
async function retryWhileRetriable(attempt: () => Promise<void>, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || Date.now() > deadline || signal.aborted) throw error;
      await sleep(wait);
    }
  }
}
