import { createRequire } from "node:module";
import type * as Prom from "prom-client";

const require = createRequire(import.meta.url);

/*
 * prom-client's classes from their own modules. Its index also loads what the sidecar never uses: Summary
 * (tdigest and its trees), the Pushgateway (https) and the cluster aggregator (node:cluster), about 0.4 MB of
 * an idle sidecar (benchmark 6). These are the modules the index re-exports, so the classes are the same
 * ones an `import from "prom-client"` gives.
 */
export const Counter = require("prom-client/lib/counter") as typeof Prom.Counter;
export type Counter<T extends string = string> = Prom.Counter<T>;
export const Gauge = require("prom-client/lib/gauge") as typeof Prom.Gauge;
export type Gauge<T extends string = string> = Prom.Gauge<T>;
export const Histogram = require("prom-client/lib/histogram") as typeof Prom.Histogram;
export type Histogram<T extends string = string> = Prom.Histogram<T>;
export const Registry = require("prom-client/lib/registry") as typeof Prom.Registry;
export type Registry = Prom.Registry;
export const collectDefaultMetrics = require("prom-client/lib/defaultMetrics") as typeof Prom.collectDefaultMetrics;
export type { LabelValues } from "prom-client";
