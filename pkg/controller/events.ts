import type { CoreV1Api, CoreV1Event, KubeConfig } from "@kubernetes/client-node";
import type { Counter } from "prom-client";
import type { ComponentResource } from "../apis/types.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";

/** What happened to a Component in this sidecar (the status controller folds these into `Loaded`). */
export type ComponentOutcome = "Loaded" | "InitFailed" | "Reloaded" | "ReloadFailed";

export interface EventReporterOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** The pod this sidecar runs in: reportingInstance, so `kubectl describe` tells pods apart. */
  podName: string;
  logger: Logger;
  metrics: Metrics;
  /** Writes per Component: a burst, then one per refill period (client-go's event spam filter, smaller). */
  burst?: number;
  refillMs?: number;
  now?: () => number;
}

interface Aggregate {
  name: string;
  count: number;
  /** Occurrences not yet written (rate-limited). */
  pending: number;
  first: string;
  last: string;
  resourceVersion?: string;
  event: CoreV1Event;
  timer?: NodeJS.Timeout;
}

/**
 * Kubernetes Events on Components, as a sidecar sees them: one Event per (Component, reason,
 * message), its `count` and `lastTimestamp` bumped on repeats (aggregation, as kubelet's recorder
 * does), at most `burst` writes per Component and then one per `refillMs`; occurrences held back are
 * added to the next write. Writes never block or fail the reconciler: errors are logged once.
 */
export class ComponentEventReporter {
  private readonly logger: Logger;
  private readonly aggregates = new Map<string, Aggregate>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly written: Counter<"reason" | "result">;
  private readonly now: () => number;
  private api?: Promise<CoreV1Api>;
  private queue: Promise<void> = Promise.resolve();
  private lastError = "";

  constructor(private readonly options: EventReporterOptions) {
    this.logger = scoped(options.logger, "runtime.controller.events");
    this.now = options.now ?? Date.now;
    this.written = options.metrics.counter("component_events_total", "Kubernetes Events written on Components by this sidecar, by reason and result", ["reason", "result"]);
  }

  report(component: ComponentResource, outcome: ComponentOutcome, detail: string): void {
    const generation = component.metadata.generation;
    const message = outcome === "Loaded" || outcome === "Reloaded"
      ? `${this.options.podName}: ${outcome === "Loaded" ? "loaded" : "reloaded"} ${component.spec.type}/${component.spec.version}${generation !== undefined ? ` (generation ${generation})` : ""}`
      : `${this.options.podName}: ${detail}${outcome === "ReloadFailed" ? "; the old instance keeps serving" : ""}`;
    const key = JSON.stringify([component.metadata.name, component.metadata.uid ?? "", outcome, message]);
    const timestamp = new Date(this.now()).toISOString();
    let aggregate = this.aggregates.get(key);
    if (!aggregate) {
      const name = `${component.metadata.name}.${this.options.podName}.${outcome.toLowerCase()}.${(this.aggregates.size + 1).toString(36)}`.slice(0, 253);
      aggregate = {
        name, count: 0, pending: 0, first: timestamp, last: timestamp,
        event: {
          metadata: { name, namespace: this.options.namespace, annotations: generation !== undefined ? { "runtime.io/generation": String(generation) } : {} },
          involvedObject: { apiVersion: component.apiVersion.startsWith("dapr.io/") ? "runtime.io/v1alpha1" : component.apiVersion, kind: "Component", name: component.metadata.name, namespace: this.options.namespace, uid: component.metadata.uid, resourceVersion: component.metadata.resourceVersion },
          reason: outcome,
          message,
          type: outcome === "Loaded" || outcome === "Reloaded" ? "Normal" : "Warning",
          source: { component: "runtimed", host: this.options.podName },
          reportingComponent: "runtime.io/runtimed",
          reportingInstance: this.options.podName,
        },
      };
      this.aggregates.set(key, aggregate);
    }
    aggregate.pending++;
    aggregate.last = timestamp;
    this.schedule(component.metadata.name, aggregate);
  }

  /** Waits for the writes queued so far (tests, shutdown). */
  async flush(): Promise<void> {
    await this.queue;
  }

  close(): Promise<void> {
    for (const aggregate of this.aggregates.values()) clearTimeout(aggregate.timer);
    return this.flush();
  }

  private schedule(component: string, aggregate: Aggregate): void {
    if (aggregate.timer) return;
    if (!this.take(component)) {
      // Held back: one write after the refill carries every occurrence since.
      aggregate.timer = setTimeout(() => {
        aggregate.timer = undefined;
        this.schedule(component, aggregate);
      }, this.options.refillMs ?? 10_000);
      aggregate.timer.unref();
      return;
    }
    this.queue = this.queue.then(() => this.write(aggregate));
  }

  private take(component: string): boolean {
    const burst = this.options.burst ?? 10;
    const refill = this.options.refillMs ?? 10_000;
    const now = this.now();
    const bucket = this.buckets.get(component) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) / refill);
    bucket.at = now;
    this.buckets.set(component, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private async write(aggregate: Aggregate): Promise<void> {
    if (aggregate.pending === 0) return;
    const count = aggregate.count + aggregate.pending;
    const body: CoreV1Event = { ...aggregate.event, count, firstTimestamp: new Date(aggregate.first), lastTimestamp: new Date(aggregate.last), metadata: { ...aggregate.event.metadata, ...(aggregate.resourceVersion ? { resourceVersion: aggregate.resourceVersion } : {}) } };
    const reason = aggregate.event.reason ?? "";
    try {
      const api = await this.client();
      const namespace = this.options.namespace;
      let stored: CoreV1Event;
      try {
        stored = aggregate.resourceVersion
          ? await api.replaceNamespacedEvent({ name: aggregate.name, namespace, body })
          : await api.createNamespacedEvent({ namespace, body });
      } catch (error) {
        // Expired (Events have a TTL) or changed: write it afresh.
        const code = (error as { code?: number }).code;
        if (code !== 404 && code !== 409) throw error;
        const { resourceVersion: _stale, ...metadata } = body.metadata ?? {};
        stored = code === 404 ? await api.createNamespacedEvent({ namespace, body: { ...body, metadata } }) : await api.replaceNamespacedEvent({ name: aggregate.name, namespace, body: { ...body, metadata: { ...metadata, resourceVersion: (await api.readNamespacedEvent({ name: aggregate.name, namespace })).metadata?.resourceVersion } } });
      }
      aggregate.count = count;
      aggregate.pending = 0;
      aggregate.resourceVersion = stored.metadata?.resourceVersion;
      this.written.inc({ reason, result: "success" });
    } catch (error) {
      this.written.inc({ reason, result: "failure" });
      const message = (error as Error).message;
      if (message !== this.lastError) this.logger.warn(`writing the ${reason} Event on Component ${aggregate.event.involvedObject.name} failed: ${message}`);
      this.lastError = message;
    }
  }

  private client(): Promise<CoreV1Api> {
    // Loaded on first use, as the kubernetes secret store does: standalone sidecars never pay for it.
    this.api ??= import("@kubernetes/client-node").then(({ CoreV1Api }) => this.options.kubeConfig.makeApiClient(CoreV1Api));
    return this.api;
  }
}
