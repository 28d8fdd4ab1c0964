import type { ComponentMetadata } from "../../metadata.js";
import { bulkResult, type ActiveSubscription, type BulkPublishEntry, type BulkPublishResult, type BulkPublisher, type DelayedDelivery, type MessageHandler, type PubSubFeature, type PublishRequest, type SubscribeRequest } from "../types.js";
import { AmqpConnection } from "../../rabbitmq/connection.js";
import { BrokerPubSub } from "../broker.js";
import { RabbitMQSubscription } from "./subscription.js";
import { parseRabbitMQMetadata, type RabbitMQSettings } from "./metadata.js";
import { Publisher, type OutgoingMessage } from "./publisher.js";
import { expiresAtOf, metadataValue, subscriptionConsumerId } from "../metadata.js";
import { queueNameOf, routingKeysOf } from "./topology.js";
import { DelayQueues } from "./delayed.js";

const FIRST_RETRY_MS = 100;
/** The longest init waits for the delay ladder (declared and settled: 2.5 s on a broker that had none, else ~60 ms). */
const LADDER_INIT_WAIT_MS = 3000;

/**
 * `pubsub.rabbitmq` on amqplib, with Dapr's metadata names and topology: an exchange per topic, a
 * queue per (consumerID, topic) named `<consumerID>-<topic>`, so replicas of one app compete on
 * one queue while other apps each get every message, and a Dapr sidecar of the same app shares it.
 */
export class RabbitMQPubSub extends BrokerPubSub<RabbitMQSettings, RabbitMQSubscription, DelayQueues> implements BulkPublisher, DelayedDelivery {
  private connection?: AmqpConnection;
  private publisher?: Publisher;

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseRabbitMQMetadata(metadata, this.context.appId);
    this.settings = settings;
    // The reconnect backoff starts short and is capped by Dapr's reconnectWaitSeconds.
    const connection = new AmqpConnection(settings, { logger: this.context.logger, reconnectMs: [FIRST_RETRY_MS, settings.reconnectWaitMs] });
    try {
      await connection.open();
    } catch (error) {
      const field = metadata.string("connectionString", ["host"]) !== undefined ? "connectionString" : "hostname";
      throw metadata.error(field, `names a RabbitMQ that cannot be reached (${(error as Error).message})`);
    }
    if (this.closed) {
      // close() came first (an init that outlived its initTimeout): do not leave this connection behind.
      await connection.close();
      throw new Error(`pubsub ${this.context.name} was closed while connecting`);
    }
    this.connection = connection;
    const publisher = new Publisher(connection, settings, this.context.logger, this.now);
    this.publisher = publisher;
    const delayed = new DelayQueues(connection, this.context.logger, this.now, (topic) => publisher.ensureExchange(topic));
    this.delayed = delayed;
    // Declared now, so that on a broker without it the settling wait is over before a first delayed publish (which
    // would otherwise wait and could be late); awaited at most LADDER_INIT_WAIT_MS, so init stays within its
    // timeout, and not fatal: a user without rights on the ladder's names can still publish undelayed, and a delayed
    // publish waits for the ladder or declares it again.
    const ladder = delayed.ensureLadder().catch((error: unknown) => this.context.logger.warn(`pubsub ${this.context.name}: could not declare the RabbitMQ delay ladder (delayed publishes will retry): ${(error as Error).message}`));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ladder, new Promise<void>((resolve) => (timer = setTimeout(resolve, LADDER_INIT_WAIT_MS)))]);
    clearTimeout(timer);
  }

  maxDeliveryDelayMs(): number {
    return this.ready().settings.maxDeliveryDelayMs;
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"];
  }

  healthy(): boolean {
    return this.connection?.up ?? false;
  }

  /** Not async: an async function's own promise and await are a part of a publish's CPU worth saving. */
  publish(request: PublishRequest): Promise<void> {
    try {
      const { publisher } = this.ready();
      const message = outgoing(request.data, request.contentType, request.ttlMs, request.metadata);
      if (request.deliverAt !== undefined) return this.holdDelayed(request.topic, message, request.deliverAt);
      return publisher.publish(request.topic, message);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async bulkPublish(request: { topic: string; entries: BulkPublishEntry[]; metadata: Record<string, string> }): Promise<BulkPublishResult> {
    const { publisher } = this.ready();
    const messages = request.entries.map((e) => outgoing(e.data, e.contentType, e.ttlMs, { ...request.metadata, ...e.metadata }));
    if (request.entries.some((e) => e.deliverAt !== undefined)) {
      return bulkResult(request.entries, () =>
        Promise.all(
          request.entries.map((entry, i) => {
            const sent = entry.deliverAt === undefined ? publisher.publish(request.topic, messages[i]!) : this.holdDelayed(request.topic, messages[i]!, entry.deliverAt);
            return sent.then(() => undefined, (error: unknown) => error as Error);
          }),
        ),
      );
    }
    return bulkResult(request.entries, () => publisher.publishAll(request.topic, messages));
  }

  async subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    const { connection, settings } = this.ready();
    const queue = queueNameOf(this.consumerIdOf(request.metadata, settings), request.topic, request.metadata);
    const consumer = new RabbitMQSubscription({
      connection,
      settings,
      topic: request.topic,
      queue,
      routingKeys: routingKeysOf(request.metadata),
      handler,
      logger: this.context.logger,
      now: this.now,
    });
    // Bound under the delay ladder now, so that the binding is old by the time a delayed message needs it.
    this.delayed!.prepareTopic(request.topic).catch((error: unknown) => this.context.logger.debug(`pubsub ${this.context.name}: topic ${request.topic} not bound under the delay ladder yet (its first delayed publish binds it): ${(error as Error).message}`));
    return this.track(request.topic, consumer, signal);
  }

  /** What is still unacknowledged after the drain goes back to the queue with the connection. */
  protected async disconnect(): Promise<void> {
    await this.publisher?.close();
    await this.connection?.close();
    this.connection = undefined;
  }

  private holdDelayed(topic: string, message: OutgoingMessage, deliverAt: number): Promise<void> {
    const ttlMs = message.ttlMs ?? this.settings!.defaultTtlMs;
    return this.delayed!.hold({ topic, routingKey: message.routingKey, data: message.data, contentType: message.contentType, deliverAt, expiresAt: expiresAtOf(ttlMs, this.now()) });
  }

  private consumerIdOf(metadata: Record<string, string>, settings: RabbitMQSettings): string {
    return subscriptionConsumerId(metadata, this.context.appId) ?? settings.consumerID;
  }

  private ready(): { connection: AmqpConnection; publisher: Publisher; settings: RabbitMQSettings } {
    const settings = this.configured();
    if (!this.connection || !this.publisher) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { connection: this.connection, publisher: this.publisher, settings };
  }
}

function outgoing(data: Buffer, contentType: string | undefined, ttlMs: number | undefined, metadata: Record<string, string>): OutgoingMessage {
  return { data, contentType, routingKey: metadataValue(metadata, "routingKey") ?? "", ttlMs };
}
