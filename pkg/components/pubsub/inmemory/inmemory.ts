import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type {
  ActiveSubscription,
  BulkPublishEntry,
  BulkPublishResult,
  BulkPublisher,
  DelayedDelivery,
  MessageHandler,
  PublishRequest,
  PubSub,
  PubSubFeature,
  PubSubMessage,
  SubscribeRequest,
} from "../types.js";
import { consumerIdOf, expiresAtOf, maxDeliveryDelayOf, DEFAULT_MAX_DELIVERY_DELAY_MS, type Clock } from "../metadata.js";
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
 * - a publish's TTL drops the message unread once it expires;
 * - a delayed message waits on a timer, then goes to the groups subscribed at its time: held in the
 *   process like everything else here, so it is no more durable than the broker itself.
 */
export class InMemoryPubSub implements PubSub, BulkPublisher, DelayedDelivery {
  private readonly topics = new Map<string, Map<string, ConsumerGroup>>();
  private redeliveryDelayMs = 50;
  private maxBufferedMessages = 100_000;
  private anonymous = 0;
  private maxDelayMs = DEFAULT_MAX_DELIVERY_DELAY_MS;
  /** Timers of delayed messages, per topic. */
  private readonly delayed = new Map<string, Set<NodeJS.Timeout>>();
  private closed = false;

  private readonly now: Clock;

  constructor(private readonly context?: Pick<ComponentContext, "logger" | "now">) {
    this.now = context?.now ?? Date.now;
  }

  init(metadata: ComponentMetadata): Promise<void> {
    this.redeliveryDelayMs = metadata.durationMs("redeliveryDelay", 50);
    this.maxBufferedMessages = metadata.int("maxBufferedMessages", 100_000, { min: 1 });
    this.maxDelayMs = maxDeliveryDelayOf(metadata);
    return Promise.resolve();
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "BULK_PUBLISH", "COMPETING_CONSUMERS"];
  }

  maxDeliveryDelayMs(): number {
    return this.maxDelayMs;
  }

  delayedPending(): Promise<Array<{ topic: string; count: number }>> {
    return Promise.resolve([...this.delayed].map(([topic, timers]) => ({ topic, count: timers.size })));
  }

  publish(request: PublishRequest): Promise<void> {
    if (this.closed) return Promise.reject(new Error("in-memory pubsub is closed"));
    // TTL counts from the publish, not from the delivery time.
    const expiresAt = expiresAtOf(request.ttlMs, this.now());
    if (request.deliverAt !== undefined && request.deliverAt > this.now()) {
      this.hold(request, expiresAt);
      return Promise.resolve();
    }
    return this.enqueue(request, expiresAt);
  }

  /** Waits out the delay; a timer's longest wait is about 24.8 days (2^31 - 1 ms), so a longer one waits in steps. */
  private hold(request: PublishRequest, expiresAt: number | undefined): void {
    let timers = this.delayed.get(request.topic);
    if (!timers) this.delayed.set(request.topic, (timers = new Set()));
    const set = timers;
    const wait = (): void => {
      const timer = setTimeout(() => {
        set.delete(timer);
        const remaining = request.deliverAt! - this.now();
        if (remaining > 0) return wait();
        if (set.size === 0 && this.delayed.get(request.topic) === set) this.delayed.delete(request.topic);
        this.enqueue(request, expiresAt).catch((error: unknown) => this.context?.logger?.warn(`in-memory pubsub: a delayed message on topic ${request.topic} is lost: ${(error as Error).message}`));
      }, Math.min(Math.max(request.deliverAt! - this.now(), 0), MAX_TIMER_MS));
      set.add(timer);
    };
    wait();
  }

  private enqueue(request: PublishRequest, expiresAt: number | undefined): Promise<void> {
    const groups = this.topics.get(request.topic);
    if (!groups) return Promise.resolve();
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
        await this.publish({ topic: request.topic, data: entry.data, contentType: entry.contentType, ttlMs: entry.ttlMs, deliverAt: entry.deliverAt, metadata: { ...request.metadata, ...entry.metadata } });
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
    for (const timers of this.delayed.values()) for (const timer of timers) clearTimeout(timer);
    this.delayed.clear();
    for (const groups of this.topics.values()) for (const group of groups.values()) group.close();
    this.topics.clear();
    return Promise.resolve();
  }
}

/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;
