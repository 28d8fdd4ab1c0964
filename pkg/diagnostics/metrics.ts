import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type LabelValues } from "./prom.js";

export const METRIC_PREFIX = "runtime_";

const LATENCY_BUCKETS_MS = [0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

/** One labelled series of a counter, counted on a hot path (see Metrics.countSeries). */
export interface CountSeries {
  inc(): void;
}

/** A request's or message's count and latency, recorded together (see Metrics.timedSeries). */
export interface TimedSeries {
  record(latencyMs: number): void;
}

/** prom-client's record of one labelled histogram series (lib/histogram.js createBaseValues). */
interface HistogramEntry {
  labels: object;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}

/**
 * One labelled series of a latency histogram, observed into plain numbers and handed to prom-client
 * when the registry is read, as PendingCount does for counters: prom-client's own observe validates
 * and hashes the labels on every call, which a message would pay three times (publish route, egress,
 * ingress). prom-client has no public call that adds a batch of observations, so the flush adds them
 * to the series' record in the histogram's map (found once by its labels object, again after a
 * reset); were that map ever not where it is in prom-client 15, each observation goes through
 * prom-client's observe instead.
 */
class PendingLatency {
  private readonly pending: Float64Array;
  private sum = 0;
  private count = 0;
  private key?: string;
  private readonly direct?: (value: number) => void;

  constructor(
    private readonly histogram: Histogram<string>,
    private readonly labels: LabelValues<string>,
  ) {
    this.pending = new Float64Array(LATENCY_BUCKETS_MS.length);
    histogram.zero(labels);
    if (this.entry() === undefined) {
      const child = histogram.labels(labels);
      this.direct = (value) => child.observe(value);
    }
  }

  observe(value: number): void {
    if (this.direct) return this.direct(value);
    this.sum += value;
    this.count++;
    // A value past the last bound counts in +Inf only, which prom-client derives from the count.
    for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) {
      if (value <= LATENCY_BUCKETS_MS[i]!) {
        this.pending[i]!++;
        break;
      }
    }
  }

  flush(): void {
    if (this.count === 0) return;
    let entry = this.entry();
    if (!entry) {
      this.histogram.zero(this.labels);
      entry = this.entry();
      if (!entry) return;
    }
    entry.sum += this.sum;
    entry.count += this.count;
    for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) {
      const n = this.pending[i]!;
      if (n === 0) continue;
      const bound = LATENCY_BUCKETS_MS[i]!;
      entry.bucketValues[bound] = (entry.bucketValues[bound] ?? 0) + n;
      this.pending[i] = 0;
    }
    this.sum = 0;
    this.count = 0;
  }

  /** The series' record in prom-client's map, if there (a reset empties the map). */
  private entry(): HistogramEntry | undefined {
    const map = (this.histogram as unknown as { hashMap?: Record<string, HistogramEntry> }).hashMap;
    if (typeof map !== "object" || map === null) return undefined;
    if (this.key !== undefined && map[this.key]?.labels === this.labels) return map[this.key];
    for (const [key, entry] of Object.entries(map)) {
      if (entry.labels !== this.labels) continue;
      if (typeof entry.sum !== "number" || typeof entry.count !== "number" || typeof entry.bucketValues !== "object") return undefined;
      this.key = key;
      return entry;
    }
    return undefined;
  }
}

class PendingCount implements CountSeries {
  private pending = 0;

  constructor(private readonly child: { inc(value: number): void }) {}

  inc(): void {
    this.pending++;
  }

  flush(): void {
    if (this.pending === 0) return;
    this.child.inc(this.pending);
    this.pending = 0;
  }
}

/**
 * The metrics collector owns its registry (no global prom-client state, so tests and several
 * runtimes in one process do not collide). Building blocks add their own metric groups on `registry`.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly pendingCounts = new Map<Counter<string>, PendingCount[]>();
  private readonly pendingLatencies = new Map<Histogram<string>, PendingLatency[]>();
  readonly httpRequests: Counter<"method" | "route" | "status">;
  readonly httpLatency: Histogram<"method" | "route" | "status">;
  readonly componentInit: Counter<"type" | "success">;

  constructor(options: { processMetrics?: boolean; appId?: string } = {}) {
    // Every series carries app_id, as Dapr's metrics do, so dashboards and alerts can group by app
    // without relabelling; prom-client appends it after each metric's own labels.
    if (options.appId) this.registry.setDefaultLabels({ app_id: options.appId });
    // The event-loop lag is sampled every 100 ms, not prom-client's 10 ms: that timer alone kept an idle
    // sidecar at 0.9% of a core (0.1% at 100 ms), paid by every pod; lag percentiles stay meaningful.
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX, eventLoopMonitoringPrecision: 100 });
    this.httpRequests = this.counter("http_server_request_count", "HTTP requests served by the sidecar API, by route template", ["method", "route", "status"]);
    this.httpLatency = this.histogram("http_server_latency_ms", "Latency of the sidecar API in milliseconds, by route template", ["method", "route", "status"]);
    this.componentInit = this.counter("component_init_total", "Component initialisations by type and outcome", ["type", "success"]);
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[]): Histogram<L> {
    const pending = this.pendingLatencies;
    return new Histogram({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames,
      buckets: LATENCY_BUCKETS_MS,
      registers: [this.registry],
      // Called on every read of the registry (a scrape): what timedSeries observed is added first.
      collect(this: Histogram<L>) {
        for (const series of pending.get(this as Histogram<string>) ?? []) series.flush();
      },
    });
  }

  /** `collect`, when given, runs at each read of the registry (a scrape) to set the gauge's values first. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect?: (this: Gauge<L>) => void | Promise<void>): Gauge<L> {
    return new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry], ...(collect ? { collect } : {}) });
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    const pending = this.pendingCounts;
    return new Counter({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames,
      registers: [this.registry],
      // Called on every read of the registry (a scrape): what countSeries counted is added first.
      collect(this: Counter<L>) {
        for (const series of pending.get(this) ?? []) series.flush();
      },
    });
  }

  /**
   * One labelled series of both a counter (as countSeries) and a latency histogram, made once and kept;
   * both made by counter() and histogram(), whose reads hand over what the series recorded.
   */
  timedSeries<L extends string>(counter: Counter<L>, histogram: Histogram<L>, labels: LabelValues<L>): TimedSeries {
    const count = this.countSeries(counter, labels);
    const latency = new PendingLatency(histogram as Histogram<string>, labels as LabelValues<string>);
    const list = this.pendingLatencies.get(histogram as Histogram<string>) ?? [];
    list.push(latency);
    this.pendingLatencies.set(histogram as Histogram<string>, list);
    return {
      record(latencyMs) {
        count.inc();
        latency.observe(latencyMs);
      },
    };
  }

  /**
   * A series of `counter` (made by counter()) whose increments are summed in a plain number and
   * handed to prom-client when the registry is read. prom-client validates and hashes the labels
   * on every inc(), which the API and pub/sub paths would otherwise pay on every request. Make the
   * series once and keep it: each one made is kept for the registry's life, as prom-client keeps its series.
   */
  countSeries<L extends string>(counter: Counter<L>, labels: LabelValues<L>): CountSeries {
    const series = new PendingCount(counter.labels(labels));
    const list = this.pendingCounts.get(counter as Counter<string>) ?? [];
    list.push(series);
    this.pendingCounts.set(counter as Counter<string>, list);
    return series;
  }
}
