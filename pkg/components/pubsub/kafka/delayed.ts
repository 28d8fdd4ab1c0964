import type { Kafka, Message } from "kafkajs";
import type { Logger } from "../../../diagnostics/logger.js";
import type { Clock } from "../metadata.js";
import { DelayMover } from "./delay-mover.js";
import { DELAY_LEVELS, DELAY_RETENTION_MS, delayRecord } from "./delay-records.js";
import type { KafkaSettings } from "./metadata.js";
import type { KafkaPublisher } from "./publisher.js";

/**
 * Delayed delivery on Kafka, which has no per-record delay: a delay topic holds the messages not yet due and a
 * mover, one consumer group shared by every sidecar of the cluster, produces each to its topic at its time.
 *
 * A partition is read in offset order, so one record due in a month at its head would hold back one due in a
 * second behind it. Hence levels, one partition each: a message whose remaining delay is at least 4^(k-1) s
 * (and less than four times that) waits in partition k until 4^(k-1) s after it was written, then the mover
 * writes it again to the level of what remains; under a second, in partition 0, until its time. Within a level
 * every record waits the same time from its write, so the head of a partition is always the first due; a
 * message due in 30 days hops at most three times per level (about 30 writes in all). Partition 0 holds a
 * second's worth at most: its records are held in memory with their own timers, so none waits behind another.
 *
 * The mover's consumer group owns the partitions, so each delayed message has one mover however many replicas
 * run; a partition moves to another member when its mover dies (sessionTimeout). A move is a produce (acks as
 * the component's producerRequiredAcks) followed by the commit of the moved record: a mover killed between the
 * two leaves the record to be moved again (a duplicate, never a loss).
 */

/** How often a sidecar that has not seen the delay topic yet looks for it (another sidecar may create it). */
const PROBE_MS = 10_000;

export const DEFAULT_DELAY_TOPIC = "runtime-delayed";

export interface KafkaDelayedOptions {
  kafka: Kafka;
  settings: KafkaSettings;
  publisher: KafkaPublisher;
  delayTopic: string;
  now: Clock;
  logger: Logger;
}

/** A component's side of delayed delivery: writes delayed messages to the delay topic and runs this sidecar's mover. */
export class KafkaDelayed {
  private topicReady?: Promise<void>;
  private mover?: DelayMover;
  private moverStarting?: Promise<void>;
  private probe?: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: KafkaDelayedOptions) {}

  get moverGroup(): string {
    return `${this.options.delayTopic}-mover`;
  }

  /** Resolves once Kafka acknowledged every record in the delay topic (the 204 of a delayed publish); one produce request. */
  async hold(entries: ReadonlyArray<{ topic: string; record: Message; deliverAt: number }>): Promise<void> {
    await this.ensureDelayTopic();
    const now = this.options.now();
    await this.options.publisher.sendBatch([{ topic: this.options.delayTopic, messages: entries.map((e) => delayRecord(e.record, e.topic, e.deliverAt, now)) }]);
    this.startMover();
  }

  /** Starts this sidecar's mover once the delay topic exists (now, or when a probe or a delayed publish finds it). */
  start(): void {
    const look = async (): Promise<void> => {
      if (this.mover || this.closed) return;
      const topics = await this.options.publisher.admin.listTopics().catch(() => [] as string[]);
      if (topics.includes(this.options.delayTopic)) this.startMover();
    };
    void look();
    this.probe = setInterval(() => void look(), PROBE_MS);
    this.probe.unref();
  }

  /**
   * Messages in the delay topic not yet moved: Kafka counts offsets per partition, not per destination, so the
   * count is the delay topic's (written and not committed by the mover group), reported under its name.
   */
  async pending(): Promise<Array<{ topic: string; count: number }>> {
    const { admin } = this.options.publisher;
    const { delayTopic } = this.options;
    if (!(await admin.listTopics()).includes(delayTopic)) return [];
    const [ends, committed] = await retryRetriable(
      () => Promise.all([admin.fetchTopicOffsets(delayTopic), admin.fetchOffsets({ groupId: this.moverGroup, topics: [delayTopic] })]),
      // A topic just created (or a leader just moved) answers NOT_LEADER until the admin's metadata is fresh.
      () => admin.fetchTopicMetadata({ topics: [delayTopic] }).then(() => undefined),
    );
    const done = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
    let count = 0;
    for (const end of ends) {
      const from = Math.max(Number(end.low), done.get(end.partition) ?? -1);
      count += Math.max(0, Number(end.high) - from);
    }
    return [{ topic: delayTopic, count }];
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    await this.moverStarting?.catch(() => undefined);
    await this.mover?.close();
  }

  private startMover(): void {
    if (this.mover || this.moverStarting || this.closed) return;
    const { kafka, settings, publisher, delayTopic, now, logger } = this.options;
    const mover = new DelayMover({ kafka, settings, publisher, delayTopic, group: this.moverGroup, now, logger });
    this.moverStarting = mover.start().then(
      async () => {
        this.mover = mover;
        clearInterval(this.probe);
        if (this.closed) await mover.close();
      },
      (error: unknown) => {
        // Tried again by the next probe or delayed publish.
        logger.warn(`the Kafka delayed-message mover did not start: ${(error as Error).message}`);
      },
    ).finally(() => (this.moverStarting = undefined));
  }

  /** The delay topic, one partition per level, created on first use; one made with fewer partitions gets the missing ones. */
  private ensureDelayTopic(): Promise<void> {
    this.topicReady ??= (async () => {
      const { publisher, delayTopic } = this.options;
      await publisher.ensureTopic(delayTopic, { numPartitions: DELAY_LEVELS, configEntries: [{ name: "retention.ms", value: String(DELAY_RETENTION_MS) }] });
      const metadata = await publisher.admin.fetchTopicMetadata({ topics: [delayTopic] });
      const partitions = metadata.topics[0]?.partitions.length ?? 0;
      if (partitions < DELAY_LEVELS) await publisher.admin.createPartitions({ topicPartitions: [{ topic: delayTopic, count: DELAY_LEVELS }] });
    })().catch((error: unknown) => {
      this.topicReady = undefined;
      throw new Error(`cannot prepare the delay topic ${JSON.stringify(this.options.delayTopic)}: ${(error as Error).message}`);
    });
    return this.topicReady;
  }
}

/** `attempt`, again up to twice after `refresh` while it fails with an error Kafka calls retriable. */
async function retryRetriable<T>(attempt: () => Promise<T>, refresh: () => Promise<void>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || tries >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * tries));
      await refresh().catch(() => undefined);
    }
  }
}
