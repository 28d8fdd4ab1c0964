import type { PubSubMessage } from "../../components/pubsub/types.js";
import { JsonDepthError, jsonTooDeep, MAX_JSON_DEPTH } from "../../util/json.js";
import { JsonMembers, type JsonMembersFound } from "../../util/json-members.js";
import type { WireDialect } from "../../apis/dialect.js";
import { CLOUDEVENTS_JSON, deliverAtOf, ENVELOPE_LEVELS, EVENT_TYPE, expirationOf, serializeEnvelope } from "./envelope.js";
import { fromRawPayload } from "./envelope-dapr.js";

/**
 * The `source` of the CloudEvent made around a raw message, whose publisher is unknown: Dapr puts its
 * product name there ("Dapr"); ours is the neutral `runtime` of ARCHITECTURE.md "Identity".
 */
export const RAW_PAYLOAD_SOURCE = "runtime";
const RAW_PAYLOAD_CONTENT_TYPE = "application/octet-stream";
/** Room for the envelope: data the publish route accepted is never too deep once wrapped. */
const MAX_EVENT_DEPTH = MAX_JSON_DEPTH + ENVELOPE_LEVELS;

/** The attributes a delivery may read without the whole event: its id (log lines, spans), trace context, expiry and delay. */
const DELIVERY_ATTRIBUTES = new JsonMembers(["id", "specversion", "traceparent", "traceid", "tracestate", "expiration", "deliverat"]);

interface InboundParts {
  body: Buffer;
  contentType: string;
  traceparent?: string;
  tracestate?: string;
  bulkContentType?: string;
  opaque: boolean;
  expiresAt?: number;
  deliverAt?: number;
}

/**
 * A broker message made ready for the app. The CloudEvent itself is parsed only when something reads
 * it (routing rules, a gRPC app or a stream, a bulk entry, a failure's log line): an HTTP delivery
 * needs only the attributes read while its JSON was checked, and sends the broker's bytes as they are.
 */
export class InboundMessage {
  /** What is POSTed for a single delivery. */
  readonly body: Buffer;
  readonly contentType: string;
  /** Replaced by the consumer span's context when tracing is on. */
  traceparent?: string;
  tracestate?: string;
  /** The bulk entry's `contentType`, where it differs from a single delivery's. */
  readonly bulkContentType?: string;
  /** `body` is the broker's bytes, not a CloudEvent (the spec's raw payload delivery). */
  readonly opaque: boolean;
  /** Epoch ms of the `expiration` attribute. */
  readonly expiresAt?: number;
  /** Epoch ms of the `deliverat` attribute (a delayed message). */
  readonly deliverAt?: number;
  private parsed?: Record<string, unknown>;

  constructor(
    parts: InboundParts,
    /** The event already built, or the JSON text of a valid object within MAX_EVENT_DEPTH, parsed on first read. */
    private readonly source: Record<string, unknown> | Buffer,
    /** The attributes found in that text. */
    private readonly attributes?: JsonMembersFound,
    /** For a raw bulk entry: the bytes, sent as base64. */
    private readonly rawBulk?: Buffer,
  ) {
    this.body = parts.body;
    this.contentType = parts.contentType;
    this.traceparent = parts.traceparent;
    this.tracestate = parts.tracestate;
    this.bulkContentType = parts.bulkContentType;
    this.opaque = parts.opaque;
    this.expiresAt = parts.expiresAt;
    this.deliverAt = parts.deliverAt;
  }

  /** The CloudEvent the routing rules see (a raw message is wrapped for them, as Dapr does). */
  get event(): Record<string, unknown> {
    if (!Buffer.isBuffer(this.source)) return this.source;
    return (this.parsed ??= JSON.parse(this.source.toString("utf8")) as Record<string, unknown>);
  }

  /** The event's `id` as log lines and spans print it. */
  get id(): string {
    return this.attributes?.string("id") ?? String(this.event["id"]);
  }

  /** For a bulk entry: the CloudEvent object, or the raw bytes as base64 (the bulk body of docs/api.md). */
  get bulkEvent(): unknown {
    return this.rawBulk ? this.rawBulk.toString("base64") : this.event;
  }
}

/** A message a normal `dapr.io` subscription cannot take: daprd neither delivers nor acknowledges it. */
export class NotCloudEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotCloudEventError";
  }
}

/**
 * What the runtime published is a serialised CloudEvent, or raw bytes (rawPayload). A CloudEvent
 * subscription gets a CloudEvent either way: raw bytes are wrapped as Dapr does (FromRawPayload),
 * always as `data_base64` with `datacontenttype` application/octet-stream, whatever content type they
 * were published with, so an app written for Dapr reads them the same way. A rawPayload subscription
 * gets the bytes as they are on the broker, with their content type. A JSON payload nested deeper
 * than MAX_JSON_DEPTH throws JsonDepthError for a CloudEvent subscription: the runner dead-letters it
 * rather than deliver it; a rawPayload subscription gets it as opaque bytes.
 */
export function toInbound(message: PubSubMessage, pubsubName: string, rawPayload: boolean, eventType = EVENT_TYPE, dialect: WireDialect = "spec"): InboundMessage {
  if (dialect === "dapr") return toDaprInbound(message, pubsubName, rawPayload);
  const found = cloudEventAttributes(message.data, rawPayload);
  if (found) {
    const times = timesOf(found);
    const traceparent = found.string("traceparent");
    const tracestate = found.string("tracestate");
    if (rawPayload) return new InboundMessage({ body: message.data, contentType: message.contentType || CLOUDEVENTS_JSON, traceparent, tracestate, opaque: true, ...times }, message.data, found, message.data);
    return new InboundMessage({ body: message.data, contentType: CLOUDEVENTS_JSON, traceparent, tracestate, opaque: false, ...times }, message.data, found);
  }
  // A raw message is wrapped by the publish path's own envelope, then read back for the routing rules.
  const wrapped = serializeEnvelope({ appId: RAW_PAYLOAD_SOURCE, pubsubName, topic: message.topic, data: message.data, contentType: RAW_PAYLOAD_CONTENT_TYPE, eventType });
  const event = JSON.parse(wrapped.toString("utf8")) as Record<string, unknown>;
  const traceparent = typeof event["traceparent"] === "string" ? event["traceparent"] : undefined;
  const tracestate = typeof event["tracestate"] === "string" ? event["tracestate"] : undefined;
  const times = { expiresAt: expirationOf(event), deliverAt: deliverAtOf(event) };
  if (rawPayload) return new InboundMessage({ body: message.data, contentType: message.contentType || RAW_PAYLOAD_CONTENT_TYPE, traceparent, tracestate, opaque: true, ...times }, event, undefined, message.data);
  return new InboundMessage({ body: wrapped, contentType: CLOUDEVENTS_JSON, traceparent, tracestate, opaque: false, ...times }, event);
}

/**
 * daprd's subscription (`pkg/runtime/subscription`): a rawPayload subscription gets FromRawPayload's
 * CloudEvent around the broker's bytes, whatever they hold (a bulk entry: the bytes as base64,
 * `application/octet-stream`); any other subscription gets a JSON object unchanged, CloudEvent or not,
 * and nothing else (NotCloudEventError).
 */
function toDaprInbound(message: PubSubMessage, pubsubName: string, rawPayload: boolean): InboundMessage {
  if (rawPayload) {
    const event = fromRawPayload(message.data, message.topic, pubsubName, message.metadata);
    return new InboundMessage({ body: Buffer.from(JSON.stringify(event)), contentType: CLOUDEVENTS_JSON, ...traceOf(event), bulkContentType: RAW_PAYLOAD_CONTENT_TYPE, opaque: false, deliverAt: deliverAtOf(event) }, event, undefined, message.data);
  }
  const found = jsonObjectAttributes(message.data);
  if (!found) throw new NotCloudEventError("the message is not a JSON object, so not a CloudEvent");
  // daprd reads traceid where traceparent is empty.
  const traceparent = found.nonEmpty("traceparent") ? found.string("traceparent") : found.nonEmpty("traceid") ? found.string("traceid") : undefined;
  const tracestate = found.nonEmpty("tracestate") ? found.string("tracestate") : undefined;
  return new InboundMessage({ body: message.data, contentType: CLOUDEVENTS_JSON, traceparent, tracestate, opaque: false, ...timesOf(found) }, message.data, found);
}

function traceOf(event: Record<string, unknown>): { traceparent?: string; tracestate?: string } {
  const traceparent = typeof event["traceparent"] === "string" && event["traceparent"] !== "" ? event["traceparent"] : typeof event["traceid"] === "string" && event["traceid"] !== "" ? event["traceid"] : undefined;
  const tracestate = typeof event["tracestate"] === "string" && event["tracestate"] !== "" ? event["tracestate"] : undefined;
  return { traceparent, tracestate };
}

/** `expiration` and `deliverat`, read as envelope.ts reads them from an event. */
function timesOf(found: JsonMembersFound): { expiresAt?: number; deliverAt?: number } {
  const expiration = found.string("expiration");
  const deliverat = found.string("deliverat");
  return { expiresAt: expiration === undefined ? undefined : expirationOf({ expiration }), deliverAt: deliverat === undefined ? undefined : deliverAtOf({ deliverat }) };
}

function startsAsObject(data: Buffer): boolean {
  let i = 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x0a || data[i] === 0x0d || data[i] === 0x09)) i++;
  return data[i] === 0x7b;
}

/**
 * The delivery attributes of a JSON object, or undefined for anything else; JsonDepthError when it nests
 * deeper than MAX_EVENT_DEPTH (checked before its syntax, as parseJson does).
 */
function jsonObjectAttributes(data: Buffer): JsonMembersFound | undefined {
  if (!startsAsObject(data)) return undefined;
  const found = DELIVERY_ATTRIBUTES.scan(data, MAX_EVENT_DEPTH);
  if (typeof found !== "string") return found;
  if (found === "too-deep" || jsonTooDeep(data, MAX_EVENT_DEPTH)) throw new JsonDepthError(MAX_EVENT_DEPTH);
  return undefined;
}

/**
 * The delivery attributes of a CloudEvent (a JSON object with a string `specversion`), or undefined for
 * a raw payload. `opaque`: the app takes the bytes as they are, so JSON nested too deep is just a raw
 * payload to route by its wrapper.
 */
function cloudEventAttributes(data: Buffer, opaque: boolean): JsonMembersFound | undefined {
  // Cheap test first: most raw payloads are not JSON objects at all.
  if (!startsAsObject(data)) return undefined;
  const found = DELIVERY_ATTRIBUTES.scan(data, MAX_EVENT_DEPTH);
  if (typeof found !== "string") return found.has("specversion") ? found : undefined;
  if (!opaque && (found === "too-deep" || jsonTooDeep(data, MAX_EVENT_DEPTH))) throw new JsonDepthError(MAX_EVENT_DEPTH);
  return undefined;
}
