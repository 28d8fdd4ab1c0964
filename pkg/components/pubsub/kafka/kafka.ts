import type { Kafka } from "kafkajs";
import type { ComponentMetadata } from "../../metadata.js";
import { BrokerPubSub } from "../broker.js";
import { maxDeliveryDelayOf, metadataValue, RequestMetadataError, subscriptionConsumerId } from "../metadata.js";
import type { ActiveSubscription, BulkPublishEntry, BulkPublishResult, BulkPublisher, DelayedDelivery, MessageHandler, PubSubFeature, PublishRequest, SubscribeRequest } from "../types.js";
import { kafkaClient } from "./client.js";
import { DEFAULT_DELAY_TOPIC, KafkaDelayed } from "./delayed.js";
import { KafkaHealth } from "./health.js";
import { parseKafkaMetadata, type KafkaSettings } from "./metadata.js";
import { KafkaPublisher, type OutgoingRecord } from "./publisher.js";
import { KafkaSubscription } from "./subscription.js";

/**
 * `pubsub.kafka`: Apache Kafka through kafkajs. A topic is a Kafka topic (created on first use); every subscription
 * is a member of the component's consumer group (default the app id), so replicas share a topic's partitions and
 * different apps each get every record. Offsets are committed only behind settled records (subscription.ts).
 */
export class KafkaPubSub extends BrokerPubSub<KafkaSettings, KafkaSubscription, KafkaDelayed> implements BulkPublisher, DelayedDelivery {
  private kafka?: Kafka;
  private publisher?: KafkaPublisher;
  private health?: KafkaHealth;
  private maxDelayMs = 0;
  /** Records of one partition handled one at a time, in order (Dapr's Kafka behaviour), unless concurrencyMode is parallel. */
  private componentConcurrency: "single" | "parallel" = "single";

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseKafkaMetadata(metadata, this.context.appId);
    const mode = (metadata.string("concurrencyMode") ?? "single").trim().toLowerCase();
    if (mode !== "single" && mode !== "parallel") throw metadata.error("concurrencyMode", `must be single or parallel, got ${JSON.stringify(mode)}`);
    this.componentConcurrency = mode;
    this.maxDelayMs = maxDeliveryDelayOf(metadata);
    const delayTopic = (metadata.string("delayTopic") ?? DEFAULT_DELAY_TOPIC).trim();
    // Kafka's topic names: at most 249 of letters, digits, '.', '_' and '-'.
    if (!/^[A-Za-z0-9._-]{1,249}$/.test(delayTopic)) throw metadata.error("delayTopic", `must be a Kafka topic name (letters, digits, '.', '_', '-'), got ${JSON.stringify(delayTopic)}`);
    this.settings = settings;
    this.kafka = kafkaClient(settings, this.context.logger);
    this.publisher = new KafkaPublisher(this.kafka, settings, this.now);
    try {
      await this.publisher.connect();
    } catch (error) {
      await this.publisher.close();
      throw new Error(`cannot connect to Kafka at ${settings.brokers.join(",")} (brokers): ${(error as Error).message}`);
    }
    if (this.closed) {
      // close() ran while connecting (the runtime's initTimeout): do not leak the connections.
      await this.publisher.close();
      throw new Error("component closed during init");
    }
    this.health = new KafkaHealth(this.publisher, this.context.logger, settings.brokers.join(","));
    await this.health.start();
    this.delayed = new KafkaDelayed({ kafka: this.kafka, settings, publisher: this.publisher, delayTopic, now: this.now, logger: this.context.logger });
    this.delayed.start();
  }

  maxDeliveryDelayMs(): number {
    return this.maxDelayMs;
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"];
  }

  publish(request: PublishRequest): Promise<void> {
    let ready: ReturnType<KafkaPubSub["ready"]>;
    try {
      ready = this.ready();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const { publisher, delayed } = ready;
    const record = { data: request.data, contentType: request.contentType, ttlMs: request.ttlMs, metadata: request.metadata };
    // Not awaited here: a publish's one promise is the batch's (publisher.ts); only a failure passes through this frame.
    const sent = request.deliverAt !== undefined ? this.hold(delayed, publisher, request.topic, record, request.deliverAt) : publisher.publish(request.topic, [record]);
    return sent.catch((error: unknown) => {
      this.health?.publishFailed(error);
      throw error;
    });
  }

  private async hold(delayed: KafkaDelayed, publisher: KafkaPublisher, topic: string, record: OutgoingRecord, deliverAt: number): Promise<void> {
    await delayed.hold([{ topic, record: publisher.recordOf(record), deliverAt }]);
  }

  /**
   * One produce request for the entries due now and one for the delayed ones (to the delay topic): each is stored
   * or refused as a whole, so a failure fails every entry it carried.
   */
  async bulkPublish(request: { topic: string; entries: BulkPublishEntry[]; metadata: Record<string, string> }): Promise<BulkPublishResult> {
    const { publisher, delayed } = this.ready();
    const recordOf = (e: BulkPublishEntry) => ({ data: e.data, contentType: e.contentType, ttlMs: e.ttlMs, metadata: { ...request.metadata, ...e.metadata } });
    const now = request.entries.filter((e) => e.deliverAt === undefined);
    const later = request.entries.filter((e) => e.deliverAt !== undefined);
    const failedEntries: BulkPublishResult["failedEntries"] = [];
    const attempt = async (entries: BulkPublishEntry[], send: () => Promise<void>): Promise<void> => {
      if (entries.length === 0) return;
      try {
        await send();
      } catch (error) {
        this.health?.publishFailed(error);
        const message = (error as Error).message;
        failedEntries.push(...entries.map((e) => ({ entryId: e.entryId, error: message })));
      }
    };
    await Promise.all([
      attempt(now, () => publisher.publish(request.topic, now.map(recordOf))),
      attempt(later, () => delayed.hold(later.map((e) => ({ topic: request.topic, record: publisher.recordOf(recordOf(e)), deliverAt: e.deliverAt! })))),
    ]);
    return { failedEntries };
  }

  async subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    const { kafka, settings, publisher } = this.ready();
    const group = subscriptionConsumerId(request.metadata, this.context.appId) ?? settings.consumerGroup;
    const concurrency = concurrencyMode(metadataValue(request.metadata, "concurrencyMode"), "concurrencyMode") ?? this.componentConcurrency;
    const subscription = new KafkaSubscription({
      kafka,
      settings,
      group,
      topics: [request.topic],
      concurrency,
      handler,
      logger: this.context.logger,
      now: this.now,
      ensureTopic: (topic) => publisher.ensureTopic(topic),
      drainMs: this.subscriptions.drainMs,
    });
    return this.track(request.topic, subscription, signal);
  }

  protected async disconnect(): Promise<void> {
    this.health?.stop();
    await this.publisher?.close();
  }

  /** Outbound health: down while no broker answers, or fewer brokers are alive than the cluster had (health.ts). */
  healthy(): boolean {
    return this.health?.healthy() ?? false;
  }

  private ready(): { kafka: Kafka; settings: KafkaSettings; publisher: KafkaPublisher; delayed: KafkaDelayed } {
    const { kafka, settings, publisher, delayed } = this;
    if (!kafka || !settings || !publisher || !delayed || this.closed) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { kafka, settings, publisher, delayed };
  }
}

function concurrencyMode(raw: string | undefined, field: string): "single" | "parallel" | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value !== "single" && value !== "parallel") throw new RequestMetadataError(field, raw, "single or parallel");
  return value;
}
