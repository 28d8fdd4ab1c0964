import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const METRIC_PREFIX = "runtime_";

const LATENCY_BUCKETS_MS = [0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

/**
 * The metrics collector owns its registry (no global prom-client state, so tests and several
 * runtimes in one process do not collide). Building blocks add their own metric groups on `registry`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<"method" | "route" | "status">;
  readonly httpLatency: Histogram<"method" | "route" | "status">;
  readonly componentInit: Counter<"type" | "success">;

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    this.httpRequests = new Counter({
      name: `${METRIC_PREFIX}http_server_request_count`,
      help: "HTTP requests served by the sidecar API, by route template",
      labelNames: ["method", "route", "status"],
      registers: [this.registry],
    });
    this.httpLatency = new Histogram({
      name: `${METRIC_PREFIX}http_server_latency_ms`,
      help: "Latency of the sidecar API in milliseconds, by route template",
      labelNames: ["method", "route", "status"],
      buckets: LATENCY_BUCKETS_MS,
      registers: [this.registry],
    });
    this.componentInit = new Counter({
      name: `${METRIC_PREFIX}component_init_total`,
      help: "Component initialisations by type and outcome",
      labelNames: ["type", "success"],
      registers: [this.registry],
    });
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[]): Histogram<L> {
    return new Histogram({ name: `${METRIC_PREFIX}${name}`, help, labelNames, buckets: LATENCY_BUCKETS_MS, registers: [this.registry] });
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }
}
