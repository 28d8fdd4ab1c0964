import type { Attributes, Context, Link, Span, SpanKind, Tracer } from "@opentelemetry/api";
import type { Sampler, SamplingResult } from "@opentelemetry/sdk-trace";
import { randomBytes } from "node:crypto";
import { SlicedBatch } from "../util/sliced-batch.js";
import type { Logger } from "./logger.js";

/**
 * What tracing needs to start: pkg/apis/tracing.ts parses a Configuration's spec.tracing into it (the
 * two folders are leaves side by side, so the shape is stated here rather than imported).
 */
export interface TracingSettings {
  samplingRate: number;
  otel?: { endpointAddress: string };
  zipkin?: { endpointAddress: string };
  stdout: boolean;
}

/** W3C trace context of one span, as carried in `traceparent` / `tracestate` (headers and CloudEvents). */
export interface TraceContextHeaders {
  traceparent: string;
  tracestate?: string;
}

/** A started span; `end` records the outcome (an error marks it failed). */
export interface ActiveSpan {
  /** This span's context, to send onward (to the broker in the CloudEvent, to the app as a header). */
  readonly headers: TraceContextHeaders;
  setAttributes(attributes: Attributes): void;
  /** Runs `fn` with this span current, so log lines written inside carry its trace id. */
  run<T>(fn: () => T): T;
  end(error?: unknown): void;
}

type Kind = "server" | "client" | "producer" | "consumer" | "internal";

interface Sdk {
  tracer: Tracer;
  api: typeof import("@opentelemetry/api");
  provider: { shutdown(): Promise<void>; forceFlush(): Promise<void> };
}

/**
 * OpenTelemetry tracing configured by the Configuration's `spec.tracing` as in Dapr. Until `configure`
 * turns it on (a samplingRate above 0 and, as in Dapr, an exporter or stdout), `enabled` is false: the
 * publish and delivery paths test that one field and pay nothing else, and the OpenTelemetry packages
 * are never loaded. Sampling is parent-based over a trace-id ratio (Dapr's sampler): a caller's sampled
 * `traceparent` is honoured. Exporters batch and drop when the collector is away, so a down collector
 * never slows a request.
 */
export class Tracing {
  private sdk?: Sdk;

  constructor(private readonly serviceName: string) {}

  get enabled(): boolean {
    return this.sdk !== undefined;
  }

  async configure(spec: TracingSettings | undefined, logger: Logger): Promise<void> {
    if (!spec || spec.samplingRate <= 0 || (!spec.otel && !spec.zipkin && !spec.stdout)) return;
    const [api, sdkTrace, { AsyncLocalStorageContextManager }, { resourceFromAttributes }] = await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/sdk-trace"),
      import("@opentelemetry/context-async-hooks"),
      import("@opentelemetry/resources"),
    ]);
    const processors = [];
    if (spec.otel) {
      // daprd's otel exporter over http (Go's otlptracehttp) sends protobuf; its encoding also costs the
      // sidecar about 2.5 times less CPU per span than OTLP/JSON and 2.4 times fewer bytes (measured).
      const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
      processors.push(new sdkTrace.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: spec.otel.endpointAddress, timeoutMillis: 5000 }), ...BATCH }));
    }
    if (spec.zipkin) {
      const { ZipkinExporter } = await import("@opentelemetry/exporter-zipkin");
      processors.push(new sdkTrace.BatchSpanProcessor({ exporter: new ZipkinExporter({ url: spec.zipkin.endpointAddress, serviceName: this.serviceName }), ...BATCH }));
    }
    if (spec.stdout) processors.push(new sdkTrace.SimpleSpanProcessor({ exporter: new sdkTrace.ConsoleSpanExporter() }));
    // At rate 1 the ratio sampler samples every trace id anyway: no root sampler decides the same without hashing the id.
    const root = spec.samplingRate >= 1 ? undefined : new sdkTrace.TraceIdRatioBasedSampler(spec.samplingRate);
    const provider = new sdkTrace.TracerProvider({
      resource: resourceFromAttributes({ "service.name": this.serviceName }),
      idGenerator: new PooledRandomIdGenerator(),
      sampler: new ParentBasedRatioSampler(api, root),
      spanProcessors: processors,
    });
    // One context manager per process: spans started in a request stay current across its awaits.
    api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    this.sdk = { api, provider, tracer: provider.getTracer("runtimed") };
    logger.info(`tracing on: samplingRate ${spec.samplingRate}${spec.otel ? `, OTLP/HTTP to ${spec.otel.endpointAddress}` : ""}${spec.zipkin ? `, Zipkin to ${spec.zipkin.endpointAddress}` : ""}${spec.stdout ? ", stdout" : ""}`);
  }

  /**
   * Starts a span whose parent is `parent` (a caller's or a CloudEvent's trace context), or the
   * current span when none is given. Only call when `enabled`.
   */
  start(name: string, kind: Kind, attributes: Attributes, parent?: Partial<TraceContextHeaders>): ActiveSpan {
    const sdk = this.sdk!;
    const { api } = sdk;
    const remote = parent?.traceparent ? parseTraceparent(parent.traceparent, parent.tracestate, api) : undefined;
    const active = api.context.active();
    // The API's empty context is swapped for ours, so that `run` sets the span on a chained context.
    const parentContext: Context = remote ? api.trace.setSpanContext(EMPTY_CONTEXT, remote) : active === api.ROOT_CONTEXT ? EMPTY_CONTEXT : active;
    // Attributes are set after the start rather than passed to it: the SDK validates and copies start
    // attributes twice (once for the sampler, once for the span), and the samplers Dapr's configuration
    // can choose (parent-based over a trace-id ratio) never read them.
    const span = sdk.tracer.startSpan(name, { kind: SPAN_KINDS[kind] as SpanKind }, parentContext).setAttributes(attributes);
    return new OtelSpan(span, parentContext, api);
  }

  /** The current span's ids, for log lines; undefined when tracing is off or no span is current. */
  currentIds(): { trace_id: string; span_id: string } | undefined {
    const span = this.sdk?.api.trace.getActiveSpan();
    if (!span) return undefined;
    const { traceId, spanId } = span.spanContext();
    return { trace_id: traceId, span_id: spanId };
  }

  /**
   * Sets `attributes` on the current span (the API's server span for a request) and returns its trace
   * context, for a CloudEvent to carry; undefined when tracing is off or no span is current.
   */
  annotateCurrent(attributes: Attributes): TraceContextHeaders | undefined {
    const span = this.sdk?.api.trace.getActiveSpan();
    if (!span) return undefined;
    span.setAttributes(attributes);
    return headersOf(span);
  }

  /** Exports what is batched (bounded by the exporters' own timeouts) and stops. */
  async close(): Promise<void> {
    await this.sdk?.provider.shutdown();
  }
}

// A bounded queue: when the collector is away, spans beyond it are dropped, never held or waited for.
// It holds what arrives while one export is in flight: at 2048 (the SDK's default) a sidecar publishing
// 20k requests/s (40k spans/s) overflowed it whenever an export took over 50 ms. Batches of 1024 make
// half as many POSTs as 512 at that rate.
const BATCH = { maxQueueSize: 8192, maxExportBatchSize: 1024, scheduledDelayMillis: 1000, exportTimeoutMillis: 5000 };

/**
 * Trace and span ids cut from one hex string of crypto-random bytes, refilled every 512 span ids. The
 * SDK's default draws Math.random twice per span id and hex-encodes an 8-byte buffer in a native call;
 * at a span or two per publish that showed in profiles. All-zero ids are invalid (W3C): redrawn.
 */
class PooledRandomIdGenerator {
  private pool = "";
  private at = 0;

  generateTraceId(): string {
    return this.take(32);
  }

  generateSpanId(): string {
    return this.take(16);
  }

  private take(hexDigits: number): string {
    for (;;) {
      if (this.at + hexDigits > this.pool.length) {
        this.pool = randomBytes(4096).toString("hex");
        this.at = 0;
      }
      const id = this.pool.slice(this.at, (this.at += hexDigits));
      if (!ALL_ZEROS.test(id)) return id;
    }
  }
}

const ALL_ZEROS = /^0+$/;

const UNTRACED_IDS = new PooledRandomIdGenerator();

/**
 * The trace context a message carries when no span is recorded (tracing off). daprd always has a
 * tracer provider, so its envelopes always hold `traceparent`/`traceid`: the caller's context, or a
 * new trace when the caller sent none or a malformed one, unsampled (flags `00`). Ids come from the
 * same pooled random hex as the SDK's spans: no OpenTelemetry package is loaded for this.
 */
export function untracedContext(traceparent: string | undefined, tracestate: string | undefined): { traceparent: string; tracestate: string | undefined } {
  if (traceparent !== undefined && validTraceparent(traceparent)) return { traceparent, tracestate: tracestate || undefined };
  return { traceparent: UNTRACED_TRACEPARENTS.take(), tracestate: undefined };
}

/** New unsampled traceparents, 64 at a time, as flat strings (SlicedBatch): the envelope's writes read each one. */
const UNTRACED_TRACEPARENTS = new SlicedBatch("00-".length + 32 + 1 + 16 + "-00".length, 64, (count) => {
  let batch = "";
  for (let i = 0; i < count; i++) batch += `00-${UNTRACED_IDS.generateTraceId()}-${UNTRACED_IDS.generateSpanId()}-00`;
  return batch;
});

/** W3C trace context: a known shape, not the invalid version ff, neither id all zeros. */
function validTraceparent(value: string): boolean {
  const match = TRACEPARENT.exec(value);
  return match !== null && match[1] !== "ff" && !ALL_ZEROS.test(match[2]!) && !ALL_ZEROS.test(match[3]!);
}

const SAMPLED: SamplingResult = Object.freeze({ decision: 2 /* SamplingDecision.RECORD_AND_SAMPLED */ });
const NOT_SAMPLED: SamplingResult = Object.freeze({ decision: 0 /* SamplingDecision.NOT_RECORD */ });

/**
 * Dapr's sampler, ParentBased(TraceIdRatioBased(rate)): a parent's sampled flag decides, and a root
 * span samples by its trace id's ratio (always, at rate 1: `root` undefined). The SDK's
 * ParentBasedSampler decides the same, but re-validates both ids of the parent in hex on every span,
 * after startSpan has just done so; here every parent is valid already: a caller's was checked by
 * parseTraceparent, a local one is a span this SDK started.
 */
class ParentBasedRatioSampler implements Sampler {
  constructor(
    private readonly api: Sdk["api"],
    private readonly root: Sampler | undefined,
  ) {}

  shouldSample(context: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    const parent = this.api.trace.getSpanContext(context);
    if (parent === undefined || parent.spanId === this.api.INVALID_SPANID) return this.root ? this.root.shouldSample(context, traceId, name, kind, attributes, links) : SAMPLED;
    return parent.traceFlags & 1 ? SAMPLED : NOT_SAMPLED;
  }

  toString(): string {
    return `ParentBased{root=${this.root?.toString() ?? "AlwaysOn"}}`;
  }
}

/**
 * A context as a chain of one value per link. The API's own context copies a Map and makes three
 * closures per value set; a span made current per request, and a caller's parent, set one value on
 * an empty context, so the chain is one or two links long.
 */
class ChainedContext implements Context {
  constructor(
    private readonly parent: ChainedContext | undefined,
    private readonly key: symbol | undefined,
    private readonly value: unknown,
  ) {}

  getValue(key: symbol): unknown {
    return this.key === key ? this.value : this.parent?.getValue(key);
  }

  setValue(key: symbol, value: unknown): Context {
    return new ChainedContext(this, key, value);
  }

  deleteValue(key: symbol): Context {
    return new ChainedContext(this, key, undefined);
  }
}

const EMPTY_CONTEXT = new ChainedContext(undefined, undefined, undefined);

// @opentelemetry/api's SpanKind values, without importing the package while tracing is off.
const SPAN_KINDS: Record<Kind, number> = { internal: 0, server: 1, client: 2, producer: 3, consumer: 4 };

/** A W3C traceparent (version-traceid-parentid-flags); only a value matching it ever becomes a header. */
export const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

function parseTraceparent(traceparent: string, tracestate: string | undefined, api: Sdk["api"]): import("@opentelemetry/api").SpanContext | undefined {
  const match = TRACEPARENT.exec(traceparent.trim().toLowerCase());
  if (!match || match[1] === "ff" || ALL_ZEROS.test(match[2]!) || ALL_ZEROS.test(match[3]!)) return undefined;
  return {
    traceId: match[2]!,
    spanId: match[3]!,
    traceFlags: parseInt(match[4]!, 16) & 1,
    isRemote: true,
    traceState: tracestate ? api.createTraceState(tracestate) : undefined,
  };
}

/** A span's W3C trace context as `traceparent` / `tracestate`. */
function headersOf(span: Span): TraceContextHeaders {
  const { traceId, spanId, traceFlags, traceState } = span.spanContext();
  const state = traceState?.serialize();
  return { traceparent: `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`, ...(state ? { tracestate: state } : {}) };
}

class OtelSpan implements ActiveSpan {
  private traceContext?: TraceContextHeaders;

  constructor(
    private readonly span: Span,
    private readonly parentContext: Context,
    private readonly api: Sdk["api"],
  ) {}

  // Made on first use: a server span's context only travels through `run`, never as headers.
  get headers(): TraceContextHeaders {
    this.traceContext ??= headersOf(this.span);
    return this.traceContext;
  }

  setAttributes(attributes: Attributes): void {
    this.span.setAttributes(attributes);
  }

  run<T>(fn: () => T): T {
    // Built here, not at start: most spans (the producer's) are never made current.
    return this.api.context.with(this.api.trace.setSpan(this.parentContext, this.span), fn);
  }

  end(error?: unknown): void {
    if (error !== undefined) {
      this.span.recordException(error instanceof Error ? error : String(error));
      this.span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    }
    this.span.end();
  }
}
