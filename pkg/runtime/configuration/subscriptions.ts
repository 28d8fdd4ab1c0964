import { randomUUID } from "node:crypto";
import { wireDialectOf, type WireDialect } from "../../apis/dialect.js";
import type { ConfigurationItem, ConfigurationRelease } from "../../components/configuration/types.js";
import { scoped, type Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import type { HttpAppChannel } from "../appchannel/http.js";
import type { ComponentListener } from "../processor.js";
import type { ComponentEntry, ComponentStore } from "../store.js";
import { Backoff, pause, RETRY_DEFAULTS } from "../../util/backoff.js";
import { observe, operationMetrics, type OperationMetrics } from "../../diagnostics/operations.js";

export interface RetryPolicy {
  initialMs: number;
  maxMs: number;
  /** Attempts per notification before it is logged and dropped. */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = RETRY_DEFAULTS.configurationNotification;

export interface ConfigurationSubscriptionsDeps {
  store: ComponentStore;
  /**
   * Notifications (A4) are HTTP callbacks only: Dapr's AppCallback service has no configuration method,
   * and a gRPC app reads changes from the SubscribeConfiguration stream of the gRPC API instead.
   */
  appChannel?: HttpAppChannel;
  /** Why there is no channel to notify, for the subscribe error (no --app-port, or a gRPC app). */
  noChannelReason?: string;
  logger: Logger;
  metrics: Metrics;
  retry?: Partial<RetryPolicy>;
}

/**
 * Where a subscription's changes go instead of the app channel: a gRPC SubscribeConfiguration stream, which
 * carries them to its caller. `ended` is told when the subscription stops for good (unsubscribe, shutdown).
 */
export interface ConfigurationSink {
  deliver(items: Map<string, ConfigurationItem>): Promise<void> | void;
  ended(): void;
}

export interface UnsubscribeResult {
  ok: boolean;
  message?: string;
}

interface Subscription {
  id: string;
  storeName: string;
  keys: string[];
  metadata: Record<string, string>;
  controller: AbortController;
  release?: ConfigurationRelease;
  sink?: ConfigurationSink;
  /** Notifications go out one at a time, in order, so an older value never lands after a newer one. */
  queue: Promise<void>;
}

/**
 * A4 routes, most specific first (spec routing rule 2; fall back on 404 and remember, docs/api.md "Configuration").
 * 0: /configuration/<store>/<key>, 1: /configuration/<store>, 2: /configuration.
 */
type RouteLevel = 0 | 1 | 2;

function routePath(level: RouteLevel, store: string, key: string): string {
  if (level === 0) return `/configuration/${encodeURIComponent(store)}/${encodeURIComponent(key)}`;
  if (level === 1) return `/configuration/${encodeURIComponent(store)}`;
  return "/configuration";
}

class NotificationError extends Error {}

/**
 * Configuration subscriptions (spec endpoints 4 and 5, app route A4): ids, one AbortController each,
 * delivery to the app with retry and backoff. Subscriptions stop at unsubscribe, when their store is
 * detached (ComponentListener; they resume on the instance that replaces it) and at close().
 */
export class ConfigurationSubscriptions implements ComponentListener {
  private readonly subscriptions = new Map<string, Subscription>();
  /** store\0key -> the route the app answered on. */
  private readonly routes = new Map<string, RouteLevel>();
  private readonly logger: Logger;
  private readonly retry: RetryPolicy;
  private readonly ops: OperationMetrics;
  private closed = false;

  constructor(private readonly deps: ConfigurationSubscriptionsDeps) {
    this.logger = scoped(deps.logger, "runtime.configuration");
    this.retry = { ...DEFAULT_RETRY, ...deps.retry };
    this.ops = operationMetrics(deps.metrics, "configuration");
  }

  get size(): number {
    return this.subscriptions.size;
  }

  /** Rejects when there is no app to notify (and no sink) or the store cannot watch (the API's 500). */
  async subscribe(storeName: string, keys: string[], metadata: Record<string, string>, sink?: ConfigurationSink): Promise<string> {
    if (this.closed) throw new Error("the sidecar is shutting down");
    if (!sink && !this.deps.appChannel) throw new Error(this.deps.noChannelReason ?? "there is no app channel to deliver notifications to (start the sidecar with --app-port)");
    const subscription: Subscription = { id: randomUUID(), storeName, keys: [...keys], metadata: { ...metadata }, controller: new AbortController(), queue: Promise.resolve(), sink };
    await this.attach(subscription);
    this.subscriptions.set(subscription.id, subscription);
    this.logger.info(`subscription ${subscription.id} to ${keys.length > 0 ? `keys ${keys.join(", ")}` : "all keys"} of configuration store ${storeName}`);
    return subscription.id;
  }

  /** Unknown id (or another store's): `{ok: false}` (docs/api.md "Configuration"). Rejects when the store fails to let go (the API's 500). */
  async unsubscribe(storeName: string, id: string): Promise<UnsubscribeResult> {
    const subscription = this.subscriptions.get(id);
    if (!subscription || subscription.storeName !== storeName) {
      return { ok: false, message: `subscription ${id} is not found in configuration store ${storeName}` };
    }
    this.subscriptions.delete(id);
    try {
      await this.stop(subscription, true);
    } finally {
      subscription.sink?.ended();
    }
    this.logger.info(`subscription ${id} to configuration store ${storeName} ended`);
    return { ok: true };
  }

  async beforeDetach(entry: ComponentEntry): Promise<void> {
    if (entry.kind !== "configuration") return;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.storeName === entry.name) await this.stop(subscription, false);
    }
  }

  /** A store that comes back (an update, a re-add) serves its subscriptions again under the same ids. */
  async afterAttach(entry: ComponentEntry): Promise<void> {
    if (entry.kind !== "configuration" || this.closed) return;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.storeName !== entry.name || !subscription.controller.signal.aborted) continue;
      subscription.controller = new AbortController();
      try {
        await this.attach(subscription);
      } catch (error) {
        this.logger.error(`subscription ${subscription.id} could not resume on configuration store ${entry.name}: ${(error as Error).message}`);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.subscriptions.values()];
    this.subscriptions.clear();
    await Promise.all(all.map((s) => this.stop(s, false).finally(() => s.sink?.ended())));
  }

  private async attach(subscription: Subscription): Promise<void> {
    const store = this.deps.store.get("configuration", subscription.storeName);
    if (!store) throw new Error(`configuration store ${subscription.storeName} is not loaded`);
    const { signal } = subscription.controller;
    const release = await observe(this.ops, subscription.storeName, "subscribe", () =>
      store.subscribe(subscription.keys, subscription.metadata, (items) => {
        this.enqueue(subscription, signal, items);
        return Promise.resolve();
      }, signal),
    );
    subscription.release = release ?? undefined;
  }

  /** Aborts at once (in-flight calls and back-off waits end), lets the store release, waits for the queue. */
  private async stop(subscription: Subscription, strict: boolean): Promise<void> {
    subscription.controller.abort();
    const release = subscription.release;
    subscription.release = undefined;
    try {
      if (release) await observe(this.ops, subscription.storeName, "unsubscribe", release);
    } catch (error) {
      if (strict) throw error;
      this.logger.warn(`releasing subscription ${subscription.id} on configuration store ${subscription.storeName}: ${(error as Error).message}`);
    } finally {
      await subscription.queue;
    }
  }

  private enqueue(subscription: Subscription, signal: AbortSignal, items: Map<string, ConfigurationItem>): void {
    const sink = subscription.sink;
    subscription.queue = subscription.queue.then(() => (sink ? sink.deliver(items) : this.deliver(subscription, signal, items))).catch((error: unknown) => {
      this.logger.error(`subscription ${subscription.id}: ${(error as Error).message}`);
    });
  }

  /** Keys whose app route is per key go one by one; keys on the store or root route go together in one call. */
  private async deliver(subscription: Subscription, signal: AbortSignal, items: Map<string, ConfigurationItem>): Promise<void> {
    const byLevel = new Map<RouteLevel, Array<[string, ConfigurationItem]>>();
    for (const entry of items) {
      const level = this.routes.get(this.routeKey(subscription.storeName, entry[0])) ?? 0;
      byLevel.set(level, [...(byLevel.get(level) ?? []), entry]);
    }
    for (const entry of byLevel.get(0) ?? []) await this.notify(subscription, signal, 0, [entry]);
    const shared = [...(byLevel.get(1) ?? []), ...(byLevel.get(2) ?? [])];
    if (shared.length > 0) await this.notify(subscription, signal, byLevel.has(1) ? 1 : 2, shared);
  }

  private async notify(subscription: Subscription, signal: AbortSignal, start: RouteLevel, entries: Array<[string, ConfigurationItem]>): Promise<void> {
    const store = subscription.storeName;
    const resource = this.deps.store.entry(store)?.resource;
    const body = JSON.stringify(notificationBody(subscription.id, entries, resource ? wireDialectOf(resource) : "spec"));
    for (let level = start; level <= 2; level++) {
      if (signal.aborted) return;
      const path = routePath(level as RouteLevel, store, entries[0]![0]);
      let status: number | undefined;
      try {
        status = await observe(this.ops, store, "notify", () => this.post(path, body, signal));
      } catch (error) {
        if (!signal.aborted) this.logger.error(`${(error as Error).message}; notification for ${entries.map((e) => e[0]).join(", ")} dropped`);
        return;
      }
      if (status === 404) continue;
      for (const [key] of entries) this.routes.set(this.routeKey(store, key), level as RouteLevel);
      return;
    }
    this.logger.error(`the app serves none of /configuration/${store}/<key>, /configuration/${store}, /configuration (404); notification for ${entries.map((e) => e[0]).join(", ")} dropped`);
  }

  /** 2xx or 404 (the caller falls back); anything else is retried with exponential back-off. */
  private async post(path: string, body: string, signal: AbortSignal): Promise<number> {
    const channel = this.deps.appChannel!;
    const backoff = new Backoff({ initialMs: this.retry.initialMs, maxMs: this.retry.maxMs });
    for (let attempt = 1; ; attempt++) {
      let problem: string;
      try {
        const reply = await channel.invoke({ method: "POST", path, body, headers: { "content-type": "application/json" }, signal });
        if ((reply.status >= 200 && reply.status < 300) || reply.status === 404) return reply.status;
        problem = `the app answered ${reply.status}`;
      } catch (error) {
        if (signal.aborted) throw error;
        problem = (error as Error).message;
      }
      if (attempt >= this.retry.maxAttempts) throw new NotificationError(`POST ${path}: ${problem} after ${attempt} attempts`);
      const delay = backoff.next();
      this.logger.warn(`POST ${path}: ${problem}; retrying in ${delay}ms (attempt ${attempt} of ${this.retry.maxAttempts})`);
      await pause(delay, signal);
      if (signal.aborted) throw new NotificationError("unsubscribed");
    }
  }

  private routeKey(store: string, key: string): string {
    return `${store}\u0000${key}`;
  }
}

/**
 * The A4 body in the store's wire dialect (docs/components/README.md "Two dialects on the wire"). The spec's: `items` a
 * list of `{key, value, version}`. daprd's (its UpdateEvent as Go encodes it): `items` an object keyed
 * by item name, each `{value, version, metadata}` with every empty field left out (`omitempty`), so a
 * deleted key, whose value is "", arrives as `{}`.
 */
export function notificationBody(id: string, entries: Array<[string, ConfigurationItem]>, dialect: WireDialect): unknown {
  if (dialect === "spec") {
    return { id, items: entries.map(([key, item]) => ({ key, value: item.value, version: item.version ?? "", ...(item.metadata ? { metadata: item.metadata } : {}) })) };
  }
  const items: Record<string, Record<string, unknown>> = Object.create(null) as Record<string, Record<string, unknown>>;
  for (const [key, item] of entries) {
    const daprItem: Record<string, unknown> = {};
    if (item.value !== "") daprItem["value"] = item.value;
    if (item.version) daprItem["version"] = item.version;
    if (item.metadata && Object.keys(item.metadata).length > 0) daprItem["metadata"] = item.metadata;
    items[key] = daprItem;
  }
  return { id, items };
}
