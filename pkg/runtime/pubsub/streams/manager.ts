import { randomUUID } from "node:crypto";
import { wireDialectOf } from "../../../apis/dialect.js";
import { metadataBool, metadataInt, RequestMetadataError } from "../../../components/pubsub/metadata.js";
import type { PubSub } from "../../../components/pubsub/types.js";
import type { Logger } from "../../../diagnostics/logger.js";
import type { Tracing } from "../../../diagnostics/tracing.js";
import type { ComponentListener } from "../../processor.js";
import type { ComponentEntry, ComponentStore } from "../../store.js";
import { Semaphore } from "../concurrency.js";
import { EVENT_TYPES } from "../envelope.js";
import type { SubscriptionInfo } from "../manager.js";
import { messagingSystemOf, type PubSubMetrics } from "../metrics.js";
import { SubscriptionRunner, type RunnerDeps } from "../runner.js";
import { TopicScopes } from "../scoping.js";
import { BULK_DEFAULTS, deliveryPolicy, SubscriptionError, type Subscription } from "../subscription.js";
import { StreamSink, type AckStatus, type StreamTransport } from "./sink.js";

/** What a subscriber asks for when it opens a stream (gRPC's initial_request; the HTTP body). */
export interface StreamRequest {
  pubsubName: string;
  topic: string;
  metadata: Record<string, string>;
  deadLetterTopic?: string;
  /** At most this many messages delivered and unacknowledged at once; unset: the app-wide limit only. */
  maxInFlight?: number;
  /** Messages grouped into bulks of up to maxMessagesCount, or what arrived within maxAwaitDurationMs. */
  bulk?: { maxMessagesCount?: number; maxAwaitDurationMs?: number };
}

export type StreamRefusal = "pubsubEmpty" | "topicEmpty" | "pubsubNotFound" | "forbidden" | "invalid" | "closed";

/** A stream the runtime will not open: the API transports map `reason` onto their catalogue error. */
export class StreamRefused extends Error {
  constructor(readonly reason: StreamRefusal, message: string) {
    super(message);
    this.name = "StreamRefused";
  }
}

/** An open stream as its transport holds it. */
export interface TopicStream {
  readonly id: string;
  readonly subscription: Subscription;
  /** Call once the transport has told the subscriber the stream is open: messages flow from then on. */
  begin(): void;
  /** The subscriber's acknowledgement of one message (or bulk entry); false when no message has that id. */
  ack(id: string, status: AckStatus | undefined): boolean;
  /** The subscriber went away, or ended the stream: what it did not acknowledge goes back to the broker. */
  close(): Promise<void>;
}

export interface StreamSubscriptionsDeps {
  appId: string;
  store: ComponentStore;
  logger: Logger;
  metrics: PubSubMetrics;
  /** `--app-max-concurrency`: each stream's concurrency, and every stream's unacknowledged messages together. */
  appMaxConcurrency: number;
  drainTimeoutMs: number;
  resiliency?: RunnerDeps["resiliency"];
  tracing?: Tracing;
}

interface OpenEntry {
  stream: TopicStream;
  transport: StreamTransport;
  pubsubName: string;
}

/**
 * Subscriptions opened at run time by a subscriber's stream (daprd's SubscribeTopicEventsAlpha1, and the
 * same over HTTP): each stream is a subscription of its own, run by the same SubscriptionRunner as the
 * app's (retries, Resiliency inbound policies, dead letters, TTL, metrics, spans), delivering to the
 * stream instead of the app channel. Several streams may take one topic; as replicas of an app, they
 * share its consumer group, so each message goes to one of them, and what one leaves unacknowledged
 * when it ends goes to another, or to the next one opened.
 */
export class StreamSubscriptions implements ComponentListener {
  private readonly streams = new Map<string, OpenEntry>();
  /** Every stream's unacknowledged messages together, capped by --app-max-concurrency. */
  private readonly appInFlight: Semaphore;
  private closed = false;

  constructor(private readonly deps: StreamSubscriptionsDeps) {
    this.appInFlight = new Semaphore(deps.appMaxConcurrency);
  }

  /** Resolves once the broker subscription is live; then the transport tells its subscriber and calls begin(). */
  async open(request: StreamRequest, transport: StreamTransport): Promise<TopicStream> {
    if (this.closed) throw new StreamRefused("closed", "the sidecar is shutting down");
    const { pubsubName, topic } = request;
    if (!pubsubName) throw new StreamRefused("pubsubEmpty", "pubsub name is empty");
    if (!topic) throw new StreamRefused("topicEmpty", `topic is empty in pubsub ${pubsubName}`);
    const entry = this.deps.store.entry(pubsubName);
    if (entry?.kind !== "pubsub") throw new StreamRefused("pubsubNotFound", `pubsub ${pubsubName} is not found`);
    if (!TopicScopes.fromComponent(entry.resource).canSubscribe(this.deps.appId, topic)) {
      throw new StreamRefused("forbidden", `topic ${topic} is not allowed for app id ${this.deps.appId}`);
    }
    const subscription = streamSubscription(request);
    const id = randomUUID();
    const describe = (): string => `${pubsubName}/${topic} (stream ${id})`;
    const sink = new StreamSink(transport, this.deps.logger, describe);
    let runner: SubscriptionRunner;
    try {
      deliveryPolicy(subscription, this.deps.appMaxConcurrency);
      runner = this.runner(subscription, entry as ComponentEntry<"pubsub">, sink);
    } catch (error) {
      if (error instanceof SubscriptionError) throw new StreamRefused("invalid", error.message);
      throw error;
    }
    await runner.start();
    let closing: Promise<void> | undefined;
    const stream: TopicStream = {
      id,
      subscription,
      begin: () => sink.begin(),
      ack: (ackId, status) => sink.ack(ackId, status),
      close: () => {
        closing ??= (async () => {
          this.streams.delete(id);
          // The runner aborts first, so the deliveries the sink settles as retries go back to the broker.
          const stopped = runner.stop(this.deps.drainTimeoutMs);
          sink.close();
          await stopped;
          this.deps.logger.info(`stream ${describe()} closed`);
        })();
        return closing;
      },
    };
    this.streams.set(id, { stream, transport, pubsubName });
    this.deps.logger.info(`stream ${describe()} opened${subscription.maxInFlight ? ` (maxInFlight ${subscription.maxInFlight})` : ""}${subscription.bulk ? " (bulk)" : ""}`);
    return stream;
  }

  /** An open stream by its id (acknowledgements over HTTP arrive on requests of their own). */
  stream(id: string): TopicStream | undefined {
    return this.streams.get(id)?.stream;
  }

  /** For GetMetadata and /v1.0/metadata: one entry per open stream, type STREAMING. */
  list(): SubscriptionInfo[] {
    return [...this.streams.values()].map(({ stream: { subscription: s } }) => ({
      pubsubname: s.pubsubName,
      topic: s.topic,
      metadata: { ...s.metadata },
      rules: [],
      deadLetterTopic: s.deadLetterTopic ?? "",
      type: "STREAMING",
    }));
  }

  /** The pub/sub is being replaced (hot reload) or removed: its streams end; subscribers open them again. */
  async beforeDetach(entry: ComponentEntry): Promise<void> {
    if (entry.kind !== "pubsub") return;
    await this.endWhere((e) => e.pubsubName === entry.name, `pubsub ${entry.name} is being reloaded or removed; subscribe again`);
  }

  /** Ends every stream (shutdown); unacknowledged messages stay on the broker. */
  async close(): Promise<void> {
    this.closed = true;
    await this.endWhere(() => true, undefined);
  }

  private async endWhere(match: (entry: OpenEntry) => boolean, reason: string | undefined): Promise<void> {
    const ending = [...this.streams.values()].filter(match);
    await Promise.all(ending.map(async ({ stream, transport }) => {
      await stream.close();
      transport.end(reason);
    }));
  }

  private runner(subscription: Subscription, entry: ComponentEntry<"pubsub">, sink: StreamSink): SubscriptionRunner {
    return new SubscriptionRunner(subscription, entry.instance as PubSub, {
      appId: this.deps.appId,
      appChannel: sink,
      logger: this.deps.logger,
      metrics: this.deps.metrics,
      defaultConcurrency: this.deps.appMaxConcurrency,
      eventTypes: EVENT_TYPES[wireDialectOf(entry.resource)],
      resiliency: this.deps.resiliency,
      tracing: this.deps.tracing,
      messagingSystem: messagingSystemOf(entry.resource.spec.type),
      sharedInFlight: this.appInFlight,
    });
  }
}

/** A stream's subscription: every message to its one route (daprd's implicit default "/"). */
function streamSubscription(request: StreamRequest): Subscription {
  const positive = (value: number | undefined, name: string): number | undefined => {
    if (value === undefined) return undefined;
    if (!Number.isSafeInteger(value) || value < 1) throw new StreamRefused("invalid", `${name} must be a positive integer, got ${JSON.stringify(value)}`);
    return value;
  };
  return {
    pubsubName: request.pubsubName,
    topic: request.topic,
    rules: [],
    defaultRoute: "/",
    metadata: { ...request.metadata },
    deadLetterTopic: request.deadLetterTopic || undefined,
    maxInFlight: positive(request.maxInFlight, "maxInFlight"),
    bulk: request.bulk
      ? {
          maxMessagesCount: positive(request.bulk.maxMessagesCount, "bulk.maxMessagesCount") ?? BULK_DEFAULTS.maxMessagesCount,
          maxAwaitDurationMs: positive(request.bulk.maxAwaitDurationMs, "bulk.maxAwaitDurationMs") ?? BULK_DEFAULTS.maxAwaitDurationMs,
        }
      : bulkFromMetadata(request.metadata),
    type: "STREAMING",
  };
}

/**
 * Bulk delivery asked for in the subscription metadata, the only place SubscribeTopicEventsAlpha1's
 * initial request has room for it: the keys are a Subscription's `bulkSubscribe` fields (enabled,
 * maxMessagesCount, maxAwaitDurationMs) under that prefix. As on a Subscription, nothing is grouped
 * unless `enabled` is true; the bounds default as there.
 */
function bulkFromMetadata(metadata: Record<string, string>): Subscription["bulk"] {
  try {
    if (!metadataBool(metadata, BULK_METADATA.enabled, false)) return undefined;
    return {
      maxMessagesCount: metadataInt(metadata, BULK_METADATA.maxMessagesCount, BULK_DEFAULTS.maxMessagesCount, 1),
      maxAwaitDurationMs: metadataInt(metadata, BULK_METADATA.maxAwaitDurationMs, BULK_DEFAULTS.maxAwaitDurationMs, 1),
    };
  } catch (error) {
    if (error instanceof RequestMetadataError) throw new StreamRefused("invalid", error.message);
    throw error;
  }
}

/** The metadata keys of a stream's bulk delivery. */
export const BULK_METADATA = {
  enabled: "bulkSubscribe.enabled",
  maxMessagesCount: "bulkSubscribe.maxMessagesCount",
  maxAwaitDurationMs: "bulkSubscribe.maxAwaitDurationMs",
} as const;
