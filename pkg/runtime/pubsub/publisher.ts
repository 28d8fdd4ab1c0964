import { wireDialectOf, type WireDialect } from "../../apis/dialect.js";
import type { ComponentResource } from "../../apis/types.js";
import { checkDeliveryDelay, entryMetadataOver, metadataInt, readPublishOptions, RequestMetadataError, type DeliveryTime, type PublishOptions } from "../../components/pubsub/metadata.js";
import { isBulkPublisher, supportsDelayedDelivery, type BulkPublishEntry, type DelayedDelivery, type BulkPublishResult, type PubSub } from "../../components/pubsub/types.js";
import { randomUUID } from "node:crypto";
import { untracedContext, type ActiveSpan, type Tracing } from "../../diagnostics/tracing.js";
import { DIRECT, type TargetPolicy } from "../resiliency/index.js";
import type { ComponentStore, InFlight } from "../store.js";
import { adoptCloudEvent, CLOUDEVENTS_JSON, EnvelopeError, EVENT_TYPES, mediaType, serializeEnvelope } from "./envelope.js";
import { adoptDaprCloudEvent, cloudEventOverrides, DaprEnvelopeError, serializeDaprEnvelope, sortedJson, type CloudEventOverrides } from "./envelope-dapr.js";
import { messagingSystemOf, type PubSubMetrics } from "./metrics.js";
import { TopicScopes } from "./scoping.js";
import { randomUuid } from "../../util/uuid.js";

/** The component a publish goes to, after scoping; `inFlight` holds its instance open across a hot reload. */
type Target = { pubsub: PubSub; eventType: string; dialect: WireDialect; type: string; inFlight?: InFlight };

/** Why a publish was refused; the HTTP layer maps each kind to its catalogue entry. */
export class PublishError extends Error {
  constructor(
    readonly kind: "not-found" | "forbidden" | "invalid-event" | "cloudevent-creation" | "invalid-metadata" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "PublishError";
  }
}

export interface PublishInput {
  pubsubName: string;
  topic: string;
  body: Buffer;
  contentType?: string;
  /** `metadata.*` query parameters; passed on to the component. */
  metadata: Record<string, string>;
  traceparent?: string;
  tracestate?: string;
  /** The CloudEvent id (set by tracing, which names it on the span that carries the publish). */
  id?: string;
}

/** The trace context one bulk entry's CloudEvent carries, and its id when a span names it. */
interface EntryTrace {
  id?: string;
  traceparent?: string;
  tracestate?: string;
}

/**
 * What one event's envelope is made of, in one fixed shape for both dialects and both publish paths (every call
 * site writes its members in this order, so the envelope writers see one hidden class).
 */
interface EnvelopeParts {
  pubsubName: string;
  topic: string;
  body: Buffer | string;
  /** The CloudEvent id; undefined when the body or `cloudevent.*` metadata may set it (or, for dapr.io, a fresh uuid). */
  id: string | undefined;
  traceparent: string | undefined;
  tracestate: string | undefined;
  contentType: string;
  ttlMs: number | undefined;
  deliverAt: number | undefined;
  /** A cloudevents+json body: the envelope keeps the event's own attributes. */
  adopted: boolean;
  /** The request's or entry's `cloudevent.*` metadata: dapr.io only, and never with an adopted body. */
  overrides: CloudEventOverrides | undefined;
}

export interface BulkInputEntry {
  entryId: string;
  /**
   * The entry's event as bytes (a string's UTF-8, base64 decoded), or, for a JSON value the API parsed, the text
   * JSON.stringify gave: the envelope splices that text unchecked, and it becomes bytes only inside the envelope.
   */
  data: Buffer | string;
  contentType: string;
  metadata: Record<string, string>;
}

/**
 * The publish side (spec endpoints 1 and 2): scoping, the CloudEvent envelope, the component call.
 * Resolves only once the broker accepted the message (spec note 1).
 */
export class PubSubPublisher {
  private readonly scopes = new WeakMap<ComponentResource, TopicScopes>();

  constructor(private readonly deps: { appId: string; store: ComponentStore; metrics: PubSubMetrics; tracing?: Tracing; resiliency?: { outbound(component: string): TargetPolicy | undefined } }) {
    deps.metrics.countDelayedPendingWith(() => this.delayedPending());
  }

  /** What each component holding delayed messages counts, per topic (runtime_pubsub_delayed_pending). */
  private async delayedPending(): Promise<Array<{ component: string; topic: string; count: number }>> {
    const counts = await Promise.all(
      this.deps.store
        .list()
        .filter((entry) => entry.kind === "pubsub" && supportsDelayedDelivery(entry.instance))
        .map(async (entry) => {
          const pending = await (entry.instance as PubSub & DelayedDelivery).delayedPending().catch(() => []);
          return pending.map(({ topic, count }) => ({ component: entry.name, topic, count }));
        }),
    );
    return counts.flat();
  }

  /** The component's outbound Resiliency policy, taken when the publish starts; none: one attempt. */
  private policy(pubsubName: string): TargetPolicy {
    return this.deps.resiliency?.outbound(pubsubName) ?? DIRECT;
  }

  /** The component after scoping, and the CloudEvent `type` its dialect sets. */
  private target(pubsubName: string, topic: string): Target {
    const entry = this.deps.store.entry(pubsubName);
    if (!entry || entry.kind !== "pubsub") throw new PublishError("not-found", `pubsub ${pubsubName} is not found`);
    if (!this.scopesOf(entry.resource).canPublish(this.deps.appId, topic)) throw new PublishError("forbidden", `topic ${topic} is not allowed for app id ${this.deps.appId}`);
    const dialect = wireDialectOf(entry.resource);
    return { pubsub: entry.instance as PubSub, eventType: EVENT_TYPES[dialect].single, dialect, type: entry.resource.spec.type, inFlight: entry.inFlight };
  }

  scopesOf(resource: ComponentResource): TopicScopes {
    let scopes = this.scopes.get(resource);
    if (!scopes) {
      scopes = TopicScopes.fromComponent(resource);
      this.scopes.set(resource, scopes);
    }
    return scopes;
  }

  publish(input: PublishInput): Promise<void> {
    const tracing = this.deps.tracing;
    if (!tracing?.enabled) {
      const context = untracedContext(input.traceparent, input.tracestate);
      return this.publishNow(stamped(input, input.id, context.traceparent, context.tracestate));
    }
    const id = randomUUID();
    const attributes = { ...this.messagingAttributes(input.pubsubName, input.topic, "send"), "messaging.message.id": id };
    // As daprd, a publish within a request makes no span of its own: the CloudEvent carries the request's
    // span (HTTP or gRPC server span), which is given the messaging attributes a producer span would hold.
    const current = tracing.annotateCurrent(attributes);
    if (current) return this.publishNow(stamped(input, id, current.traceparent, current.tracestate));
    // Outside a request the broker write is a producer span; the CloudEvent carries its context to the consumer.
    const span = tracing.start(`send ${input.topic}`, "producer", attributes);
    return this.publishNow(stamped(input, id, span.headers.traceparent, span.headers.tracestate)).then(
      () => span.end(),
      (error: unknown) => {
        span.end(error);
        throw error;
      },
    );
  }

  /** OpenTelemetry's messaging attributes. */
  private messagingAttributes(pubsubName: string, topic: string, operation: "send"): Record<string, string> {
    const type = this.deps.store.entry(pubsubName)?.resource.spec.type;
    return { "messaging.system": type ? messagingSystemOf(type) : "", "messaging.destination.name": topic, "messaging.operation.type": operation, "runtime.pubsub.name": pubsubName };
  }

  /** Not an async function: a publish already runs in publishHolding's, and a rejection handler costs less than a second frame. */
  private publishNow(input: PublishInput): Promise<void> {
    let target: Target;
    try {
      target = this.target(input.pubsubName, input.topic);
    } catch (error) {
      return Promise.reject(error);
    }
    const published = this.publishHolding(target, input);
    if (target.inFlight === undefined) return published;
    return published.catch((error: unknown) => {
      // The instance this publish took was replaced meanwhile (a hot reload) and closed under it once the grace
      // period ran out: the publish goes once more, to the instance that serves now, rather than fail the app.
      const replaced = this.deps.store.entry(input.pubsubName)?.inFlight !== target.inFlight;
      if (!(error instanceof PublishError) || error.kind !== "failed" || !replaced) throw error;
      return this.publishHolding(this.target(input.pubsubName, input.topic), input);
    });
  }

  /** One async frame for the whole publish: the request path runs this once per message. */
  private async publishHolding(target: Target, input: PublishInput): Promise<void> {
    // A hot reload closes the instance this publish took only once the publish has finished with it.
    target.inFlight?.enter();
    try {
      const { pubsub, dialect } = target;
      const now = Date.now();
      const { rawPayload: raw, ttlMs, delivery } = publishOptionsOf(input.metadata, now);
      const deliverAt = requestDelayOf(target, input.pubsubName, delivery, now);
      const contentType = input.contentType || "text/plain";
      let data: Buffer;
      let eventId: string | undefined;
      if (raw) data = input.body;
      else {
        const adopted = mediaType(contentType) === CLOUDEVENTS_JSON;
        const overrides = dialect === "dapr" && !adopted ? cloudEventOverrides(input.metadata) : undefined;
        // The id the envelope will carry, chosen here when the envelope's own writer would choose it (a fresh
        // uuid, or the tracing id), so the broker is told it (PublishRequest.eventId) rather than parse it back;
        // none when the body or `cloudevent.*` metadata may set it. The dapr.io writer takes an empty id as none
        // (a fresh uuid); the spec writer keeps it, and an empty id is no id.
        const id = adopted || overrides ? input.id : dialect === "dapr" ? input.id || randomUuid() : (input.id ?? randomUuid());
        if (!adopted && !overrides) eventId = id === "" ? undefined : id;
        const wrapped = this.wrap(target, { pubsubName: input.pubsubName, topic: input.topic, body: input.body, id, traceparent: input.traceparent, tracestate: input.tracestate, contentType, ttlMs, deliverAt: delivery?.at, adopted, overrides });
        data = wrapped instanceof Promise ? await wrapped : wrapped;
      }
      const started = performance.now();
      try {
        const request = { topic: input.topic, data, contentType: raw ? contentType : CLOUDEVENTS_JSON, ttlMs, deliverAt, metadata: input.metadata, eventId };
        await this.policy(input.pubsubName).execute(() => pubsub.publish(request));
        this.deps.metrics.egress(input.pubsubName, input.topic, true, started);
      } catch (error) {
        this.deps.metrics.egress(input.pubsubName, input.topic, false, started);
        throw new PublishError("failed", (error as Error).message);
      }
    } finally {
      target.inFlight?.leave();
    }
  }

  /**
   * Spec endpoint 2: every entry wrapped unless raw; batches split at `maxBulkPubBytes` (spec note 3);
   * a component without bulk ability publishes the entries one by one, in parallel.
   */
  bulkPublish(pubsubName: string, topic: string, entries: BulkInputEntry[], metadata: Record<string, string>, traceparent?: string): Promise<BulkPublishResult> {
    const tracing = this.deps.tracing;
    if (!tracing?.enabled) {
      const context = untracedContext(traceparent, undefined);
      return this.bulkPublishNow(pubsubName, topic, entries, metadata, () => context);
    }
    // As daprd, each wrapped entry's broker write is a producer span under the request's span, and the
    // entry's CloudEvent carries its own span's context.
    const attributes = this.messagingAttributes(pubsubName, topic, "send");
    const spans: Array<[entryId: string, span: ActiveSpan]> = [];
    const traceOf = (entryId: string): EntryTrace => {
      const id = randomUUID();
      const span = tracing.start(`send ${topic}`, "producer", { ...attributes, "messaging.message.id": id });
      spans.push([entryId, span]);
      return { id, ...span.headers };
    };
    return this.bulkPublishNow(pubsubName, topic, entries, metadata, traceOf).then(
      (result) => {
        const failed = new Map(result.failedEntries.map((f) => [f.entryId, f.error]));
        for (const [entryId, span] of spans) span.end(failed.has(entryId) ? new Error(failed.get(entryId)) : undefined);
        return result;
      },
      (error: unknown) => {
        for (const [, span] of spans) span.end(error);
        throw error;
      },
    );
  }

  private async bulkPublishNow(pubsubName: string, topic: string, entries: BulkInputEntry[], metadata: Record<string, string>, traceOf: (entryId: string) => EntryTrace): Promise<BulkPublishResult> {
    const target = this.target(pubsubName, topic);
    target.inFlight?.enter();
    try {
      return await this.bulkPublishTo(target, pubsubName, topic, entries, metadata, traceOf);
    } finally {
      target.inFlight?.leave();
    }
  }

  private async bulkPublishTo(target: Target, pubsubName: string, topic: string, entries: BulkInputEntry[], metadata: Record<string, string>, traceOf: (entryId: string) => EntryTrace): Promise<BulkPublishResult> {
    const { pubsub, dialect } = target;
    const maxBytes = maxBulkBytesOf(metadata);
    const now = Date.now();
    const requestOptions = publishOptionsOf(metadata, now);
    const requestDeliverAt = requestDelayOf(target, pubsubName, requestOptions.delivery, now);
    const failedEntries: BulkPublishResult["failedEntries"] = [];
    // Synchronous per entry unless its envelope needs the CloudEvent validator (a cloudevents+json entry).
    const prepared: Array<BulkPublishEntry | Promise<BulkPublishEntry>> = [];
    let pending = false;
    for (const entry of entries) {
      const { entryId, contentType } = entry;
      let options = requestOptions;
      let deliverAt = requestDeliverAt;
      // An entry with metadata of its own reads it over the request's; one without publishes under the request's,
      // read once above. An entry whose own metadata cannot be read fails alone (the request's was: 400 for all).
      if (hasEntries(entry.metadata)) {
        try {
          options = readPublishOptions(entryMetadataOver(metadata, entry.metadata), now);
          deliverAt = delayOf(target, pubsubName, options.delivery, now);
        } catch (error) {
          if (!(error instanceof RequestMetadataError)) throw error;
          failedEntries.push({ entryId, error: error.message });
          continue;
        }
      }
      const { rawPayload, ttlMs, delivery } = options;
      if (rawPayload) {
        prepared.push({ entryId, data: typeof entry.data === "string" ? Buffer.from(entry.data) : entry.data, contentType, ttlMs, deliverAt, metadata: entry.metadata });
        continue;
      }
      const trace = traceOf(entryId);
      const adopted = mediaType(contentType) === CLOUDEVENTS_JSON;
      // daprd reads an entry's `cloudevent.*` overrides from the entry's own metadata.
      const overrides = dialect === "dapr" && !adopted ? cloudEventOverrides(entry.metadata) : undefined;
      const wrapped = this.wrap(target, { pubsubName, topic, body: entry.data, id: trace.id, traceparent: trace.traceparent, tracestate: trace.tracestate, contentType, ttlMs, deliverAt: delivery?.at, adopted, overrides });
      if (!(wrapped instanceof Promise)) {
        prepared.push({ entryId, data: wrapped, contentType: CLOUDEVENTS_JSON, ttlMs, deliverAt, metadata: entry.metadata });
        continue;
      }
      const later = wrapped.then((data): BulkPublishEntry => ({ entryId, data, contentType: CLOUDEVENTS_JSON, ttlMs, deliverAt, metadata: entry.metadata }));
      // Should a later entry throw out of this loop before Promise.all holds this promise, its rejection
      // must not go unhandled (an unhandled rejection ends the process).
      later.catch(() => undefined);
      prepared.push(later);
      pending = true;
    }
    const ready = pending ? await Promise.all(prepared) : (prepared as BulkPublishEntry[]);
    const started = performance.now();
    const policy = this.policy(pubsubName);
    await Promise.all(
      chunks(ready, maxBytes).map(async (chunk) => {
        try {
          // A batch the broker refused as a whole is retried as a whole; entries it failed one by one are reported.
          const result = await policy.execute(() => (isBulkPublisher(pubsub) ? pubsub.bulkPublish({ topic, entries: chunk, metadata }) : publishEach(pubsub, topic, chunk)));
          failedEntries.push(...result.failedEntries);
        } catch (error) {
          for (const entry of chunk) failedEntries.push({ entryId: entry.entryId, error: (error as Error).message });
        }
      }),
    );
    const failed = failedEntries.length === 0 ? undefined : new Set(failedEntries.map((f) => f.entryId));
    for (const entry of ready) this.deps.metrics.egress(pubsubName, topic, failed === undefined || !failed.has(entry.entryId), started);
    return { failedEntries };
  }

  /** The event's envelope in the pub/sub's wire dialect. */
  private wrap(target: Target, parts: EnvelopeParts): Buffer | Promise<Buffer> {
    return target.dialect === "dapr" ? this.daprEnvelope(parts) : this.envelope(parts, target.eventType);
  }

  /**
   * daprd's envelope for a `dapr.io` pub/sub (envelope-dapr.ts): `cloudevent.*` metadata overrides the
   * id, source, type, subject and trace attributes; a cloudevents+json body keeps its own.
   */
  private daprEnvelope(parts: EnvelopeParts): Buffer {
    const { overrides } = parts;
    const base = { id: parts.id, source: this.deps.appId, topic: parts.topic, pubsubName: parts.pubsubName, contentType: parts.contentType, data: parts.body, traceparent: parts.traceparent, tracestate: parts.tracestate, ttlMs: parts.ttlMs, deliverAt: parts.deliverAt };
    try {
      if (parts.adopted) return sortedJson(adoptDaprCloudEvent(base));
      if (!overrides) return serializeDaprEnvelope(base);
      // NewCloudEvent: an overridden traceparent supersedes the trace id, itself overridable.
      const traceid = overrides.traceid ?? base.traceparent;
      return serializeDaprEnvelope({
        ...base,
        id: overrides.id ?? base.id,
        source: overrides.source ?? base.source,
        type: overrides.type,
        subject: overrides.subject,
        traceparent: overrides.traceparent ? overrides.traceparent : traceid,
        tracestate: overrides.tracestate ?? base.tracestate,
      });
    } catch (error) {
      if (!(error instanceof DaprEnvelopeError)) throw error;
      throw new PublishError(error.creation ? "cloudevent-creation" : "invalid-event", error.message);
    }
  }

  /** A promise only for a cloudevents+json body, which loads the validator; the common case stays synchronous. */
  private envelope(parts: EnvelopeParts, eventType: string): Buffer | Promise<Buffer> {
    const envelopeInput = { appId: this.deps.appId, pubsubName: parts.pubsubName, topic: parts.topic, data: parts.body, contentType: parts.contentType, traceparent: parts.traceparent, tracestate: parts.tracestate, id: parts.id, ttlMs: parts.ttlMs, deliverAt: parts.deliverAt, eventType };
    try {
      if (!parts.adopted) return serializeEnvelope(envelopeInput);
    } catch (error) {
      throw asPublishError(error);
    }
    return adoptCloudEvent(envelopeInput).then((event) => Buffer.from(JSON.stringify(event)), (error: unknown) => {
      throw asPublishError(error);
    });
  }
}

/** Whether a metadata map holds any key of its own (most bulk entries carry none). */
function hasEntries(metadata: Readonly<Record<string, string>>): boolean {
  for (const key in metadata) if (Object.hasOwn(metadata, key)) return true;
  return false;
}

/** The input with the trace context and the id its envelope carries, as one object of a fixed shape (no spread per publish). */
function stamped(input: PublishInput, id: string | undefined, traceparent: string | undefined, tracestate: string | undefined): PublishInput {
  return { pubsubName: input.pubsubName, topic: input.topic, body: input.body, contentType: input.contentType, metadata: input.metadata, traceparent, tracestate, id };
}

function asPublishError(error: unknown): unknown {
  return error instanceof EnvelopeError ? new PublishError("invalid-event", error.message) : error;
}

/** Dapr's request metadata, read once by the one reader; a value it cannot read is the caller's mistake (400). */
function publishOptionsOf(metadata: Record<string, string>, now: number): PublishOptions {
  try {
    return readPublishOptions(metadata, now);
  } catch (error) {
    throw asMetadataError(error);
  }
}

/**
 * The delivery time the broker is given: only one ahead of `now` (a past time is delivered at once,
 * though its CloudEvent still says when it was asked for). A component that cannot hold a delayed
 * message durably refuses every delivery time, past ones included, so an app sees one answer
 * whatever the clocks say; one ahead of the component's maxDeliveryDelay is refused by its field.
 */
function delayOf(target: { pubsub: PubSub; type: string }, pubsubName: string, delivery: DeliveryTime | undefined, now: number): number | undefined {
  if (delivery === undefined) return undefined;
  const { pubsub, type } = target;
  if (!supportsDelayedDelivery(pubsub)) {
    throw new PublishError("invalid-metadata", `metadata ${delivery.field}: pubsub ${pubsubName} (${type}) cannot hold a delayed message durably, so it accepts none`);
  }
  checkDeliveryDelay(delivery, now, pubsub.maxDeliveryDelayMs());
  return delivery.at > now ? delivery.at : undefined;
}

/** delayOf for the request as a whole: a delivery time it cannot take refuses the request (400). */
function requestDelayOf(target: { pubsub: PubSub; type: string }, pubsubName: string, delivery: DeliveryTime | undefined, now: number): number | undefined {
  try {
    return delayOf(target, pubsubName, delivery, now);
  } catch (error) {
    throw asMetadataError(error);
  }
}

function maxBulkBytesOf(metadata: Record<string, string>): number {
  try {
    return metadataInt(metadata, "maxBulkPubBytes", Number.POSITIVE_INFINITY, 1);
  } catch (error) {
    throw asMetadataError(error);
  }
}

function asMetadataError(error: unknown): unknown {
  return error instanceof RequestMetadataError ? new PublishError("invalid-metadata", error.message) : error;
}

/** Consecutive chunks of at most `maxBytes` of data each; an entry larger than that goes alone. */
function chunks(entries: BulkPublishEntry[], maxBytes: number): BulkPublishEntry[][] {
  if (maxBytes === Number.POSITIVE_INFINITY) return [entries];
  const out: BulkPublishEntry[][] = [];
  let current: BulkPublishEntry[] = [];
  let size = 0;
  for (const entry of entries) {
    if (current.length > 0 && size + entry.data.length > maxBytes) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(entry);
    size += entry.data.length;
  }
  if (current.length > 0) out.push(current);
  return out;
}

async function publishEach(pubsub: PubSub, topic: string, entries: BulkPublishEntry[]): Promise<BulkPublishResult> {
  const failedEntries: BulkPublishResult["failedEntries"] = [];
  await Promise.all(
    entries.map(async (entry) => {
      try {
        await pubsub.publish({ topic, data: entry.data, contentType: entry.contentType, ttlMs: entry.ttlMs, deliverAt: entry.deliverAt, metadata: entry.metadata });
      } catch (error) {
        failedEntries.push({ entryId: entry.entryId, error: (error as Error).message });
      }
    }),
  );
  return { failedEntries };
}
