import type { Counter } from "prom-client";
import type { ComponentResource, ConfigurationResource, Resource, ResiliencyResource, SubscriptionResource } from "../apis/types.js";
import { inScope } from "../apis/types.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import type { Gate } from "../diagnostics/health.js";
import { Backoff, type BackoffOptions } from "../util/backoff.js";
import { diffResources, resourceKey, specFingerprint } from "./differ.js";
import type { ResourceLoader } from "./loader.js";

/** What the reconciler drives: the processor (init new first, keep the old on failure; pkg/runtime/processor.ts). */
export interface ComponentApplier {
  apply(resource: ComponentResource): Promise<void>;
  remove(name: string): Promise<void>;
}

/**
 * How other parts follow declarative Subscriptions and Configurations (the pub/sub subscription
 * manager, secret scoping): a listener gets the WHOLE in-scope set each time it changes, once per
 * reconcile pass, after the components of that pass were applied. Listeners are level-based too:
 * compare with what you run and converge. A throwing listener is logged and does not stop the loop.
 */
export interface ResourceListener {
  subscriptionsChanged?(subscriptions: SubscriptionResource[]): void | Promise<void>;
  configurationsChanged?(configurations: ConfigurationResource[]): void | Promise<void>;
  /** The Resiliency resources in scope (already validated, trips compiled: pkg/apis/validate.ts). */
  resilienciesChanged?(resiliencies: ResiliencyResource[]): void | Promise<void>;
}

export interface ControllerOptions {
  loader: ResourceLoader;
  applier: ComponentApplier;
  appId: string;
  logger: Logger;
  metrics: Metrics;
  /** Opened after the loader's first complete list (readiness "resources-synced", outbound). */
  syncedGate?: Gate;
  /** Full re-read and reconcile (default 60 s): catches what a watch missed, retries what failed. */
  resyncIntervalMs?: number;
  /** Requeue after a failed pass (default 500 ms doubling to 30 s). */
  retryBackoff?: BackoffOptions;
  /** Resources the mode brings itself (kubernetes: the `kubernetes` secret store) unless the loader has one of the same kind and name. */
  implicit?: readonly Resource[];
}

type Operation = "create" | "update" | "delete";

/**
 * One loop for both modes (ARCHITECTURE.md "The layers", issue 6): loader -> differ on the spec ->
 * reconciler applying deletes, then updates, then creates, one resource at a time. Level-based:
 * every trigger (a watch event, the resync timer, a retry) reads the loader's whole snapshot and
 * converges towards it; nothing depends on seeing each event.
 */
export class Controller {
  private readonly logger: Logger;
  private readonly applied = new Map<string, Resource>();
  private readonly listeners: ResourceListener[] = [];
  private readonly backoff: Backoff;
  private readonly reloads: Counter<"kind" | "operation" | "result">;
  private started = false;
  private closed = false;
  private running?: Promise<void>;
  private dirty = false;
  private retryTimer?: NodeJS.Timeout;
  private resyncTimer?: NodeJS.Timeout;
  private subscriptionsFingerprint = "[]";
  private configurationsFingerprint = "[]";
  private resilienciesFingerprint = "[]";
  private subscriptionSet: SubscriptionResource[] = [];
  private configurationSet: ConfigurationResource[] = [];

  constructor(private readonly options: ControllerOptions) {
    this.logger = scoped(options.logger, "runtime.controller");
    this.backoff = new Backoff({ initialMs: 500, maxMs: 30_000, ...options.retryBackoff });
    this.reloads = options.metrics.counter("component_reload_total", "Resource changes applied by the controller after startup, by kind, operation and result", ["kind", "operation", "result"]);
  }

  addListener(listener: ResourceListener): void {
    this.listeners.push(listener);
  }

  /** The declarative Subscriptions in scope, as last applied. */
  subscriptions(): SubscriptionResource[] {
    return [...this.subscriptionSet];
  }

  configurations(): ConfigurationResource[] {
    return [...this.configurationSet];
  }

  /**
   * Startup: waits for the loader's first list, then applies it with Dapr's startup rule (a
   * component whose init fails rejects startup unless ignoreErrors). Afterwards changes are
   * applied in the background, and a failed change keeps the old instance serving.
   */
  async start(signal: AbortSignal): Promise<void> {
    signal.addEventListener("abort", () => void this.close(), { once: true });
    await this.options.loader.start(signal, () => this.trigger());
    this.options.syncedGate?.set(true);
    this.logger.info(`resources synced from ${this.options.loader.description}`);
    await this.reconcileOnce(true);
    this.started = true;
    this.scheduleResync();
    // Changes seen while the first pass ran.
    if (this.dirty) this.trigger();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.resyncTimer);
    await this.options.loader.close();
    await this.running?.catch(() => undefined);
  }

  /** Reads every resource again (the loader's resync) and reconciles the differences: SIGHUP in standalone mode. */
  async reload(): Promise<void> {
    await this.options.loader.resync();
    this.trigger();
  }

  /** Asks for a reconcile pass; passes never overlap, and triggers during a pass coalesce into one more. */
  trigger(): void {
    if (this.closed) return;
    if (!this.started || this.running) {
      this.dirty = true;
      return;
    }
    this.dirty = false;
    this.running = this.reconcileOnce(false)
      .then(
        () => this.backoff.reset(),
        (error: unknown) => this.requeue(error),
      )
      .finally(() => {
        this.running = undefined;
        if (this.dirty) this.trigger();
      });
  }

  private requeue(error: unknown): void {
    if (this.closed) return;
    const delay = this.backoff.next();
    this.logger.warn(`reconcile incomplete (${(error as Error).message}); retrying in ${delay}ms`);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.trigger(), delay);
  }

  private scheduleResync(): void {
    if (this.closed) return;
    this.resyncTimer = setTimeout(() => {
      this.options.loader.resync().then(
        () => this.trigger(),
        (error: unknown) => this.logger.warn(`resync failed: ${(error as Error).message}`),
      ).finally(() => this.scheduleResync());
    }, this.options.resyncIntervalMs ?? 60_000);
    this.resyncTimer.unref();
  }

  /** One pass over the whole desired state; rejects when something failed (the caller requeues). */
  private async reconcileOnce(startup: boolean): Promise<void> {
    const loaded = this.options.loader.snapshot();
    const keys = new Set(loaded.map(resourceKey));
    const implicit = (this.options.implicit ?? []).filter((r) => !keys.has(resourceKey(r)));
    const desired = [...implicit, ...loaded].filter((r) => {
      const wanted = r.kind === "Configuration" || inScope(r, this.options.appId);
      if (!wanted) this.logger.debug(`${r.kind} ${r.metadata.name} is not scoped to app ${this.options.appId}; not loaded`);
      return wanted;
    });
    const diff = diffResources(this.applied, desired);
    const failures: string[] = [];
    const step = async (operation: Operation, resource: Resource): Promise<void> => {
      if (this.closed) return;
      try {
        await this.applyOne(operation, resource);
        if (!startup) this.reloads.inc({ kind: resource.kind, operation, result: "success" });
      } catch (error) {
        if (!startup) this.reloads.inc({ kind: resource.kind, operation, result: "failure" });
        const component = resource.kind === "Component" ? resource : undefined;
        // Dapr's startup rule: a component that fails to initialise stops the sidecar unless ignoreErrors.
        if (startup && component && !component.spec.ignoreErrors) throw error;
        if (startup && component) this.logger.warn(`${(error as Error).message}; continuing because ignoreErrors is true`);
        failures.push(`${resourceKey(resource)}: ${(error as Error).message}`);
      }
    };
    for (const resource of diff.deletes) await step("delete", resource);
    for (const resource of diff.updates) await step("update", resource);
    for (const resource of diff.creates) await step("create", resource);
    await this.notifyListeners();
    if (failures.length > 0 && !startup) throw new Error(`${failures.length} change(s) failed: ${failures.join("; ")}`);
    if (failures.length > 0) this.requeue(new Error(`${failures.length} component(s) failed at startup`));
  }

  private async applyOne(operation: Operation, resource: Resource): Promise<void> {
    const key = resourceKey(resource);
    if (resource.kind === "Component") {
      if (operation === "delete") await this.options.applier.remove(resource.metadata.name);
      else await this.options.applier.apply(resource);
    }
    if (operation === "delete") this.applied.delete(key);
    else this.applied.set(key, resource);
    if (this.started) this.logger.info(`${operation}d ${resource.kind} ${resource.metadata.name}`);
  }

  private async notifyListeners(): Promise<void> {
    const applied = [...this.applied.values()];
    const subscriptions = applied.filter((r): r is SubscriptionResource => r.kind === "Subscription");
    const configurations = applied.filter((r): r is ConfigurationResource => r.kind === "Configuration");
    const resiliencies = applied.filter((r): r is ResiliencyResource => r.kind === "Resiliency");
    const print = (set: Resource[]): string => JSON.stringify(set.map((r) => `${r.metadata.name}:${specFingerprint(r)}`).sort());
    const subsPrint = print(subscriptions);
    const confPrint = print(configurations);
    const resPrint = print(resiliencies);
    if (subsPrint !== this.subscriptionsFingerprint) {
      this.subscriptionsFingerprint = subsPrint;
      this.subscriptionSet = subscriptions;
      for (const l of this.listeners) await this.safely("subscriptionsChanged", () => l.subscriptionsChanged?.(subscriptions));
    }
    if (confPrint !== this.configurationsFingerprint) {
      this.configurationsFingerprint = confPrint;
      this.configurationSet = configurations;
      for (const l of this.listeners) await this.safely("configurationsChanged", () => l.configurationsChanged?.(configurations));
    }
    if (resPrint !== this.resilienciesFingerprint) {
      this.resilienciesFingerprint = resPrint;
      for (const l of this.listeners) await this.safely("resilienciesChanged", () => l.resilienciesChanged?.(resiliencies));
    }
  }

  private async safely(what: string, call: () => void | Promise<void>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.logger.error(`a resource listener failed in ${what}: ${(error as Error).message}`);
    }
  }
}
