import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type {
  ActiveSubscription,
  BulkPublishEntry,
  BulkPublishResult,
  BulkPublisher,
  MessageHandler,
  PublishRequest,
  PubSub,
  PubSubFeature,
  PubSubMessage,
  SubscribeRequest,
} from "../types.js";
import { consumerIdOf, expiresAtOf, type Clock } from "../metadata.js";
import { ConsumerGroup, type QueuedMessage } from "./group.js";

/**
 * `pubsub.in-memory`: the embedded default broker (standalone without --resources-path, see docs/cli.md).
 *
 * Delivery model, so it behaves like a real broker under the runtime (and passes the conformance suite):
 * - every subscription of a topic gets its own copy (fan-out), unless two subscriptions share a
 *   `consumerID` in their subscribe metadata: those form one consumer group and compete, as in Redis Streams;
 * - a named group outlives its subscriptions, so messages published or rejected while nobody listens are
 *   delivered once the group subscribes again (a hot reload loses nothing); an anonymous subscription's
 *   queue dies with it, like Dapr's in-memory broker;
 * - a rejected handler gets the message again after `redeliveryDelay` (the contract's at-least-once);
 * - a publish's TTL drops the message unread once it expires.
 */
export class InMemoryPubSub implements PubSub, BulkPublisher {
  private readonly topics = new Map<string, Map<string, ConsumerGroup>>();
  private redeliveryDelayMs = 50;
  private maxBufferedMessages = 100_000;
  private anonymous = 0;
  private closed = false;

  private readonly now: Clock;

  constructor(private readonly context?: Pick<ComponentContext, "logger" | "now">) {
    this.now = context?.now ?? Date.now;
  }

  init(metadata: ComponentMetadata): Promise<void> {
    this.redeliveryDelayMs = metadata.durationMs("redeliveryDelay", 50);
    this.maxBufferedMessages = metadata.int("maxBufferedMessages", 100_000, { min: 1 });
    return Promise.resolve();
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "BULK_PUBLISH", "COMPETING_CONSUMERS"];
  }

  publish(request: PublishRequest): Promise<void> {
    if (this.closed) return Promise.reject(new Error("in-memory pubsub is closed"));
    const groups = this.topics.get(request.topic);
    if (!groups) return Promise.resolve();
    const expiresAt = expiresAtOf(request.ttlMs, this.now());
    for (const group of groups.values()) {
      if (group.size() >= this.maxBufferedMessages) {
        return Promise.reject(new Error(`topic ${request.topic}: consumer group ${group.name} holds ${group.size()} undelivered messages (maxBufferedMessages)`));
      }
    }
    for (const group of groups.values()) {
      const message: PubSubMessage = {
        topic: request.topic,
        data: Buffer.from(request.data),
        contentType: request.contentType,
        metadata: { ...request.metadata },
      };
      const queued: QueuedMessage = { message, expiresAt };
      group.enqueue(queued);
    }
    return Promise.resolve();
  }

  async bulkPublish(request: { topic: string; entries: BulkPublishEntry[]; metadata: Record<string, string> }): Promise<BulkPublishResult> {
    const failedEntries: BulkPublishResult["failedEntries"] = [];
    for (const entry of request.entries) {
      try {
        await this.publish({ topic: request.topic, data: entry.data, contentType: entry.contentType, ttlMs: entry.ttlMs, metadata: { ...request.metadata, ...entry.metadata } });
      } catch (err) {
        failedEntries.push({ entryId: entry.entryId, error: (err as Error).message });
      }
    }
    return { failedEntries };
  }

  subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    if (this.closed) return Promise.reject(new Error("in-memory pubsub is closed"));
    const consumerId = consumerIdOf(request.metadata);
    const durable = consumerId !== undefined;
    const groupName = durable ? `group:${consumerId}` : `anonymous:${++this.anonymous}`;
    let groups = this.topics.get(request.topic);
    if (!groups) {
      groups = new Map();
      this.topics.set(request.topic, groups);
    }
    let group = groups.get(groupName);
    if (!group) {
      group = new ConsumerGroup(groupName, this.redeliveryDelayMs, this.now, this.context?.logger);
      groups.set(groupName, group);
    }
    const subscriber = group.attach(handler);
    const onAbort = (): void => {
      group.detach(subscriber);
      if (!durable) groups.delete(groupName);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    return Promise.resolve({ drained: () => subscriber.drained() });
  }

  close(): Promise<void> {
    this.closed = true;
    for (const groups of this.topics.values()) for (const group of groups.values()) group.close();
    this.topics.clear();
    return Promise.resolve();
  }
}
