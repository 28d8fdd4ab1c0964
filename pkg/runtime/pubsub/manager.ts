import { wireDialectOf } from "../../apis/dialect.js";
import type { SubscriptionResource } from "../../apis/types.js";
import type { PubSub } from "../../components/pubsub/types.js";
import type { Logger } from "../../diagnostics/logger.js";
import type { Tracing } from "../../diagnostics/tracing.js";
import type { AppChannel } from "../appchannel/types.js";
import type { ComponentListener } from "../processor.js";
import type { ComponentEntry, ComponentStore } from "../store.js";
import { StoppedError } from "./concurrency.js";
import { discoverSubscriptions } from "./discovery.js";
import { EVENT_TYPES } from "./envelope.js";
import { messagingSystemOf, type PubSubMetrics } from "./metrics.js";
import { SubscriptionRunner, type RunnerDeps } from "./runner.js";
import { TopicScopes } from "./scoping.js";
import { fromResource, type Subscription } from "./subscription.js";

/** A subscription as /v1.0/metadata shows it (Dapr's shape). */
export interface SubscriptionInfo {
  pubsubname: string;
  topic: string;
  metadata: Record<string, string>;
  rules: Array<{ match: string; path: string }>;
  deadLetterTopic: string;
  type: Subscription["type"];
}

export interface SubscriptionManagerDeps {
  appId: string;
  appChannel: AppChannel;
  store: ComponentStore;
  logger: Logger;
  metrics: PubSubMetrics;
  defaultConcurrency: number;
  /** How long a stop waits for in-flight deliveries (the graceful shutdown period). */
  drainTimeoutMs: number;
  resiliency?: RunnerDeps["resiliency"];
  tracing?: Tracing;
}

/**
 * All topic subscriptions of the app. Subscriptions (declarative first, then the app's) are read
 * once and cached; runners exist per pub/sub component, so a component swap (hot reload) stops that
 * component's runners, draining them, and starts them again on the new instance: the
 * ComponentListener hooks of the processor.
 */
export class SubscriptionManager implements ComponentListener {
  private subscriptions: Subscription[] = [];
  private declarative: SubscriptionResource[] = [];
  private programmatic: Subscription[] = [];
  private readonly runners = new Map<string, SubscriptionRunner[]>();
  private started = false;
  private closed = false;
  /** The app is unhealthy (app health checks): no runner runs until it recovers. */
  private paused = false;
  /** One change at a time per manager: a reload must not interleave with start or close. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SubscriptionManagerDeps) {}

  /**
   * Call once components are loaded and the app channel is reachable. Resolves when every subscription
   * is live or failed to start (and then logged): the runtime's subscriptions gate opens then.
   */
  async start(declarative: SubscriptionResource[], signal: AbortSignal): Promise<void> {
    this.declarative = declarative;
    try {
      this.programmatic = await discoverSubscriptions(this.deps.appChannel, this.deps.logger, signal);
    } catch (error) {
      if (error instanceof StoppedError || signal.aborted) return;
      throw error;
    }
    await this.serialise(async () => {
      if (this.closed) return;
      this.subscriptions = this.merge();
      this.started = true;
      if (this.paused) return;
      for (const entry of this.deps.store.list("pubsub")) await this.startFor(entry);
      this.deps.logger.info(`subscriptions started: ${this.list().map((s) => `${s.pubsubname}/${s.topic}`).join(", ") || "none"}`);
    });
  }

  /**
   * Subscription resources changed (the controller's hot reload): the runners of every pub/sub whose
   * subscriptions differ are drained and started again; the others keep running.
   */
  updateDeclarative(declarative: SubscriptionResource[]): Promise<void> {
    return this.serialise(async () => {
      this.declarative = declarative;
      if (!this.started || this.closed) return;
      const before = this.subscriptions;
      const after = this.merge();
      this.subscriptions = after;
      const key = (subs: Subscription[], name: string): string => JSON.stringify(subs.filter((s) => s.pubsubName === name));
      const names = new Set([...before, ...after].map((s) => s.pubsubName));
      for (const name of names) {
        if (key(before, name) === key(after, name)) continue;
        await this.stopFor(name);
        const entry = this.deps.store.entry(name);
        if (entry?.kind === "pubsub" && !this.paused) await this.startFor(entry as ComponentEntry<"pubsub">);
        this.deps.logger.info(`subscriptions of ${name} reloaded`);
      }
    });
  }

  /** Declarative then programmatic; Dapr: one subscription per pub/sub and topic, the app's own declaration wins. */
  private merge(): Subscription[] {
    const subs: Subscription[] = [];
    for (const resource of this.declarative) {
      try {
        subs.push(fromResource(resource));
      } catch (error) {
        this.deps.logger.error(`Subscription ${resource.metadata.name}: ${(error as Error).message}; not loaded`);
      }
    }
    for (const sub of this.programmatic) {
      const clash = subs.findIndex((s) => s.pubsubName === sub.pubsubName && s.topic === sub.topic);
      if (clash >= 0 && subs[clash]!.type === "PROGRAMMATIC") {
        this.deps.logger.warn(`topic ${sub.topic} on ${sub.pubsubName} is declared twice by the app; using the first`);
        continue;
      }
      if (clash >= 0) {
        this.deps.logger.warn(`topic ${sub.topic} on ${sub.pubsubName} is declared by the app and by a Subscription resource; using the app's`);
        subs.splice(clash, 1);
      }
      subs.push(sub);
    }
    return subs;
  }

  /**
   * For /v1.0/metadata: the subscriptions that are live (the broker subscription established), in
   * declaration order. A user's promise: once a subscription is listed, a publish to its
   * topic is delivered; one still starting, restarting on a reload or failed to start is not listed.
   */
  list(): SubscriptionInfo[] {
    const order = new Map(this.subscriptions.map((s, i) => [`${s.pubsubName}\0${s.topic}`, i]));
    const position = (s: Subscription): number => order.get(`${s.pubsubName}\0${s.topic}`) ?? Number.MAX_SAFE_INTEGER;
    const live = [...this.runners.values()].flat().map((r) => r.subscription);
    return live.sort((a, b) => position(a) - position(b)).map((s) => ({
      pubsubname: s.pubsubName,
      topic: s.topic,
      metadata: { ...s.metadata },
      rules: [...s.rules, ...(s.defaultRoute ? [{ match: "", path: s.defaultRoute }] : [])],
      deadLetterTopic: s.deadLetterTopic ?? "",
      type: s.type,
    }));
  }

  beforeDetach(entry: ComponentEntry): Promise<void> {
    if (entry.kind !== "pubsub") return Promise.resolve();
    return this.serialise(() => this.stopFor(entry.name));
  }

  afterAttach(entry: ComponentEntry): Promise<void> {
    if (entry.kind !== "pubsub") return Promise.resolve();
    return this.serialise(async () => {
      if (this.started && !this.closed && !this.paused) await this.startFor(entry as ComponentEntry<"pubsub">);
    });
  }

  /**
   * The app became unhealthy: every runner stops (in-flight deliveries drain, what the broker has not
   * had acknowledged it redelivers later), as daprd stops its app subscriptions until the app recovers.
   */
  pause(): Promise<void> {
    return this.serialise(async () => {
      if (this.paused) return;
      this.paused = true;
      await Promise.all([...this.runners.keys()].map((name) => this.stopFor(name)));
      this.deps.logger.info("subscriptions paused while the app is unhealthy");
    });
  }

  /** The app is healthy again: the subscriptions start again on the live components. */
  resume(): Promise<void> {
    return this.serialise(async () => {
      if (!this.paused) return;
      this.paused = false;
      if (!this.started || this.closed) return;
      for (const entry of this.deps.store.list("pubsub")) await this.startFor(entry);
      this.deps.logger.info(`subscriptions resumed: ${this.list().map((s) => `${s.pubsubname}/${s.topic}`).join(", ") || "none"}`);
    });
  }

  /** Stops every runner, draining in-flight deliveries; before components close (the sidecar closes them first). */
  close(): Promise<void> {
    this.closed = true;
    return this.serialise(async () => {
      await Promise.all([...this.runners.keys()].map((name) => this.stopFor(name)));
    });
  }

  private async startFor(entry: ComponentEntry<"pubsub">): Promise<void> {
    const scopes = TopicScopes.fromComponent(entry.resource);
    // Listed as each one goes live (list()), not once all of the component's have.
    const runners: SubscriptionRunner[] = [];
    this.runners.set(entry.name, runners);
    for (const sub of this.subscriptions.filter((s) => s.pubsubName === entry.name)) {
      if (!scopes.canSubscribe(this.deps.appId, sub.topic)) {
        this.deps.logger.warn(`subscription to topic ${sub.topic} on ${entry.name} is not allowed for app ${this.deps.appId} by the component's topic scopes; skipped`);
        continue;
      }
      try {
        const runner = new SubscriptionRunner(sub, entry.instance as PubSub, {
          appId: this.deps.appId,
          appChannel: this.deps.appChannel,
          logger: this.deps.logger,
          metrics: this.deps.metrics,
          defaultConcurrency: this.deps.defaultConcurrency,
          eventTypes: EVENT_TYPES[wireDialectOf(entry.resource)],
          dialect: wireDialectOf(entry.resource),
          resiliency: this.deps.resiliency,
          tracing: this.deps.tracing,
          messagingSystem: messagingSystemOf(entry.resource.spec.type),
        });
        await runner.start();
        runners.push(runner);
      } catch (error) {
        this.deps.logger.error(`subscription to topic ${sub.topic} on ${entry.name} failed to start: ${(error as Error).message}`);
      }
    }
  }

  private async stopFor(name: string): Promise<void> {
    const runners = this.runners.get(name) ?? [];
    this.runners.delete(name);
    await Promise.all(runners.map((r) => r.stop(this.deps.drainTimeoutMs)));
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
