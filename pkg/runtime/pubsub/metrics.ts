import type { Counter, Histogram } from "prom-client";
import type { Metrics } from "../../diagnostics/metrics.js";

/** The pub/sub metrics, made once per runtime (a prom-client name registers once per registry). */
export class PubSubMetrics {
  readonly egressTotal: Counter<"component" | "topic" | "success">;
  readonly egressLatency: Histogram<"component" | "topic" | "success">;
  readonly ingressTotal: Counter<"component" | "topic" | "process_status">;
  readonly ingressLatency: Histogram<"component" | "topic" | "process_status">;

  constructor(metrics: Metrics) {
    this.egressTotal = metrics.counter("pubsub_egress_total", "Messages published, by component, topic and outcome", ["component", "topic", "success"]);
    this.egressLatency = metrics.histogram("pubsub_egress_latency_ms", "Publish latency to the broker in milliseconds", ["component", "topic", "success"]);
    this.ingressTotal = metrics.counter("pubsub_ingress_total", "Deliveries to the app, by component, topic and process_status (success|retry|drop)", ["component", "topic", "process_status"]);
    this.ingressLatency = metrics.histogram("pubsub_ingress_latency_ms", "Delivery latency to the app in milliseconds", ["component", "topic", "process_status"]);
  }

  egress(component: string, topic: string, success: boolean, startedNs: bigint): void {
    const labels = { component, topic, success: String(success) };
    this.egressTotal.inc(labels);
    this.egressLatency.observe(labels, elapsedMs(startedNs));
  }

  ingress(component: string, topic: string, status: "success" | "retry" | "drop", startedNs: bigint): void {
    const labels = { component, topic, process_status: status };
    this.ingressTotal.inc(labels);
    this.ingressLatency.observe(labels, elapsedMs(startedNs));
  }
}

function elapsedMs(startedNs: bigint): number {
  return Number(process.hrtime.bigint() - startedNs) / 1e6;
}
