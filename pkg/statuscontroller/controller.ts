import { CoreV1Api, CustomObjectsApi, makeInformer, type CoreV1Event, type KubeConfig, type KubernetesObject, type ListWatch } from "@kubernetes/client-node";
import type { Counter, Gauge } from "prom-client";
import type { Registries } from "../components/builtins.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import { Backoff, RETRY_DEFAULTS } from "../util/backoff.js";
import { desiredConditions, nextStatus, validationErrors, type KubeResource } from "./conditions.js";
import { summariseSidecarEvents, type SidecarEvent } from "./events.js";
import { LeaderElector } from "./lease.js";

/** The kinds whose status this controller writes (crds/; the storage version of each). */
export const STATUS_KINDS = [
  { kind: "Component", group: "runtime.io", version: "v1alpha1", plural: "components" },
  { kind: "Subscription", group: "runtime.io", version: "v2alpha1", plural: "subscriptions" },
  { kind: "Configuration", group: "runtime.io", version: "v1alpha1", plural: "configurations" },
  { kind: "Resiliency", group: "runtime.io", version: "v1alpha1", plural: "resiliencies" },
] as const;

type StatusKind = (typeof STATUS_KINDS)[number];

interface RestartableInformer {
  label: string;
  namespace: string;
  informer: ListWatch<KubernetesObject>;
  backoff: Backoff;
  timer?: NodeJS.Timeout;
}

export interface StatusControllerOptions {
  kubeConfig: KubeConfig;
  /** The namespaces watched (the chart's Role per namespace: least privilege, no cluster-wide grant). */
  namespaces: readonly string[];
  registries: Registries;
  logger: Logger;
  metrics: Metrics;
  leaderElection: { namespace: string; leaseName: string; identity: string; leaseDurationMs?: number; retryPeriodMs?: number };
  /** Informer restarts and failed writes: capped exponential backoff (default RETRY_DEFAULTS.informerRestart). */
  retry?: { initialMs?: number; maxMs?: number };
  now?: () => Date;
}

/**
 * Writes `status` on every runtime.io resource of the watched namespaces: a `Valid` condition from
 * `runtimed validate`'s own checks (the field named in the message), for Components a `Loaded`
 * condition summarised from the sidecars' Events, and `Ready` (what the READY and REASON columns
 * print), with `observedGeneration`. Every replica keeps its informers warm; only the Lease holder
 * writes. Level-based: a change, a new leadership or a retry re-reads the object and converges.
 */
export class StatusController {
  private readonly logger: Logger;
  private readonly informers: Array<RestartableInformer & { kind: StatusKind }> = [];
  private readonly eventInformers = new Map<string, ListWatch<CoreV1Event>>();
  private readonly eventEntries: RestartableInformer[] = [];
  private readonly elector: LeaderElector;
  private readonly objects: CustomObjectsApi;
  private readonly queue = new Set<string>();
  private readonly retryBackoff: Backoff;
  private readonly writes: Counter<"kind" | "result">;
  private readonly leaderGauge: Gauge;
  private retryTimer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private closed = false;

  constructor(private readonly options: StatusControllerOptions) {
    this.logger = scoped(options.logger, "runtime.statuscontroller");
    this.objects = options.kubeConfig.makeApiClient(CustomObjectsApi);
    this.retryBackoff = new Backoff({ ...RETRY_DEFAULTS.informerRestart, ...options.retry });
    this.writes = options.metrics.counter("status_controller_writes_total", "Status writes by the status controller, by kind and result", ["kind", "result"]);
    this.leaderGauge = options.metrics.gauge("status_controller_leader", "1 while this replica holds the status controller's Lease", []);
    this.elector = new LeaderElector({
      kubeConfig: options.kubeConfig,
      logger: options.logger,
      ...options.leaderElection,
      onChange: (leading) => {
        this.leaderGauge.set(leading ? 1 : 0);
        if (leading) this.enqueueAll();
      },
    });
    const core = options.kubeConfig.makeApiClient(CoreV1Api);
    for (const namespace of options.namespaces) {
      for (const kind of STATUS_KINDS) {
        const list = (): Promise<never> => this.objects.listNamespacedCustomObject({ group: kind.group, version: kind.version, namespace, plural: kind.plural }) as Promise<never>;
        const informer = makeInformer(options.kubeConfig, `/apis/${kind.group}/${kind.version}/namespaces/${encodeURIComponent(namespace)}/${kind.plural}`, list) as ListWatch<KubernetesObject>;
        const entry = { kind, label: kind.plural, namespace, informer, backoff: new Backoff({ ...RETRY_DEFAULTS.informerRestart, ...options.retry }) };
        for (const verb of ["add", "update"] as const) informer.on(verb, (o) => this.enqueue(kind.kind, namespace, o.metadata?.name));
        informer.on("error", (error) => this.restart(entry, error));
        this.informers.push(entry);
      }
      const events = makeInformer(options.kubeConfig, `/api/v1/namespaces/${encodeURIComponent(namespace)}/events`, () => core.listNamespacedEvent({ namespace }) as Promise<never>) as ListWatch<CoreV1Event>;
      for (const verb of ["add", "update"] as const) {
        events.on(verb, (e) => {
          if (e.involvedObject?.kind === "Component" && e.involvedObject.apiVersion?.startsWith("runtime.io/")) this.enqueue("Component", namespace, e.involvedObject.name);
        });
      }
      const entry: RestartableInformer = { label: "events", namespace, informer: events as unknown as ListWatch<KubernetesObject>, backoff: new Backoff({ ...RETRY_DEFAULTS.informerRestart, ...options.retry }) };
      events.on("error", (error) => this.restart(entry, error));
      this.eventEntries.push(entry);
      this.eventInformers.set(namespace, events);
    }
  }

  get isLeader(): boolean {
    return this.elector.isLeader;
  }

  /** Resolves once every informer listed once; leader election runs from then on. */
  async start(): Promise<void> {
    await Promise.all([...this.informers.map((i) => i.informer.start()), ...[...this.eventInformers.values()].map((i) => i.start())]);
    this.elector.start();
    this.logger.info(`watching ${STATUS_KINDS.map((k) => k.plural).join(", ")} in ${this.options.namespaces.join(", ")}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    for (const i of [...this.informers, ...this.eventEntries]) clearTimeout(i.timer);
    await this.draining;
    await this.elector.close();
    await Promise.all([...this.informers.map((i) => i.informer.stop()), ...[...this.eventInformers.values()].map((i) => i.stop())]);
  }

  /** The client's informer stops on any error but 410 (as @kubernetes/client-node documents it): restart it with capped backoff. */
  private restart(entry: RestartableInformer, error: unknown): void {
    if (this.closed) return;
    const delay = entry.backoff.next();
    this.logger.warn(`${entry.label} informer in ${entry.namespace} failed (${(error as Error).message}); restarting in ${delay}ms`);
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.informer.start().then(() => entry.backoff.reset(), (e: unknown) => this.restart(entry, e));
    }, delay);
  }

  private enqueueAll(): void {
    for (const { kind, namespace, informer } of this.informers) for (const o of informer.list(namespace)) this.enqueue(kind.kind, namespace, o.metadata?.name);
  }

  private enqueue(kind: string, namespace: string, name: string | undefined): void {
    if (!name || this.closed) return;
    this.queue.add(JSON.stringify([kind, namespace, name]));
    this.drain();
  }

  private drain(): void {
    if (this.draining || !this.elector.isLeader) return;
    this.draining = (async () => {
      const failed: string[] = [];
      while (this.queue.size > 0 && !this.closed && this.elector.isLeader) {
        const key = this.queue.values().next().value!;
        this.queue.delete(key);
        const [kind, namespace, name] = JSON.parse(key) as [string, string, string];
        try {
          await this.reconcile(kind, namespace, name);
        } catch (error) {
          failed.push(key);
          this.logger.warn(`status of ${kind} ${namespace}/${name} not written (${(error as Error).message}); retrying`);
        }
      }
      if (failed.length > 0 && !this.closed) {
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => {
          for (const key of failed) this.queue.add(key);
          this.drain();
        }, this.retryBackoff.next());
      } else if (failed.length === 0) this.retryBackoff.reset();
    })().finally(() => {
      this.draining = undefined;
      if (this.queue.size > 0 && !this.closed && this.elector.isLeader) this.drain();
    });
  }

  /** Reads the object from the informer's cache, computes its status and writes it when it differs. */
  private async reconcile(kindName: string, namespace: string, name: string): Promise<void> {
    const entry = this.informers.find((i) => i.kind.kind === kindName && i.namespace === namespace)!;
    const object = entry.informer.get(name, namespace) as (KubernetesObject & KubeResource) | undefined;
    if (!object) return;
    const generation = object.metadata?.generation;
    const errors = validationErrors(object, kindName, this.options.registries);
    const loaded = kindName === "Component" ? summariseSidecarEvents(this.sidecarEvents(namespace, name, object.metadata?.uid), generation) : undefined;
    const status = nextStatus(object.status, desiredConditions(errors, generation, loaded), generation, (this.options.now ?? (() => new Date()))());
    if (!status) return;
    const { group, version, plural } = entry.kind;
    try {
      await this.objects.replaceNamespacedCustomObjectStatus({ group, version, namespace, plural, name, body: { ...object, status } });
      this.writes.inc({ kind: kindName, result: "success" });
    } catch (error) {
      // 409: the object changed since the cache read; its watch event enqueues it again with the new version.
      if ((error as { code?: number }).code === 409) return;
      if ((error as { code?: number }).code === 404) return;
      this.writes.inc({ kind: kindName, result: "failure" });
      throw error;
    }
  }

  private sidecarEvents(namespace: string, name: string, uid: string | undefined): SidecarEvent[] {
    const events = this.eventInformers.get(namespace)?.list(namespace) ?? [];
    return events
      .filter((e) => e.involvedObject?.kind === "Component" && e.involvedObject.name === name && (!uid || !e.involvedObject.uid || e.involvedObject.uid === uid))
      .map((e) => ({
        pod: e.reportingInstance ?? e.source?.host ?? "",
        reason: e.reason ?? "",
        message: e.message ?? "",
        generation: Number(e.metadata?.annotations?.["runtime.io/generation"] ?? Number.NaN),
        at: new Date((e.lastTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp ?? 0) as never).getTime(),
      }))
      .filter((e) => e.pod !== "");
  }
}
