import { CompressionTypes, type Admin, type ITopicConfig, type Kafka, type Message, type Producer, type TopicMessages } from "kafkajs";
import { WriteCoalescer } from "../coalescer.js";
import { expiresAtOf, type Clock } from "../metadata.js";
import type { KafkaSettings } from "./metadata.js";

/** Header carrying a publish's ttlInSeconds as an absolute epoch-ms deadline, checked on delivery (Kafka has no per-record TTL). */
export const EXPIRES_HEADER = "runtimed-expires-at";
/** Request metadata that choose the record's key or partition (Dapr's names) rather than becoming headers. */
const KEY_FIELDS = new Set(["partitionkey", "__key"]);
const PARTITION_FIELD = "partitionnumber";

/** A record larger than maxMessageBytes: the publish fails before it leaves, naming the limit. */
export class MessageTooLargeError extends Error {
  constructor(size: number, limit: number) {
    super(`message of ${size} bytes exceeds maxMessageBytes (${limit})`);
    this.name = "MessageTooLargeError";
  }
}

/** Bytes of single publishes that share one produce request, at most. */
const COALESCED_BYTES = 512 * 1024;

interface PendingRecord {
  message: Message;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function recordSize(message: Message): number {
  const value = message.value;
  const valueBytes = value === null || value === undefined ? 0 : typeof value === "string" ? Buffer.byteLength(value) : value.length;
  return valueBytes + 64;
}

export interface OutgoingRecord {
  data: Buffer;
  contentType?: string;
  ttlMs?: number;
  metadata: Record<string, string>;
}

/**
 * Kafka's producing side: one producer per component, topics created on first use (with the configured partition
 * count and replication), one record per publish, one produce request per bulk publish. Request metadata become
 * record headers and come back as delivery metadata, as in Dapr; `partitionKey` is the key (so one key keeps its
 * order), `partitionNumber` picks the partition.
 */
export class KafkaPublisher {
  private readonly producer: Producer;
  /** The component's admin client (topic creation, offsets); the delayed-delivery mover shares it. */
  readonly admin: Admin;
  private readonly topics = new Map<string, Promise<void>>();
  /** Single publishes, per topic, waiting to share a produce request. */
  private readonly coalescers = new Map<string, WriteCoalescer<PendingRecord>>();
  /** Produce requests sent and not yet answered. */
  private inFlight = 0;
  private connected = false;

  constructor(
    kafka: Kafka,
    private readonly settings: KafkaSettings,
    private readonly now: Clock,
  ) {
    // The client's retries (publishMaxRetries) cover leader elections: a publish answers once acknowledged or out of retries.
    this.producer = kafka.producer({ allowAutoTopicCreation: true, retry: { retries: settings.publishMaxRetries } });
    // Few retries for the admin: an unreachable cluster fails init with the connection's reason within the runtime's
    // initTimeout, instead of after the producer's full retry budget.
    this.admin = kafka.admin({ retry: { retries: 1, initialRetryTime: 200 } });
  }

  async connect(): Promise<void> {
    await this.admin.connect();
    await this.producer.connect();
    this.connected = true;
  }

  /** The cluster's live brokers (for health); rejects when no broker answers. */
  async liveBrokers(): Promise<number> {
    const cluster = await this.admin.describeCluster();
    return cluster.brokers.length;
  }

  /**
   * Sends the records in one produce request. Single publishes of one topic issued while a produce request is in
   * flight share the next one (the kit's WriteCoalescer: the Java producer's batching, without its linger); a lone
   * publish leaves at once. Each still answers only once the broker acknowledged the request that carried it, and a
   * failed request fails all of them.
   */
  async publish(topic: string, records: OutgoingRecord[]): Promise<void> {
    const messages = records.map((r) => this.recordOf(r));
    await this.ensureTopic(topic);
    if (messages.length > 1) return this.send(topic, messages);
    const message = messages[0]!;
    let coalescer = this.coalescers.get(topic);
    if (!coalescer) {
      coalescer = new WriteCoalescer<PendingRecord>({ send: (batch) => this.sendCoalesced(topic, batch) });
      this.coalescers.set(topic, coalescer);
    }
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    coalescer.push({ message, resolve, reject }, this.inFlight === 0);
    return promise;
  }

  private sendCoalesced(topic: string, pending: PendingRecord[]): void {
    // Each produce request stays well below the broker's default message.max.bytes (1 MB per record batch).
    let batch: PendingRecord[] = [];
    let bytes = 0;
    const sendBatch = (items: PendingRecord[]): void => {
      this.send(topic, items.map((p) => p.message)).then(
        () => items.forEach((p) => p.resolve()),
        (error: unknown) => items.forEach((p) => p.reject(error)),
      );
    };
    for (const item of pending) {
      const size = recordSize(item.message);
      if (batch.length > 0 && bytes + size > COALESCED_BYTES) {
        sendBatch(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(item);
      bytes += size;
    }
    if (batch.length > 0) sendBatch(batch);
  }

  private async send(topic: string, messages: Message[]): Promise<void> {
    this.inFlight++;
    try {
      await this.producer.send({ topic, messages, acks: this.settings.acks, compression: this.settings.compression === "gzip" ? CompressionTypes.GZIP : CompressionTypes.None });
    } finally {
      this.inFlight--;
    }
  }

  /** Records of several topics in one produce request, acknowledged as the settings' acks say (the delay mover's moves). */
  async sendBatch(topicMessages: TopicMessages[]): Promise<void> {
    this.inFlight++;
    try {
      await this.producer.sendBatch({ topicMessages, acks: this.settings.acks, compression: this.settings.compression === "gzip" ? CompressionTypes.GZIP : CompressionTypes.None });
    } finally {
      this.inFlight--;
    }
  }

  /**
   * Creates the topic unless it exists; once per topic per component (a failed attempt is tried again next time).
   * `spec` overrides the partition count and adds topic configuration (the delay topic's).
   */
  ensureTopic(topic: string, spec?: Pick<ITopicConfig, "numPartitions" | "configEntries">): Promise<void> {
    let ready = this.topics.get(topic);
    if (!ready) {
      ready = this.admin
        .createTopics({ topics: [{ topic, numPartitions: this.settings.topicPartitions, replicationFactor: this.settings.topicReplicationFactor, ...spec }], waitForLeaders: true })
        .then(() => undefined)
        .catch((error: unknown) => {
          this.topics.delete(topic);
          // Another client may have created it at the same moment.
          if ((error as { type?: string }).type === "TOPIC_ALREADY_EXISTS") return;
          throw error;
        });
      this.topics.set(topic, ready);
    }
    return ready;
  }

  async close(): Promise<void> {
    if (!this.connected) {
      await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
      return;
    }
    this.connected = false;
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  /** The Kafka record of a publish: key, partition, headers (metadata, content type, expiry), size checked. */
  recordOf(record: OutgoingRecord): Message {
    const headers: Record<string, string> = {};
    let key: string | undefined;
    let partition: number | undefined;
    for (const [name, value] of Object.entries(record.metadata)) {
      const lower = name.toLowerCase();
      if (KEY_FIELDS.has(lower)) key = value;
      else if (lower === PARTITION_FIELD) partition = partitionNumber(value);
      else headers[name] = value;
    }
    const expiresAt = expiresAtOf(record.ttlMs, this.now());
    if (expiresAt !== undefined) headers[EXPIRES_HEADER] = String(expiresAt);
    if (record.contentType) headers["content-type"] = record.contentType;
    const size = record.data.length + (key ? Buffer.byteLength(key) : 0) + Object.entries(headers).reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
    if (size > this.settings.maxMessageBytes) throw new MessageTooLargeError(size, this.settings.maxMessageBytes);
    return { value: record.data, headers, ...(key !== undefined ? { key } : {}), ...(partition !== undefined ? { partition } : {}) };
  }
}

function partitionNumber(value: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`metadata partitionNumber must be a non-negative integer, got ${JSON.stringify(value)}`);
  return n;
}
