import type { Kafka } from "kafkajs";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { kafkaClient } from "../../pubsub/kafka/client.js";
import { parseKafkaMetadata, type KafkaSettings } from "../../pubsub/kafka/metadata.js";
import { KafkaPublisher, MessageTooLargeError } from "../../pubsub/kafka/publisher.js";
import { KafkaSubscription } from "../../pubsub/kafka/subscription.js";
import { BrokerSubscriptions } from "../../pubsub/subscriptions.js";
import { BindingRequestError, type InputHandler, type InvokeRequest, type InvokeResponse } from "../types.js";

/**
 * `bindings.kafka`: `create` publishes `data` to `publishTopic` (request metadata as headers, `partitionKey` as the
 * key); the input side reads `topics` in the consumer group and hands each record to the app as
 * `POST /<binding-name>`, committing a record's offset only once the app answered 2xx for it and every earlier
 * record of its partition (pubsub.kafka's consumer, connection and metadata, shared).
 */
export class KafkaBinding {
  private settings?: KafkaSettings;
  private kafka?: Kafka;
  private publisher?: KafkaPublisher;
  private publishTopic?: string;
  private topics: string[] = [];
  private readonly subscriptions: BrokerSubscriptions<KafkaSubscription>;

  constructor(private readonly context: ComponentContext) {
    this.subscriptions = new BrokerSubscriptions(context.gracefulShutdownMs);
  }

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseKafkaMetadata(metadata, this.context.appId);
    this.settings = settings;
    this.publishTopic = metadata.string("publishTopic")?.trim() || undefined;
    this.topics = (metadata.string("topics") ?? "").split(",").map((t) => t.trim()).filter((t) => t !== "");
    if (!this.publishTopic && this.topics.length === 0) throw metadata.error("topics", "or publishTopic is required: the binding would have neither an input nor an output side");
    this.kafka = kafkaClient(settings, this.context.logger);
    this.publisher = new KafkaPublisher(this.kafka, settings, this.context.now ?? Date.now);
    try {
      await this.publisher.connect();
    } catch (error) {
      await this.publisher.close();
      throw new Error(`cannot connect to Kafka at ${settings.brokers.join(",")} (brokers): ${(error as Error).message}`);
    }
  }

  operations(): string[] {
    return this.publishTopic ? ["create"] : [];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    const { publisher } = this.ready();
    if (!this.publishTopic) throw new BindingRequestError(`binding ${this.context.name} has no publishTopic: it has no output side`);
    if (request.operation !== "create") throw new BindingRequestError(`unsupported operation ${request.operation}; bindings.kafka supports create`);
    try {
      await publisher.publish(this.publishTopic, [{ data: bytesOf(request.data), metadata: request.metadata }]);
    } catch (error) {
      if (error instanceof MessageTooLargeError) throw new BindingRequestError(error.message);
      throw error;
    }
    return {};
  }

  async read(handler: InputHandler, signal: AbortSignal): Promise<void> {
    const { kafka, settings, publisher } = this.ready();
    if (this.topics.length === 0) return;
    const subscription = new KafkaSubscription({
      kafka,
      settings,
      group: settings.consumerGroup,
      topics: this.topics,
      concurrency: "single",
      logger: this.context.logger,
      now: this.context.now ?? Date.now,
      ensureTopic: (topic) => publisher.ensureTopic(topic),
      drainMs: this.subscriptions.drainMs,
      handler: async (record) => {
        await handler({ data: record.data, ...(record.contentType ? { contentType: record.contentType } : {}), metadata: record.metadata });
      },
    });
    try {
      await subscription.start(this.subscriptions.signalFor(signal));
      this.subscriptions.add(subscription);
    } catch (error) {
      throw new Error(`reading topics ${this.topics.join(",")} (consumer group ${settings.consumerGroup}): ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await this.subscriptions.close();
    await this.publisher?.close();
  }

  private ready(): { kafka: Kafka; settings: KafkaSettings; publisher: KafkaPublisher } {
    const { kafka, settings, publisher } = this;
    if (!kafka || !settings || !publisher || this.subscriptions.closed) throw new Error(`binding ${this.context.name} is not initialised`);
    return { kafka, settings, publisher };
  }
}

/** The record's value: bytes as given, a string as UTF-8, anything else as its JSON (what Dapr's binding request carries). */
function bytesOf(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data);
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (data === undefined) return Buffer.alloc(0);
  return Buffer.from(JSON.stringify(data), "utf8");
}
