import type * as Prom from "prom-client";
import CounterClass from "prom-client/lib/counter.js";
import collectDefaultMetricsFunction from "prom-client/lib/defaultMetrics.js";
import GaugeClass from "prom-client/lib/gauge.js";
import HistogramClass from "prom-client/lib/histogram.js";
import RegistryClass from "prom-client/lib/registry.js";

/*
 * prom-client's classes from their own modules. Its index also loads what the sidecar never uses: Summary
 * (tdigest and its trees), the Pushgateway (https) and the cluster aggregator (node:cluster), about 0.4 MB of
 * an idle sidecar (benchmark 6). These are the modules the index re-exports, so the classes are the same
 * ones an `import from "prom-client"` gives. Static imports, so that the bundle (scripts/bundle.mjs) holds them.
 */
export const Counter = CounterClass;
export type Counter<T extends string = string> = Prom.Counter<T>;
export const Gauge = GaugeClass;
export type Gauge<T extends string = string> = Prom.Gauge<T>;
export const Histogram = HistogramClass;
export type Histogram<T extends string = string> = Prom.Histogram<T>;
export const Registry = RegistryClass;
export type Registry = Prom.Registry;
export const collectDefaultMetrics = collectDefaultMetricsFunction;
export type { LabelValues } from "prom-client";
