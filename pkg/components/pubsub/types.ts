/**
 * The pub/sub contract, and how a broker is built on the kit in this folder. A broker is one folder
 * holding only its protocol, one line in builtins.ts, one row in test/conformance/pubsub/targets.ts:
 * - `fields.ts`: its metadata fields (MetadataField), registered with the type; its parser beside it.
 * - publish: the runtime has read Dapr's request metadata already (metadata.ts): take `ttlMs` (an
 *   expiry the broker carries or stores as `expiresAtOf(ttlMs, now)`), read only your own names
 *   from `metadata` with `metadataValue`. Throw to fail a publish (500).
 * - the class extends BrokerPubSub (broker.ts), which owns the lifecycle: the clock, `configured()`
 *   settings, the subscriptions, the delayed messages, and close (delayed, then subscriptions drained
 *   within `context.gracefulShutdownMs`, then the broker's `disconnect()`). A server a binding reaches
 *   too is connected through its shared folder (../redis, ../mqtt, ../rabbitmq).
 * - subscribe: build `<Broker>Subscription` (subscription.ts, a BrokerSubscription) and hand it to
 *   `track(topic, subscription, signal, release?)`, which starts it under the component's close.
 * - each delivered message goes through `deliver(handler, message, { ack, nack, term? }, retryAfter)`
 *   (subscriptions.ts): the one mapping of the handler's answer onto the broker; skip an expired
 *   message with `isExpired` and settle it like a "dropped" one.
 * - writes a busy connection can batch (publishes, acks) go through a WriteCoalescer (coalescer.ts).
 * - `healthy()` (HealthReporter) says whether the connection is up, so an outage shows on
 *   /v1.0/healthz/outbound; a component with retry metadata implements RetryDefaultsProvider.
 */
import type { Component } from "../component.js";
import type { RetryDefaults } from "../../util/backoff.js";

/** What a broker carries: the bytes the runtime built (a serialised CloudEvent, or the raw payload). */
export interface PubSubMessage {
  topic: string;
  data: Buffer;
  contentType?: string;
  /** Broker-level metadata (broker ids on delivery). */
  metadata: Record<string, string>;
}

export interface PublishRequest {
  topic: string;
  data: Buffer;
  contentType?: string;
  /** How long the message lives unread; the runtime read it once from the request (metadata.ts). */
  ttlMs?: number;
  /**
   * Epoch ms before which the message must not be delivered (delayed delivery); set only on a
   * component that implements DelayedDelivery, and only when it lies ahead of the publish.
   */
  deliverAt?: number;
  /** The request's metadata as given, for the broker's own names (routingKey, ...). */
  metadata: Record<string, string>;
  /**
   * The CloudEvent id of the envelope the runtime wrapped `data` in, when the runtime chose it: a broker
   * that keys messages on it (JetStream's Nats-Msg-Id) need not parse `data` back. Unset for raw bytes
   * and for events whose id came from the app.
   */
  eventId?: string;
}

export interface SubscribeRequest {
  topic: string;
  metadata: Record<string, string>;
}

/**
 * Called once per delivered message. Resolving acknowledges it (the broker forgets it); rejecting
 * leaves it unacknowledged, and the component must deliver it again later: that is the
 * at-least-once promise. The runtime does its own backoff before it rejects.
 *
 * Resolving with `"dropped"` says the runtime gave the message up on purpose (the app answered DROP,
 * it expired, no route took it, retries ran out) and no dead-letter topic took it: a broker with a
 * terminal refusal of its own (JetStream's `term`, which raises an advisory operators can watch)
 * uses it; every other broker acknowledges as on a plain resolve.
 */
export type MessageHandler = (message: PubSubMessage) => Promise<Settlement | void>;

export type Settlement = "dropped";

export type PubSubFeature = "MESSAGE_TTL" | "BULK_PUBLISH" | "SUBSCRIBE_WILDCARDS" | "PERSISTENT" | "COMPETING_CONSUMERS";

/** The pub/sub contract. `subscribe` runs until `signal` aborts; it resolves once the subscription is established. */
export interface PubSub extends Component {
  features(): PubSubFeature[];
  /** Resolves only once the broker has accepted the message (spec endpoint 1, note 1). */
  publish(request: PublishRequest): Promise<void>;
  /**
   * Starts delivering the topic's messages to `handler`. Aborting `signal` stops fetching new
   * messages; the promise returned by `drained()` of the result settles once in-flight handlers finished.
   */
  subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription>;
}

export interface ActiveSubscription {
  /** Resolves when every handler started before the abort has settled. */
  drained(): Promise<void>;
}

export interface BulkPublishEntry {
  entryId: string;
  data: Buffer;
  contentType?: string;
  /** The entry's TTL (its metadata over the request's), read once by the runtime. */
  ttlMs?: number;
  /** The entry's delivery time (PublishRequest.deliverAt). */
  deliverAt?: number;
  metadata: Record<string, string>;
}

export interface BulkPublishResult {
  failedEntries: Array<{ entryId: string; error: string }>;
}

/** Optional ability, found at run time: brokers that publish a batch in one round trip. */
export interface BulkPublisher {
  bulkPublish(request: { topic: string; entries: BulkPublishEntry[]; metadata: Record<string, string> }): Promise<BulkPublishResult>;
}

export function isBulkPublisher(pubsub: PubSub): pubsub is PubSub & BulkPublisher {
  return typeof (pubsub as Partial<BulkPublisher>).bulkPublish === "function";
}

/**
 * A broker's per-entry answers (an error, or nothing, per entry in order) as the spec's failedEntries;
 * a batch the broker refused as a whole fails every entry with its reason.
 */
export async function bulkResult(entries: readonly BulkPublishEntry[], send: () => Promise<ReadonlyArray<Error | null | undefined>>): Promise<BulkPublishResult> {
  let errors: ReadonlyArray<Error | null | undefined>;
  try {
    errors = await send();
  } catch (error) {
    return { failedEntries: entries.map((e) => ({ entryId: e.entryId, error: (error as Error).message })) };
  }
  return { failedEntries: entries.flatMap((e, i) => (errors[i] ? [{ entryId: e.entryId, error: errors[i].message }] : [])) };
}

/** Optional ability, found at run time: a component whose metadata (Dapr's backOff* fields) sets its subscriptions' delivery retry. */
export interface RetryDefaultsProvider {
  retryDefaults(): RetryDefaults;
}

export function hasRetryDefaults(component: object): component is RetryDefaultsProvider {
  return typeof (component as Partial<RetryDefaultsProvider>).retryDefaults === "function";
}

/**
 * Optional ability, found at run time: a broker that holds a delayed message durably until its time
 * (PublishRequest.deliverAt). The runtime refuses a delivery time for a component without it (400),
 * so a broker that cannot keep such a message through a restart never accepts one; a publish it
 * resolves is held by the broker, not in the sidecar's memory (the in-memory broker is the exception
 * that proves it: it holds nothing durably in the first place).
 */
export interface DelayedDelivery {
  /** The furthest ahead a delivery time may lie (`maxDeliveryDelay`). */
  maxDeliveryDelayMs(): number;
  /** Messages held for later per topic, as the broker counts them (runtime_pubsub_delayed_pending). */
  delayedPending(): Promise<ReadonlyArray<{ topic: string; count: number }>>;
}

export function supportsDelayedDelivery(pubsub: object): pubsub is PubSub & DelayedDelivery {
  return typeof (pubsub as Partial<DelayedDelivery>).maxDeliveryDelayMs === "function";
}

/** The capability `GET /v1.0/metadata` lists for a DelayedDelivery component. */
export const DELAYED_DELIVERY_CAPABILITY = "delayedDelivery";
