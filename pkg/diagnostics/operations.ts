import type { Counter, Histogram } from "prom-client";
import type { Metrics } from "./metrics.js";

type Labels = "component" | "operation" | "success";

export interface OperationMetrics {
  count: Counter<Labels>;
  latency: Histogram<Labels>;
}

export type BuildingBlock = "configuration" | "secret";

/** One set per Metrics registry: prom-client refuses a second metric of the same name on a registry. */
const cache = new WeakMap<Metrics, Map<BuildingBlock, OperationMetrics>>();

/** `runtime_configuration_*` / `runtime_secret_*`: count and latency by component, operation and success. */
export function operationMetrics(metrics: Metrics, block: BuildingBlock): OperationMetrics {
  let byBlock = cache.get(metrics);
  if (!byBlock) cache.set(metrics, (byBlock = new Map()));
  let found = byBlock.get(block);
  if (!found) {
    const labels = ["component", "operation", "success"] as const;
    found = {
      count: metrics.counter(`${block}_operation_count`, `${block} operations by component, operation and outcome`, labels),
      latency: metrics.histogram(`${block}_operation_latency_ms`, `latency of ${block} operations in milliseconds`, labels),
    };
    byBlock.set(block, found);
  }
  return found;
}

/** Runs `work`, recording its outcome and latency; the result or error passes through. */
export async function observe<T>(metrics: OperationMetrics, component: string, operation: string, work: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  let success = "false";
  try {
    const result = await work();
    success = "true";
    return result;
  } finally {
    const labels = { component, operation, success };
    metrics.count.inc(labels);
    metrics.latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e6);
  }
}
