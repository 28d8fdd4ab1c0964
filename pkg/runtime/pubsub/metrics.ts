import type { Counter, Gauge, Histogram } from "prom-client";
import type { Metrics, TimedSeries } from "../../diagnostics/metrics.js";

/** OpenTelemetry's `messaging.system` of a pub/sub component: its broker (`pubsub.redis` -> `redis`). */
export function messagingSystemOf(componentType: string): string {
  return componentType.replace(/^pubsub\./, "");
}

/** The pub/sub metrics, made once per runtime (a prom-client name registers once per registry). */
export class PubSubMetrics {
  readonly egressTotal: Counter<"component" | "topic" | "success">;
  readonly egressLatency: Histogram<"component" | "topic" | "success">;
  readonly ingressTotal: Counter<"component" | "topic" | "process_status">;
  readonly ingressLatency: Histogram<"component" | "topic" | "process_status">;
  readonly deadLetters: Counter<"component" | "topic" | "reason">;
  readonly delayedPending: Gauge<"component" | "topic">;
  readonly delayedArrivals: Counter<"component" | "topic">;
  readonly delayedLag: Histogram<"component" | "topic">;
  /** What the brokers hold for later, asked at each scrape (a broker's own count, so it survives a restart of this process). */
  private pendingSource?: () => Promise<Array<{ component: string; topic: string; count: number }>>;

  constructor(private readonly metrics: Metrics) {
    this.egressTotal = metrics.counter("pubsub_egress_total", "Messages published, by component, topic and outcome", ["component", "topic", "success"]);
    this.egressLatency = metrics.histogram("pubsub_egress_latency_ms", "Publish latency to the broker in milliseconds", ["component", "topic", "success"]);
    this.ingressTotal = metrics.counter("pubsub_ingress_total", "Deliveries to the app, by component, topic and process_status (success|retry|drop)", ["component", "topic", "process_status"]);
    this.deadLetters = metrics.counter("pubsub_deadletter_total", "Messages moved to a subscription's dead-letter topic, by component, topic and reason (drop, retries, unroutable, malformed: JSON nested too deep to parse)", ["component", "topic", "reason"]);
    this.ingressLatency = metrics.histogram("pubsub_ingress_latency_ms", "Delivery latency to the app in milliseconds", ["component", "topic", "process_status"]);
    const pendingOf = (): (() => Promise<Array<{ component: string; topic: string; count: number }>>) | undefined => this.pendingSource;
    // Asked at each scrape: the count is the broker's at that moment.
    this.delayedPending = metrics.gauge("pubsub_delayed_pending", "Delayed messages the broker holds until their delivery time, by component and topic", ["component", "topic"], async function collect() {
      const source = pendingOf();
      if (!source) return;
      const counts = await source().catch(() => []);
      this.reset();
      for (const { component, topic, count } of counts) this.set({ component, topic }, count);
    });
    this.delayedArrivals = metrics.counter("pubsub_delayed_deliveries_total", "Delayed messages (a deliverat attribute) the broker handed over for delivery, by component and topic", ["component", "topic"]);
    this.delayedLag = metrics.histogram("pubsub_delayed_delivery_lag_ms", "How long after its deliverat time a delayed message reached the sidecar, in milliseconds", ["component", "topic"]);
  }

  /** Where the delayed-pending gauge reads its counts (the publisher, which knows the components). */
  countDelayedPendingWith(source: () => Promise<Array<{ component: string; topic: string; count: number }>>): void {
    this.pendingSource = source;
  }

  /** A delayed message reached the sidecar `lagMs` after its delivery time. */
  delayedArrival(component: string, topic: string, lagMs: number): void {
    this.delayedArrivals.inc({ component, topic });
    this.delayedLag.observe({ component, topic }, Math.max(0, lagMs));
  }

  // Started times are performance.now() readings, not process.hrtime.bigint(): no BigInt per reading, twice per
  // publish and twice per delivery, for the same microsecond resolution the histogram's buckets never need.
  egress(component: string, topic: string, success: boolean, startedMs: number): void {
    this.record(this.egressTotal, this.egressLatency, "success", component, topic, success ? "true" : "false", startedMs);
  }

  ingress(component: string, topic: string, status: "success" | "retry" | "drop", startedMs: number): void {
    this.record(this.ingressTotal, this.ingressLatency, "process_status", component, topic, status, startedMs);
  }

  // Label children kept per series, so no label object is built per message (twice per message: total
  // and latency), looked up by nested maps so no key string is built either. The cache grows exactly
  // as the metric's own series do.
  private readonly children = new Map<string, Map<string, Map<string, TimedSeries>>>();

  private record<L extends string>(total: Counter<L>, latency: Histogram<L>, statusLabel: L, component: string, topic: string, status: string, startedMs: number): void {
    // Egress outcomes ("true"/"false") and ingress statuses never coincide, so the status level keeps the two metrics apart.
    let byTopic = this.children.get(component);
    if (!byTopic) this.children.set(component, (byTopic = new Map()));
    let byStatus = byTopic.get(topic);
    if (!byStatus) byTopic.set(topic, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = { component, topic, [statusLabel]: status } as Partial<Record<L, string>>;
      series = this.metrics.timedSeries(total, latency, labels);
      byStatus.set(status, series);
    }
    series.record(performance.now() - startedMs);
  }
}
