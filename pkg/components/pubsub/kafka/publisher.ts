import { CompressionTypes, type Admin, type ITopicConfig, type Kafka, type Message, type Producer, type TopicMessages } from "kafkajs";
import { SharedAnswerCoalescer } from "../coalescer.js";
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
  /** Topics known to exist (created or found by ensureTopic): a publish to one goes on without waiting. */
  private readonly readyTopics = new Set<string>();
  /** Single publishes, per topic, sharing produce requests (the kit's SharedAnswerCoalescer). */
  private readonly coalescers = new Map<string, SharedAnswerCoalescer<Message>>();
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
   * flight share the next one, sent at the end of the event-loop turn (the Java producer's batching, without its
   * linger); a lone publish leaves at once. Each still answers only once the broker acknowledged the request that
   * carried it, and a failed request fails all of them.
   */
  publish(topic: string, records: OutgoingRecord[]): Promise<void> {
    if (records.length !== 1 || !this.readyTopics.has(topic)) return this.publishOnceReady(topic, records);
    let message: Message;
    try {
      message = this.recordOf(records[0]!);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.enqueue(topic, message);
  }

  private async publishOnceReady(topic: string, records: OutgoingRecord[]): Promise<void> {
    const messages = records.map((r) => this.recordOf(r));
    await this.ensureTopic(topic);
    if (messages.length > 1) return this.send(topic, messages);
    return this.enqueue(topic, messages[0]!);
  }

  private enqueue(topic: string, message: Message): Promise<void> {
    let coalescer = this.coalescers.get(topic);
    if (!coalescer) {
      // Each produce request stays well below the broker's default message.max.bytes (1 MB per record batch).
      coalescer = new SharedAnswerCoalescer<Message>({ send: (messages) => this.send(topic, messages), sizeOf: recordSize, maxBytes: COALESCED_BYTES });
      this.coalescers.set(topic, coalescer);
    }
    return coalescer.push(message, this.inFlight === 0);
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
      // Set once created or found, so the publishes after it skip the wait (a promise and a turn each).
      ready.then(() => this.readyTopics.add(topic), () => undefined);
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
    let size = record.data.length;
    for (const name of Object.keys(record.metadata)) {
      const value = record.metadata[name]!;
      const lower = name.toLowerCase();
      if (KEY_FIELDS.has(lower)) key = value;
      else if (lower === PARTITION_FIELD) partition = partitionNumber(value);
      // Assigning __proto__ sets no header.
      else if (name !== "__proto__") {
        headers[name] = value;
        size += Buffer.byteLength(name) + Buffer.byteLength(value);
      }
    }
    const expiresAt = expiresAtOf(record.ttlMs, this.now());
    if (expiresAt !== undefined) size += headerSize(headers, EXPIRES_HEADER, String(expiresAt));
    if (record.contentType) size += headerSize(headers, "content-type", record.contentType);
    if (key !== undefined) size += Buffer.byteLength(key);
    if (size > this.settings.maxMessageBytes) throw new MessageTooLargeError(size, this.settings.maxMessageBytes);
    const message: Message = { value: record.data, headers };
    if (key !== undefined) message.key = key;
    if (partition !== undefined) message.partition = partition;
    return message;
  }
}

/** Sets a header the component owns (over a metadata entry of that name), returning the bytes it adds. */
function headerSize(headers: Record<string, string>, name: string, value: string): number {
  const replaced = Object.hasOwn(headers, name) ? Buffer.byteLength(name) + Buffer.byteLength(headers[name]!) : 0;
  headers[name] = value;
  return Buffer.byteLength(name) + Buffer.byteLength(value) - replaced;
}

function partitionNumber(value: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new Error(`metadata partitionNumber must be a non-negative integer, got ${JSON.stringify(value)}`);
  return n;
}
