import { setTimeout as sleep } from "node:timers/promises";
import type { Batch, Consumer, EachBatchPayload, Kafka, KafkaMessage } from "kafkajs";
import type { Logger } from "../../../diagnostics/logger.js";
import { isExpired, type Clock } from "../ttl.js";
import { subscriptionAwareRoundRobin } from "./assigner.js";
import type { KafkaSettings } from "./metadata.js";
import { PartitionOffsets } from "./offsets.js";
import { EXPIRES_HEADER } from "./publisher.js";

/** What the consumer hands over per record; resolving settles it (its offset may be committed), rejecting retries it. */
export type RecordHandler = (record: DeliveredRecord) => Promise<void>;

export interface DeliveredRecord {
  topic: string;
  data: Buffer;
  contentType?: string;
  metadata: Record<string, string>;
}

export interface ConsumerOptions {
  kafka: Kafka;
  settings: KafkaSettings;
  group: string;
  topics: string[];
  /** single: one record of a partition at a time, in offset order (Dapr's Kafka behaviour); parallel: a batch at once. */
  concurrency: "single" | "parallel";
  handler: RecordHandler;
  logger: Logger;
  now: Clock;
  /** Creates a topic before the group reads it, so the assignment sees its partitions. */
  ensureTopic: (topic: string) => Promise<void>;
}

/** Records of one partition handled at once in parallel mode. */
const PARALLEL_PER_PARTITION = 100;
/** Partitions (of all topics) handled at once; each is ordered on its own. */
const PARTITIONS_AT_ONCE = 64;
/** Settled offsets of a long batch are committed this often, not only at its end. */
const COMMIT_EVERY_MS = 1000;
const GROUP_LEFT = new Set(["ILLEGAL_GENERATION", "UNKNOWN_MEMBER_ID", "FENCED_INSTANCE_ID"]);

/**
 * One consumer group member reading `topics` with Kafka's offsets for at-least-once delivery:
 * - a record's offset is committed only once it and every earlier record of its partition settled (PartitionOffsets);
 * - a record whose handler rejected is handed over again after consumeRetryInterval and holds its partition's offset;
 * - a batch (kafkajs `eachBatch`) returns only once its records settled, and kafkajs rejoins a rebalance only after
 *   the batch returned, so a revoked partition's in-flight records settle first. When the coordinator announces a
 *   rebalance, no new record of the batch starts; past revocationTimeout the batch returns with what settled
 *   committed and the rest uncommitted, for the next owner to read again.
 */
export class KafkaGroupConsumer {
  private readonly consumer: Consumer;
  private stopped = false;
  private closing?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  private markStopped!: () => void;
  private readonly stopCalled = new Promise<void>((resolve) => (this.markStopped = resolve));

  constructor(private readonly options: ConsumerOptions) {
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
  }

  /** Resolves once the member joined its group: from then on a publish to its topics is delivered. */
  async start(signal: AbortSignal): Promise<void> {
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
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: PARTITIONS_AT_ONCE,
      eachBatch: (payload) => this.handleBatch(payload, signal),
    });
    await Promise.race([joined, new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }))]);
  }

  /** Stops reading, lets in-flight records settle, commits what settled, leaves the group. */
  stop(): Promise<void> {
    this.stopped = true;
    this.markStopped();
    this.closing ??= this.consumer.disconnect().catch((error: unknown) => {
      this.options.logger.debug(`kafka consumer of ${this.options.topics.join(",")} left with an error: ${(error as Error).message}`);
    });
    return this.closing;
  }

  /** Settles once stop() was called (by the signal or by the component's close) and in-flight records settled. */
  async drained(): Promise<void> {
    await this.stopCalled;
    await this.closing;
    await Promise.allSettled([...this.inFlight]);
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

  private async handleBatch(payload: EachBatchPayload, signal: AbortSignal): Promise<void> {
    const { batch } = payload;
    const offsets = new PartitionOffsets();
    const revocation = new Revocation(this.options.settings.revocationTimeoutMs);
    const halt = (): boolean => signal.aborted || revocation.announced || !payload.isRunning() || payload.isStale();
    const keepAlive = setInterval(() => {
      payload.heartbeat().catch((error: unknown) => {
        const type = (error as { type?: string }).type ?? "";
        if (type === "REBALANCE_IN_PROGRESS") revocation.announce();
        else if (GROUP_LEFT.has(type)) revocation.announce(0);
      });
      void this.commit(batch, offsets, payload);
    }, Math.min(this.options.settings.heartbeatIntervalMs, COMMIT_EVERY_MS));
    const running = new Set<Promise<void>>();
    try {
      for (const message of batch.messages) {
        if (halt()) break;
        offsets.track(BigInt(message.offset));
        // kafkajs fetches on from the resolved offset; what is committed is decided by the settlements alone.
        payload.resolveOffset(message.offset);
        const settled = this.deliver(batch, message, offsets, signal, revocation);
        if (this.options.concurrency === "single") {
          await settled;
          continue;
        }
        running.add(settled);
        void settled.finally(() => running.delete(settled));
        while (running.size >= PARALLEL_PER_PARTITION && !halt()) await Promise.race(running);
      }
      // In-flight records settle before the partition can be revoked, within the revocation deadline.
      await Promise.race([Promise.allSettled([...running]), revocation.expired]);
    } finally {
      clearInterval(keepAlive);
      revocation.dispose();
    }
    await this.commit(batch, offsets, payload);
    // A record given up on (stop, revocation deadline) was resolved: read the partition again from it if this member
    // keeps the partition, so that no later offset is committed past it.
    const unsettledFrom = offsets.firstUnsettled();
    if (unsettledFrom !== undefined && !signal.aborted && !payload.isStale()) this.consumer.seek({ topic: batch.topic, partition: batch.partition, offset: unsettledFrom.toString() });
  }

  /** Hands one record over until it settles, or until the subscription stops or the partition's revocation deadline passes. */
  private deliver(batch: Batch, message: KafkaMessage, offsets: PartitionOffsets, signal: AbortSignal, revocation: Revocation): Promise<void> {
    const task = (async () => {
      const record = this.toRecord(batch, message);
      const offset = BigInt(message.offset);
      const expiresAt = message.headers?.[EXPIRES_HEADER]?.toString();
      if (expiresAt && isExpired(Number(expiresAt), this.options.now())) {
        this.options.logger.debug(`kafka: record ${batch.topic}/${batch.partition}@${message.offset} expired (ttlInSeconds); settled without delivery`);
        offsets.settle(offset);
        return;
      }
      for (;;) {
        try {
          await this.options.handler(record);
          offsets.settle(offset);
          return;
        } catch (error) {
          if (signal.aborted || revocation.passed) return;
          this.options.logger.debug(`kafka: record ${batch.topic}/${batch.partition}@${message.offset} not settled (${(error as Error).message}); again in ${this.options.settings.consumeRetryIntervalMs}ms`);
          await sleep(this.options.settings.consumeRetryIntervalMs, undefined, { signal }).catch(() => undefined);
          if (signal.aborted || revocation.passed) return;
        }
      }
    })();
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    return task;
  }

  private async commit(batch: Batch, offsets: PartitionOffsets, payload: EachBatchPayload): Promise<void> {
    const next = offsets.committable();
    if (next === undefined || payload.isStale()) return;
    try {
      await this.consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: next.toString() }]);
      offsets.markCommitted(next);
    } catch (error) {
      // The partition moved to another member: its owner reads from the last committed offset (duplicates, not losses).
      this.options.logger.debug(`kafka: committing ${batch.topic}/${batch.partition}@${next} failed: ${(error as Error).message}`);
    }
  }

  private toRecord(batch: Batch, message: KafkaMessage): DeliveredRecord {
    const metadata: Record<string, string> = Object.create(null) as Record<string, string>;
    let contentType: string | undefined;
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (value === undefined || name === EXPIRES_HEADER) continue;
      const text = (Array.isArray(value) ? value[value.length - 1]! : value).toString();
      if (name === "content-type") contentType = text;
      else metadata[name] = text;
    }
    // Dapr's delivery metadata of a Kafka record.
    metadata["__topic"] = batch.topic;
    metadata["__partition"] = String(batch.partition);
    metadata["__offset"] = message.offset;
    metadata["__timestamp"] = message.timestamp;
    if (message.key) metadata["__key"] = message.key.toString();
    return { topic: batch.topic, data: message.value ?? Buffer.alloc(0), ...(contentType ? { contentType } : {}), metadata };
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

/** A partition's revocation: announced by the coordinator (a rebalance), then a deadline for its in-flight records. */
class Revocation {
  announced = false;
  passed = false;
  private timer?: NodeJS.Timeout;
  private fire!: () => void;
  readonly expired = new Promise<void>((resolve) => (this.fire = resolve));

  constructor(private readonly timeoutMs: number) {}

  announce(timeoutMs = this.timeoutMs): void {
    if (this.announced && timeoutMs !== 0) return;
    this.announced = true;
    void this.expireIn(timeoutMs);
  }

  expireIn(timeoutMs: number): Promise<void> {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.passed = true;
      this.fire();
    }, timeoutMs);
    return this.expired;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.fire();
  }
}
