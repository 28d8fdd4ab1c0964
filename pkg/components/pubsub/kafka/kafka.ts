import type { Kafka } from "kafkajs";
import type { ComponentContext, HealthReporter } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { metadataValue, RequestMetadataError, subscriptionConsumerId } from "../metadata.js";
import type { Clock } from "../metadata.js";
import { BrokerSubscriptions } from "../subscriptions.js";
import type { ActiveSubscription, BulkPublishEntry, BulkPublishResult, BulkPublisher, MessageHandler, PubSub, PubSubFeature, PublishRequest, SubscribeRequest } from "../types.js";
import { kafkaClient } from "./client.js";
import { KafkaHealth } from "./health.js";
import { parseKafkaMetadata, type KafkaSettings } from "./metadata.js";
import { KafkaPublisher } from "./publisher.js";
import { KafkaSubscription } from "./subscription.js";

/**
 * `pubsub.kafka`: Apache Kafka through kafkajs. A topic is a Kafka topic (created on first use); every subscription
 * is a member of the component's consumer group (default the app id), so replicas share a topic's partitions and
 * different apps each get every record. Offsets are committed only behind settled records (subscription.ts).
 */
export class KafkaPubSub implements PubSub, BulkPublisher, HealthReporter {
  private settings?: KafkaSettings;
  private kafka?: Kafka;
  private publisher?: KafkaPublisher;
  private health?: KafkaHealth;
  /** Records of one partition handled one at a time, in order (Dapr's Kafka behaviour), unless concurrencyMode is parallel. */
  private componentConcurrency: "single" | "parallel" = "single";
  private readonly subscriptions: BrokerSubscriptions<KafkaSubscription>;
  private readonly now: Clock;

  constructor(private readonly context: ComponentContext) {
    this.now = context.now ?? Date.now;
    this.subscriptions = new BrokerSubscriptions(context.gracefulShutdownMs);
  }

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseKafkaMetadata(metadata, this.context.appId);
    const mode = (metadata.string("concurrencyMode") ?? "single").trim().toLowerCase();
    if (mode !== "single" && mode !== "parallel") throw metadata.error("concurrencyMode", `must be single or parallel, got ${JSON.stringify(mode)}`);
    this.componentConcurrency = mode;
    this.settings = settings;
    this.kafka = kafkaClient(settings, this.context.logger);
    this.publisher = new KafkaPublisher(this.kafka, settings, this.now);
    try {
      await this.publisher.connect();
    } catch (error) {
      await this.publisher.close();
      throw new Error(`cannot connect to Kafka at ${settings.brokers.join(",")} (brokers): ${(error as Error).message}`);
    }
    if (this.subscriptions.closed) {
      // close() ran while connecting (the runtime's initTimeout): do not leak the connections.
      await this.publisher.close();
      throw new Error("component closed during init");
    }
    this.health = new KafkaHealth(this.publisher, this.context.logger, settings.brokers.join(","));
    await this.health.start();
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"];
  }

  async publish(request: PublishRequest): Promise<void> {
    const { publisher } = this.ready();
    try {
      await publisher.publish(request.topic, [{ data: request.data, contentType: request.contentType, ttlMs: request.ttlMs, metadata: request.metadata }]);
    } catch (error) {
      this.health?.publishFailed(error);
      throw error;
    }
  }

  /** One produce request for the whole batch: it is stored or refused as a whole, so a failure fails every entry. */
  async bulkPublish(request: { topic: string; entries: BulkPublishEntry[]; metadata: Record<string, string> }): Promise<BulkPublishResult> {
    const { publisher } = this.ready();
    try {
      await publisher.publish(request.topic, request.entries.map((e) => ({ data: e.data, contentType: e.contentType, ttlMs: e.ttlMs, metadata: { ...request.metadata, ...e.metadata } })));
      return { failedEntries: [] };
    } catch (error) {
      this.health?.publishFailed(error);
      const message = (error as Error).message;
      return { failedEntries: request.entries.map((e) => ({ entryId: e.entryId, error: message })) };
    }
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
    try {
      await subscription.start(this.subscriptions.signalFor(signal));
    } catch (error) {
      throw new Error(`subscribing to topic ${JSON.stringify(request.topic)} (consumer group ${group}): ${(error as Error).message}`);
    }
    return this.subscriptions.add(subscription);
  }

  async close(): Promise<void> {
    this.health?.stop();
    await this.subscriptions.close();
    await this.publisher?.close();
  }

  /** Outbound health: down while no broker answers, or fewer brokers are alive than the cluster had (health.ts). */
  healthy(): boolean {
    return this.health?.healthy() ?? false;
  }

  private ready(): { kafka: Kafka; settings: KafkaSettings; publisher: KafkaPublisher } {
    const { kafka, settings, publisher } = this;
    if (!kafka || !settings || !publisher || this.subscriptions.closed) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { kafka, settings, publisher };
  }
}

function concurrencyMode(raw: string | undefined, field: string): "single" | "parallel" | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value !== "single" && value !== "parallel") throw new RequestMetadataError(field, raw, "single or parallel");
  return value;
}
