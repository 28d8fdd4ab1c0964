import { AckPolicy, DeliverPolicy, JetStreamApiCodes, JetStreamApiError, StorageType, type ConsumerConfig, type JetStreamManager } from "@nats-io/jetstream";
import type { Logger } from "../../../diagnostics/logger.js";
import { safeName, type JetStreamSettings } from "./metadata.js";

const NANOS_PER_MS = 1_000_000;

/**
 * The server-side objects the component relies on: the stream holding each subject (found, or
 * created when autoCreateStream allows) and the durable consumers, kept in line with the manifest.
 */
export class StreamDirectory {
  /** subject -> the stream holding it, found (or created) once. */
  private readonly streams = new Map<string, Promise<string>>();

  constructor(
    private readonly jsm: JetStreamManager,
    private readonly settings: JetStreamSettings,
    private readonly logger: Logger,
  ) {}

  /** The stream that holds `subject`: found by subject or by streamName, created when allowed. */
  streamFor(subject: string): Promise<string> {
    let found = this.streams.get(subject);
    if (!found) {
      found = this.resolveStream(subject);
      this.streams.set(subject, found);
      found.catch(() => this.streams.delete(subject));
    }
    return found;
  }

  /** The server lost (or never had) the stream found for `subject`: look again next time. */
  forget(subject: string): void {
    this.streams.delete(subject);
  }

  private async resolveStream(subject: string): Promise<string> {
    const { jsm, settings } = this;
    const named = settings.streamName;
    if (named) {
      const info = await jsm.streams.info(named).catch((error: unknown) => {
        if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return undefined;
        throw error;
      });
      if (info) {
        const subjects = info.config.subjects ?? [];
        if (subjects.some((pattern) => subjectMatches(pattern, subject))) return named;
        if (!settings.autoCreateStream) throw new Error(`stream ${named} (streamName) does not hold subject ${subject}, and autoCreateStream is false`);
        await jsm.streams.update(named, { subjects: [...subjects, subject] });
        this.logger.info(`added subject ${subject} to JetStream stream ${named}`);
        return named;
      }
      if (!settings.autoCreateStream) throw new Error(`stream ${named} (streamName) does not exist, and autoCreateStream is false`);
      return this.createStream(named, subject);
    }
    try {
      return await jsm.streams.find(subject);
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound) && !/no stream matches/i.test((error as Error).message)) throw error;
    }
    if (!settings.autoCreateStream) throw new Error(`no JetStream stream holds subject ${subject}, and autoCreateStream is false: create one, or set streamName`);
    return this.createStream(safeName(subject), subject);
  }

  private async createStream(name: string, subject: string): Promise<string> {
    const { jsm, settings } = this;
    try {
      await jsm.streams.add({
        name,
        subjects: [subject],
        storage: settings.memoryStorage ? StorageType.Memory : StorageType.File,
        num_replicas: settings.replicas ?? 1,
      });
      this.logger.info(`created JetStream stream ${name} for subject ${subject}`);
      return name;
    } catch (error) {
      // Another sidecar created it in the meantime: use whatever holds the subject now.
      const holder = await jsm.streams.find(subject).catch(() => undefined);
      if (holder) return holder;
      throw new Error(`creating JetStream stream ${name} for subject ${subject}: ${(error as Error).message}`);
    }
  }

  async ensureConsumer(stream: string, durable: string, subject: string): Promise<void> {
    const { jsm } = this;
    const config = this.consumerConfig(durable, subject);
    const existing = await jsm.consumers.info(stream, durable).catch((error: unknown) => {
      if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) return undefined;
      throw error;
    });
    if (!existing) {
      try {
        await jsm.consumers.add(stream, config);
        return;
      } catch (error) {
        // Created by a replica at the same moment: fine, it is ours too.
        const raced = await jsm.consumers.info(stream, durable).catch(() => undefined);
        if (!raced) throw error;
        return;
      }
    }
    if (existing.config.filter_subject && existing.config.filter_subject !== subject) {
      throw new Error(`durable consumer ${durable} of stream ${stream} filters ${existing.config.filter_subject}, not ${subject}`);
    }
    // What the server lets change on a durable: keep the manifest's values in force after an edit.
    const update: Partial<ConsumerConfig> = {};
    if (config.ack_wait !== undefined && config.ack_wait !== existing.config.ack_wait) update.ack_wait = config.ack_wait;
    if (config.max_deliver !== undefined && config.max_deliver !== existing.config.max_deliver) update.max_deliver = config.max_deliver;
    if (config.max_ack_pending !== undefined && config.max_ack_pending !== existing.config.max_ack_pending) update.max_ack_pending = config.max_ack_pending;
    if (config.backoff !== undefined && JSON.stringify(config.backoff) !== JSON.stringify(existing.config.backoff ?? [])) update.backoff = config.backoff;
    if (Object.keys(update).length === 0) return;
    await jsm.consumers.update(stream, durable, update).catch((error: unknown) => {
      this.logger.warn(`durable consumer ${durable} of stream ${stream} keeps its settings: ${(error as Error).message}`);
    });
  }

  private consumerConfig(durable: string, subject: string): Partial<ConsumerConfig> & { durable_name: string } {
    const s = this.settings;
    const config: Partial<ConsumerConfig> & { durable_name: string } = {
      durable_name: durable,
      filter_subject: subject,
      ack_policy: s.ackPolicy === "all" ? AckPolicy.All : s.ackPolicy === "none" ? AckPolicy.None : AckPolicy.Explicit,
      deliver_policy: {
        all: DeliverPolicy.All,
        last: DeliverPolicy.Last,
        new: DeliverPolicy.New,
        sequence: DeliverPolicy.StartSequence,
        time: DeliverPolicy.StartTime,
      }[s.deliverPolicy],
    };
    if (s.deliverPolicy === "sequence") config.opt_start_seq = s.startSequence;
    if (s.deliverPolicy === "time" && s.startTime !== undefined) config.opt_start_time = new Date(s.startTime * 1000).toISOString();
    if (s.ackWaitMs !== undefined) config.ack_wait = s.ackWaitMs * NANOS_PER_MS;
    if (s.maxDeliver !== undefined) config.max_deliver = s.maxDeliver;
    if (s.backOffMs.length > 0) config.backoff = s.backOffMs.map((ms) => ms * NANOS_PER_MS);
    if (s.maxAckPending !== undefined) config.max_ack_pending = s.maxAckPending;
    if (s.replicas !== undefined) config.num_replicas = s.replicas;
    if (s.memoryStorage) config.mem_storage = true;
    return config;
  }
}

export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/** NATS subject matching: `*` is one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split(".");
  const s = subject.split(".");
  for (let i = 0; i < p.length; i++) {
    if (p[i] === ">") return s.length > i;
    if (i >= s.length || (p[i] !== "*" && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}
