import type { Counter, Histogram } from "prom-client";
import type { Metrics } from "../../diagnostics/metrics.js";

type Labels = "component" | "direction" | "operation" | "success";

export interface BindingMetrics {
  count: Counter<Labels>;
  latency: Histogram<Labels>;
  observe(labels: { component: string; direction: "input" | "output"; operation: string }, started: bigint, success: boolean): void;
}

/** One set per Metrics registry: the API router and the input manager share it (a registry refuses a name twice). */
const cache = new WeakMap<Metrics, BindingMetrics>();

export function bindingMetrics(metrics: Metrics): BindingMetrics {
  const existing = cache.get(metrics);
  if (existing) return existing;
  const labels: Labels[] = ["component", "direction", "operation", "success"];
  const count = metrics.counter("bindings_requests_total", "Binding invocations (output) and delivered events (input), by component, direction, operation and outcome", labels);
  const latency = metrics.histogram("bindings_latency_ms", "Binding invocation and input event delivery latency in milliseconds", labels);
  const created: BindingMetrics = {
    count,
    latency,
    observe(l, started, success) {
      const all = { ...l, success: String(success) };
      count.inc(all);
      latency.observe(all, Number(process.hrtime.bigint() - started) / 1e6);
    },
  };
  cache.set(metrics, created);
  return created;
}
