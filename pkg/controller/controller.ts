import type { Counter } from "prom-client";
import type { ComponentResource, ConfigurationResource, Resource, ResiliencyResource, SubscriptionResource } from "../apis/types.js";
import { inScope } from "../apis/types.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import type { Gate } from "../diagnostics/health.js";
import { Backoff, RETRY_DEFAULTS, type BackoffOptions } from "../util/backoff.js";
import { diffResources, resourceKey, specFingerprint } from "./differ.js";
import type { ResourceLoader } from "./loader.js";
import { SecretRotation, type SecretRotationOptions } from "./rotation.js";

/** Told what became of each Component change (the sidecar's Kubernetes Events: pkg/controller/events.ts). */
export interface ComponentOutcomeListener {
  report(component: ComponentResource, outcome: "Loaded" | "InitFailed" | "Reloaded" | "ReloadFailed", detail: string): void;
}

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
  /** Requeue after a failed pass (default RETRY_DEFAULTS.controllerRequeue). */
  retryBackoff?: BackoffOptions;
  /** Secret rotation: components reload when a secret they reference changes (off when absent). */
  secrets?: SecretRotationOptions;
  /** Told each Component's outcome: loaded, reloaded, or failed (the old instance keeps serving). */
  outcomes?: ComponentOutcomeListener;
  /** Resources the mode brings itself (kubernetes: the `kubernetes` secret store) unless the loader has one of the same kind and name. */
  implicit?: readonly Resource[];
}

type Operation = "create" | "update" | "delete";

/**
 * One loop for both modes (ARCHITECTURE.md "The layers"): loader -> differ on the spec ->
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
  private readonly rotations: Counter<"component" | "result">;
  private readonly rotation?: SecretRotation;
  private started = false;
  private closed = false;
  private running?: Promise<void>;
  private dirty = false;
  private retryTimer?: NodeJS.Timeout;
  private resyncTimer?: NodeJS.Timeout;
  private subscriptionsFingerprint = "[]";
  private configurationsFingerprint = "[]";
  private resilienciesFingerprint = "[]";

  constructor(private readonly options: ControllerOptions) {
    this.logger = scoped(options.logger, "runtime.controller");
    this.backoff = new Backoff(options.retryBackoff ?? RETRY_DEFAULTS.controllerRequeue);
    this.reloads = options.metrics.counter("component_reload_total", "Resource changes applied by the controller after startup, by kind, operation and result", ["kind", "operation", "result"]);
    this.rotations = options.metrics.counter("component_secret_rotation_total", "Component reloads because a referenced secret changed, by component and result (failure: the old instance keeps serving)", ["component", "result"]);
    if (options.secrets) this.rotation = new SecretRotation(options.secrets, () => this.trigger());
  }

  addListener(listener: ResourceListener): void {
    this.listeners.push(listener);
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
    this.rotation?.close();
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
        () => {
          this.rotation?.requestCheck();
          this.trigger();
        },
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
      const rotation = resource.kind === "Component" && operation !== "delete" ? this.rotation : undefined;
      // Taken before init: a change racing the init is seen as a change at the next check, never missed.
      const fingerprint = rotation ? await rotation.fingerprint(resource as ComponentResource) : undefined;
      try {
        await this.applyOne(operation, resource);
        rotation?.settled(resource.metadata.name, fingerprint);
        if (operation === "delete") this.rotation?.forget(resource.metadata.name);
        if (!startup) this.reloads.inc({ kind: resource.kind, operation, result: "success" });
        if (resource.kind === "Component" && operation !== "delete") this.options.outcomes?.report(resource, operation === "create" ? "Loaded" : "Reloaded", "");
      } catch (error) {
        if (!startup) this.reloads.inc({ kind: resource.kind, operation, result: "failure" });
        if (resource.kind === "Component" && operation !== "delete") this.options.outcomes?.report(resource, operation === "create" ? "InitFailed" : "ReloadFailed", (error as Error).message);
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
    if (this.rotation && !startup) failures.push(...(await this.rotateSecrets(this.rotation)));
    this.rotation?.watch([...this.applied.values()].filter((r): r is ComponentResource => r.kind === "Component"));
    await this.notifyListeners();
    if (failures.length > 0 && !startup) throw new Error(`${failures.length} change(s) failed: ${failures.join("; ")}`);
    if (failures.length > 0) this.requeue(new Error(`${failures.length} component(s) failed at startup`));
  }

  /**
   * Reloads what rotated: a file store whose file changed first (it reads the file at init), then
   * each component whose referenced secrets hash differently from when it was applied. Returns the failures.
   */
  private async rotateSecrets(rotation: SecretRotation): Promise<string[]> {
    const { stores, check } = rotation.take();
    if (!check) return [];
    const components = (): ComponentResource[] => [...this.applied.values()].filter((r): r is ComponentResource => r.kind === "Component");
    const failed: string[] = [];
    const reload = async (component: ComponentResource, why: string): Promise<void> => {
      this.logger.info(`reloading Component ${component.metadata.name}: ${why}`);
      const fingerprint = await rotation.fingerprint(component);
      try {
        await this.applyOne("update", component);
        rotation.settled(component.metadata.name, fingerprint);
        this.rotations.inc({ component: component.metadata.name, result: "success" });
        this.options.outcomes?.report(component, "Reloaded", "");
      } catch (error) {
        this.rotations.inc({ component: component.metadata.name, result: "failure" });
        const message = `reloading after its secret changed failed: ${(error as Error).message}`;
        this.options.outcomes?.report(component, "ReloadFailed", message);
        failed.push(`Component/${component.metadata.name}: ${message}`);
      }
    };
    for (const store of stores) {
      const resource = components().find((c) => c.metadata.name === store);
      if (resource) await reload(resource, "its secrets file changed");
    }
    for (const component of components()) {
      if (stores.has(component.metadata.name)) continue;
      if (await rotation.changed(component)) await reload(component, "a secret it references changed");
    }
    // The retry after a failed pass checks again: a wrong value keeps being reported until fixed.
    if (failed.length > 0) rotation.requestCheck();
    return failed;
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
      for (const l of this.listeners) await this.safely("subscriptionsChanged", () => l.subscriptionsChanged?.(subscriptions));
    }
    if (confPrint !== this.configurationsFingerprint) {
      this.configurationsFingerprint = confPrint;
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
