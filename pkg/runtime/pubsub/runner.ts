import { hasRetryDefaults } from "../../components/pubsub/types.js";
import type { ActiveSubscription, PubSub, PubSubMessage, Settlement } from "../../components/pubsub/types.js";
import type { Logger } from "../../diagnostics/logger.js";
import type { Tracing } from "../../diagnostics/tracing.js";
import type { DeliveryResult, DeliveryTarget, TopicEvent } from "../appchannel/types.js";
import { BulkBatcher } from "./bulk.js";
import { defaultDeliveryPolicy, type TargetPolicy } from "../resiliency/index.js";
import { Semaphore, StoppedError } from "./concurrency.js";
import { JsonDepthError } from "../../util/json.js";
import { NotCloudEventError, toInbound, type InboundMessage } from "./inbound.js";
import type { WireDialect } from "../../apis/dialect.js";
import type { PubSubMetrics } from "./metrics.js";
import { Router } from "./router.js";
import { deliveryPolicy, type DeliveryPolicy, type Subscription } from "./subscription.js";

export interface RunnerDeps {
  appId: string;
  /** The app channel, or a subscriber's stream. */
  appChannel: DeliveryTarget;
  logger: Logger;
  metrics: PubSubMetrics;
  defaultConcurrency: number;
  /** The CloudEvent types of the pub/sub's wire dialect: a raw message's wrapper, the bulk body. */
  eventTypes: { single: string; bulk: string };
  /** The pub/sub's wire dialect: how a broker message becomes what the app gets (inbound.ts). */
  dialect?: WireDialect;
  tracing?: Tracing;
  /** `messaging.system` of the spans: the broker (pubsub.redis -> redis). */
  messagingSystem?: string;
  /** Resiliency policies; a component's `inbound` target replaces the built-in delivery policy. */
  resiliency?: { inbound(component: string): TargetPolicy | undefined };
  /** Shared by several runners: caps their messages delivered and unacknowledged at once, all together. */
  sharedInFlight?: Semaphore;
}

/** An attempt the app did not take (an error status, RETRY, unreachable): what the retry policy sees. */
class DeliveryFailed extends Error {
  readonly httpStatus?: number;
  constructor(readonly result: DeliveryResult) {
    super(result.reason);
    this.httpStatus = result.httpStatus;
  }
}

/** One delivery's TopicEvent: the CloudEvent is read from the message only if the target asks for it (an HTTP app does not). */
class InboundTopicEvent implements TopicEvent {
  readonly pubsubName: string;
  readonly topic: string;
  readonly body: Buffer;
  readonly contentType: string;
  readonly rawPayload: boolean;
  readonly traceparent?: string;
  readonly tracestate?: string;

  constructor(
    readonly path: string,
    subscription: Subscription,
    private readonly inbound: InboundMessage,
    readonly metadata: Record<string, string>,
    readonly signal: AbortSignal,
  ) {
    this.pubsubName = subscription.pubsubName;
    this.topic = subscription.topic;
    this.body = inbound.body;
    this.contentType = inbound.contentType;
    this.rawPayload = inbound.opaque;
    this.traceparent = inbound.traceparent;
    this.tracestate = inbound.tracestate;
  }

  get event(): Record<string, unknown> {
    return this.inbound.event;
  }
}

/**
 * One subscription of one pub/sub component, running: it hands the broker a handler that routes,
 * delivers with retries and settles the message (resolve = ack, reject = the broker redelivers).
 * At-least-once: nothing is acknowledged that the app did not take or that was not deliberately
 * dropped (DROP, 404, expired, dead-lettered).
 */
export class SubscriptionRunner {
  private readonly controller = new AbortController();
  /** Compiled in start(): the rules are checked before the broker is asked for anything. */
  private router!: Router;
  private readonly policy: DeliveryPolicy;
  private readonly slots: Semaphore;
  /** `maxInFlight`: messages delivered and not yet acknowledged, bulk entries included. */
  private readonly inFlight?: Semaphore;
  private readonly batcher?: BulkBatcher;
  /** Used when no Resiliency names the component's inbound side (docs/operations.md "Resiliency": the default policy). */
  private readonly builtinPolicy: TargetPolicy;
  private active?: ActiveSubscription;
  /** The same for every delivery: the subscription's signal ends waits, and an open breaker holds messages (process()). */
  private readonly executeOptions = { signal: this.controller.signal, waitWhileOpen: true };

  constructor(
    readonly subscription: Subscription,
    private readonly pubsub: PubSub,
    private readonly deps: RunnerDeps,
  ) {
    this.policy = deliveryPolicy(subscription, deps.defaultConcurrency, hasRetryDefaults(pubsub) ? pubsub.retryDefaults() : {});
    this.slots = new Semaphore(this.policy.maxConcurrency);
    if (this.policy.maxInFlight !== undefined) this.inFlight = new Semaphore(this.policy.maxInFlight);
    this.builtinPolicy = defaultDeliveryPolicy(this.policy);
    if (subscription.bulk) {
      this.batcher = new BulkBatcher({ subscription, bulk: subscription.bulk, appChannel: deps.appChannel, slots: this.slots, signal: this.controller.signal, logger: deps.logger, eventType: deps.eventTypes.bulk, tracing: deps.tracing, messagingSystem: deps.messagingSystem });
    }
  }

  async start(): Promise<void> {
    const { subscription } = this;
    this.router = await Router.compile(subscription);
    // consumerID defaults to the app-id, as in Dapr: replicas of one app share a consumer group.
    const metadata = { consumerID: this.deps.appId, ...subscription.metadata };
    this.active = await this.pubsub.subscribe({ topic: subscription.topic, metadata }, (message) => this.handle(message), this.controller.signal);
  }

  /** Stops taking messages and waits for in-flight deliveries (bounded by `timeoutMs`); pending retries go back to the broker. */
  async stop(timeoutMs: number): Promise<void> {
    this.controller.abort();
    this.batcher?.stop();
    if (!this.active) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
      timer.unref();
    });
    const late = await Promise.race([this.active.drained().then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) this.deps.logger.warn(`subscription ${this.describe()}: in-flight deliveries did not finish within ${timeoutMs}ms; the broker will redeliver them`);
  }

  describe(): string {
    return `${this.subscription.pubsubName}/${this.subscription.topic}`;
  }

  /**
   * Not an async function: an untraced delivery returns process()'s own promise rather than one more
   * wrapped around it (a promise and three microtask turns per message). Every failure still rejects.
   */
  private handle(message: PubSubMessage): Promise<Settlement | void> {
    if (this.controller.signal.aborted) return Promise.reject(new StoppedError());
    let inbound: InboundMessage;
    try {
      inbound = toInbound(message, this.subscription.pubsubName, this.policy.rawPayload, this.deps.eventTypes.single, this.deps.dialect);
    } catch (error) {
      return this.unreadable(message, error);
    }
    try {
      if (inbound.deliverAt !== undefined) this.deps.metrics.delayedArrival(this.subscription.pubsubName, this.subscription.topic, Date.now() - inbound.deliverAt);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const tracing = this.deps.tracing;
    if (!tracing?.enabled || this.batcher) return this.process(message, inbound);
    return this.traced(tracing, message, inbound);
  }

  /** A message the runtime cannot read: dead-lettered or dropped (never delivered nor retried), or back to the broker. */
  private async unreadable(message: PubSubMessage, error: unknown): Promise<Settlement | void> {
    if (error instanceof NotCloudEventError) return this.notCloudEvent(message, error);
    // Never delivered nor retried: redelivery would fail the same way, for ever.
    if (!(error instanceof JsonDepthError)) throw error;
    this.deps.metrics.ingress(this.subscription.pubsubName, this.subscription.topic, "drop", performance.now());
    return this.dropOrDeadLetter(message, undefined, `the payload is ${error.message}`, "error", "malformed");
  }

  /**
   * One consumer span per message, a child of the producer's context the CloudEvent carries: the app
   * gets this span's context, and the attempts' log lines (retries, dead letters) carry its trace id.
   */
  private async traced(tracing: Tracing, message: PubSubMessage, inbound: InboundMessage): Promise<Settlement | void> {
    const { pubsubName, topic } = this.subscription;
    const attributes = { "messaging.system": this.deps.messagingSystem ?? "", "messaging.destination.name": topic, "messaging.operation.type": "process", "messaging.message.id": inbound.id, "runtime.pubsub.name": pubsubName };
    const span = tracing.start(`process ${topic}`, "consumer", attributes, { traceparent: inbound.traceparent, tracestate: inbound.tracestate });
    inbound.traceparent = span.headers.traceparent;
    inbound.tracestate = span.headers.tracestate;
    try {
      const settlement = await span.run(() => this.process(message, inbound));
      span.end();
      return settlement;
    } catch (error) {
      span.end(error);
      throw error;
    }
  }

  /**
   * Not an async function: the delivery's promise is the policy's, read in one reaction (an async frame
   * and its await cost a promise and a suspended frame per message). Every failure still rejects.
   */
  private process(message: PubSubMessage, inbound: InboundMessage): Promise<Settlement | void> {
    const signal = this.controller.signal;
    let path: string | undefined;
    try {
      if (this.expired(inbound)) return Promise.resolve("dropped");
      path = this.router.route(inbound);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (path === undefined) {
      return this.dropOrDeadLetter(message, inbound, `no routing rule matched event ${inbound.id} and there is no default route`, "warn", "unroutable");
    }
    const route = path;
    // Taken when the delivery starts: a Resiliency edit applies to deliveries started after it.
    const resilient = this.deps.resiliency?.inbound(this.subscription.pubsubName);
    const policy = resilient ?? this.builtinPolicy;
    let attempts = 0;
    let expired = false;
    let last: DeliveryResult | undefined;
    let delivered: Promise<DeliveryResult>;
    try {
      // waitWhileOpen: an open inbound breaker holds the message here, before a concurrency slot, so the
      // broker's handlers stay busy and it stops pulling: messages wait in the broker, not in memory.
      delivered = policy.execute((attemptSignal) => {
        // Checked before every retry: a message that expires while being retried is not delivered late.
        if (attempts++ > 0 && this.expired(inbound)) {
          expired = true;
          return Promise.resolve<DeliveryResult>({ outcome: "drop", reason: "expired" });
        }
        const attemptStarted = performance.now();
        // The app's answer is read in the same reaction that gives the concurrency slot back (send()).
        return this.send(message, inbound, route, signal, attemptSignal, (outcome) => {
          this.deps.metrics.ingress(this.subscription.pubsubName, this.subscription.topic, outcome.outcome, attemptStarted);
          last = outcome;
          if (outcome.outcome !== "retry") return outcome;
          // Stopping (a stream ended, a reload): the broker redelivers it; no retry to announce.
          if (signal.aborted) throw new DeliveryFailed(outcome);
          // The built-in policy logs each retry; a Resiliency's retries show only at its breaker's state changes.
          if (resilient) this.deps.logger.debug(`delivery of ${inbound.id} on ${this.describe()} to ${route} failed: ${outcome.reason}`);
          else this.deps.logger.warn(`delivery of ${inbound.id} on ${this.describe()} to ${route} will be retried (attempt ${attempts} failed): ${outcome.reason}`);
          throw new DeliveryFailed(outcome);
        });
      }, this.executeOptions);
    } catch (error) {
      delivered = Promise.reject(error as Error);
    }
    return delivered.then(
      (result) => {
        if (expired) return "dropped";
        if (result.outcome === "success") return;
        if (result.skipDeadLetter) {
          this.deps.logger.warn(`dropping message ${inbound.id} on ${this.describe()}: ${result.reason} for ${route}; not dead-lettered`);
          return "dropped";
        }
        return this.dropOrDeadLetter(message, inbound, `${result.reason} for ${route}`, "error", "drop");
      },
      (error: unknown) => this.gaveUp(error, message, inbound, route, resilient !== undefined, last),
    );
  }

  /** The policy rejected: stopping, retries exhausted, or a Resiliency retry that gave up. */
  private gaveUp(error: unknown, message: PubSubMessage, inbound: InboundMessage, path: string, resilient: boolean, last: DeliveryResult | undefined): Promise<Settlement | void> {
    if (this.controller.signal.aborted || error instanceof StoppedError) return Promise.reject(new StoppedError());
    const reason = last?.reason ?? (error as Error).message;
    if (!resilient) {
      return this.dropOrDeadLetter(message, inbound, `${reason}; gave up after ${this.policy.maxRetries} retries (maxRetries)`, "error", "retries");
    }
    // A Resiliency retry that gives up never drops: the dead-letter topic takes the message, or the broker keeps it.
    if (this.subscription.deadLetterTopic) {
      return this.dropOrDeadLetter(message, inbound, `${reason}; the Resiliency retry gave up`, "error", "retries");
    }
    this.deps.logger.debug(`delivery of ${inbound.id} on ${this.describe()} to ${path}: the Resiliency retry gave up (${reason}); the broker redelivers it`);
    return Promise.reject(error as Error);
  }

  /** An expired message is never delivered, whether or not the broker has a TTL of its own. */
  private expired(inbound: InboundMessage): boolean {
    if (inbound.expiresAt === undefined || Date.now() < inbound.expiresAt) return false;
    this.deps.logger.warn(`dropping expired message ${inbound.id} on ${this.describe()}`);
    this.deps.metrics.ingress(this.subscription.pubsubName, this.subscription.topic, "drop", performance.now());
    return true;
  }

  /**
   * One attempt, its answer read by `read` (which may throw to fail the attempt). A single delivery holds a
   * concurrency slot only while the app has it, never during backoff.
   */
  private send(message: PubSubMessage, inbound: InboundMessage, path: string, signal: AbortSignal, attemptSignal: AbortSignal, read: (outcome: DeliveryResult) => DeliveryResult): Promise<DeliveryResult> {
    // The common case (no in-flight bound, no bulk, a free slot) is not an async function of its own: the
    // slot goes back in the reaction that reads the app's answer, as the `finally` below gives it back.
    const release = this.inFlight || this.deps.sharedInFlight || this.batcher ? undefined : this.slots.tryAcquire(signal);
    if (!release) return this.sendHolding(message, inbound, path, signal, attemptSignal).then(read);
    let delivered: Promise<DeliveryResult>;
    try {
      delivered = this.deps.appChannel.deliverTopicEvent(new InboundTopicEvent(path, this.subscription, inbound, message.metadata, attemptSignal));
    } catch (error) {
      release();
      return Promise.reject(error as Error);
    }
    return delivered.then(
      (result) => {
        release();
        return read(result);
      },
      (error: unknown) => {
        release();
        throw error;
      },
    );
  }

  private async sendHolding(message: PubSubMessage, inbound: InboundMessage, path: string, signal: AbortSignal, attemptSignal: AbortSignal): Promise<DeliveryResult> {
    // Held while the message is out and unacknowledged, never during backoff: the broker's handlers
    // stay busy meanwhile, so it stops pulling and the rest wait on the broker, not in memory.
    const releaseOwn = this.inFlight ? await this.inFlight.acquire(signal) : undefined;
    let releaseShared: (() => void) | undefined;
    let release: (() => void) | undefined;
    try {
      releaseShared = this.deps.sharedInFlight ? await this.deps.sharedInFlight.acquire(signal) : undefined;
      if (this.batcher) return await this.batcher.submit(inbound, path);
      // A free slot is taken without waiting on a promise: the common case, once per delivery.
      release = this.slots.tryAcquire(signal) ?? (await this.slots.acquire(signal));
      return await this.deps.appChannel.deliverTopicEvent(new InboundTopicEvent(path, this.subscription, inbound, message.metadata, attemptSignal));
    } finally {
      release?.();
      releaseShared?.();
      releaseOwn?.();
    }
  }

  /**
   * daprd's subscription for a message that does not unmarshal as a CloudEvent: the dead-letter topic
   * takes it, or the handler fails and the broker redelivers it (a Dapr app never sees it).
   */
  private async notCloudEvent(message: PubSubMessage, error: NotCloudEventError): Promise<Settlement | void> {
    this.deps.metrics.ingress(this.subscription.pubsubName, this.subscription.topic, "retry", performance.now());
    if (this.subscription.deadLetterTopic) return this.dropOrDeadLetter(message, undefined, error.message, "error", "malformed");
    this.deps.logger.error(`error deserializing cloud event in pubsub ${this.subscription.pubsubName} and topic ${this.subscription.topic}: ${error.message}`);
    throw error;
  }

  /**
   * docs/api.md "Subscriptions and delivery": `deadLetterTopic` receives what is dropped or what exhausted its retries; a
   * failed dead-letter publish rejects, so the broker keeps the message.
   */
  private async dropOrDeadLetter(message: PubSubMessage, inbound: InboundMessage | undefined, reason: string, level: "warn" | "error", cause: "drop" | "retries" | "unroutable" | "malformed"): Promise<Settlement | void> {
    const id = inbound ? inbound.id : "(unparsed)";
    const deadLetterTopic = this.subscription.deadLetterTopic;
    if (!deadLetterTopic) {
      this.deps.logger[level](`dropping message ${id} on ${this.describe()}: ${reason}`);
      return "dropped";
    }
    await this.pubsub.publish({ topic: deadLetterTopic, data: message.data, contentType: message.contentType, metadata: {} });
    this.deps.logger[level](`message ${id} on ${this.describe()} moved to dead-letter topic ${deadLetterTopic}: ${reason}`);
    this.deps.metrics.deadLetters.inc({ component: this.subscription.pubsubName, topic: this.subscription.topic, reason: cause });
  }
}
