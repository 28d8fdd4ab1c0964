import { describe, expect, it } from "@jest/globals";
import { Histogram, Registry } from "prom-client";
import { Metrics } from "../../pkg/diagnostics/metrics.js";

/**
 * A timed series counts its latencies apart and hands them to prom-client at each scrape: what a scrape shows
 * must be exactly what prom-client's own observe would show, across scrapes and a reset, and the hand-over must
 * really use prom-client's series record (the fast path), so that a prom-client upgrade that moves it fails here
 * instead of silently costing every message prom-client's label hashing again.
 */

const VALUES = [0.1, 0.5, 0.7, 1, 3, 9.99, 10, 42, 250, 999, 1000, 4000, 12_000, 99_999];

function reference(name: string): { registry: Registry; histogram: Histogram<"topic"> } {
  const registry = new Registry();
  const histogram = new Histogram({ name, help: "h", labelNames: ["topic"], buckets: [0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000], registers: [registry] });
  return { registry, histogram };
}

function seriesLines(text: string, name: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(name) && line.includes('topic="orders"'));
}

describe("Metrics.timedSeries", () => {
  it("scrapes the same buckets, sum and count as prom-client's own observe, across scrapes and a reset", async () => {
    const metrics = new Metrics({ processMetrics: false });
    const counter = metrics.counter("t_count", "c", ["topic"]);
    const histogram = metrics.histogram("t_latency_ms", "h", ["topic"]);
    const series = metrics.timedSeries(counter, histogram, { topic: "orders" });
    const name = "runtime_t_latency_ms";
    const plain = reference(name);

    for (const v of VALUES) {
      series.record(v);
      plain.histogram.observe({ topic: "orders" }, v);
    }
    expect(seriesLines(await metrics.registry.metrics(), name)).toEqual(seriesLines(await plain.registry.metrics(), name));
    expect(await metrics.registry.metrics()).toContain('runtime_t_count{topic="orders"} 14');

    // A second batch adds to the first.
    for (const v of VALUES.slice(0, 5)) {
      series.record(v);
      plain.histogram.observe({ topic: "orders" }, v);
    }
    expect(seriesLines(await metrics.registry.metrics(), name)).toEqual(seriesLines(await plain.registry.metrics(), name));

    // A reset empties prom-client's map; later observations land in a new record.
    metrics.registry.resetMetrics();
    plain.registry.resetMetrics();
    series.record(7);
    plain.histogram.observe({ topic: "orders" }, 7);
    expect(seriesLines(await metrics.registry.metrics(), name)).toEqual(seriesLines(await plain.registry.metrics(), name));
  });

  it("leaves prom-client's record untouched until a scrape (the hand-over found prom-client's series record)", async () => {
    const metrics = new Metrics({ processMetrics: false });
    const histogram = metrics.histogram("u_latency_ms", "h", ["topic"]);
    const series = metrics.timedSeries(metrics.counter("u_count", "c", ["topic"]), histogram, { topic: "orders" });
    series.record(3);
    const records = Object.values((histogram as unknown as { hashMap: Record<string, { count: number }> }).hashMap);
    expect(records.map((r) => r.count)).toEqual([0]);
    expect(await metrics.registry.metrics()).toContain('runtime_u_latency_ms_count{topic="orders"} 1');
  });
});
