import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import { QUOTED_UUID_LENGTH, writeQuotedRandomUuid } from "../../util/uuid.js";
import { checkJsonText, JsonDepthError, jsonString, MAX_JSON_DEPTH, parseJson, RecentJsonString } from "../../util/json.js";
import { isPlainAscii, RecentQuotedText } from "../../util/json-bytes.js";

/**
 * The CloudEvent envelope as daprd 1.18 writes it for a `dapr.io` pub/sub (components-contrib
 * `pubsub/envelope.go`, daprd `pkg/runtime/pubsub/cloudevents.go`). Go marshals the envelope from a
 * map, so its attributes come in sorted order, `data` first: the Dapr JS SDK's own e2e suite reads a
 * raw-payload delivery's first value as the data, so the order is part of the wire here.
 */

/** components-contrib's DefaultCloudEventSource: the `source` of an event made around raw bytes, or left empty. */
export const DAPR_DEFAULT_SOURCE = "Dapr";
export const DAPR_EVENT_TYPE = "com.dapr.event.sent";
const OCTET_STREAM = "application/octet-stream";

export interface DaprEnvelopeInput {
  /** `cloudevent.id` or a fresh uuid. */
  id?: string;
  source: string;
  type?: string;
  subject?: string;
  topic: string;
  pubsubName: string;
  contentType: string;
  /** The payload's bytes, or a bulk entry's event as the JSON text it was serialised to (see EnvelopeInput.data). */
  data: Buffer | string;
  /** The W3C context written as both `traceid` and `traceparent`; `""` when there is none, as daprd. */
  traceparent?: string;
  tracestate?: string;
  /** Until the message expires (metadata.ttlInSeconds). */
  ttlMs?: number;
  /** Epoch ms of a delayed delivery: the `deliverat` extension attribute. */
  deliverAt?: number;
}

export class DaprEnvelopeError extends Error {
  /** `creation`: the body cannot become a CloudEvent at all (daprd's CloudEventCreation, a 500). */
  constructor(message: string, readonly creation = false) {
    super(message);
    this.name = "DaprEnvelopeError";
  }
}

/** contenttype.isContentType: the exact media type, in any case, parameters allowed. */
function isContentType(contentType: string, expected: string): boolean {
  const lower = contentType.toLowerCase();
  if (lower === expected) return true;
  const semicolon = lower.indexOf(";");
  return semicolon >= 0 && lower.slice(0, semicolon) === expected;
}

/**
 * NewCloudEventsEnvelope: `data` is parsed JSON only for `application/json` (a string when it does not
 * parse), `data_base64` only for `application/octet-stream` (and CloudEvents protobuf), a string for
 * every other type (`+json` and form-encoded types included). Valid JSON is spliced in as sent rather
 * than re-serialised (daprd re-marshals it: same value, its own spacing and key order).
 */
export function serializeDaprEnvelope(input: DaprEnvelopeInput): Buffer {
  const contentType = input.contentType || "text/plain";
  const data = input.data;
  if (isContentType(contentType, "application/json")) {
    if (typeof data === "string") return splicedDaprEnvelope(input, contentType, data);
    // JSON.parse's verdict without its object graph: only whether the body is JSON matters here.
    const verdict = checkJsonText(data);
    if (verdict === "invalid") return Buffer.from(`{"data":${JSON.stringify(data.toString("utf8"))}${daprAttributes(input, contentType)}`);
    if (verdict === "too-deep") throw new DaprEnvelopeError(`the body is ${new JsonDepthError(MAX_JSON_DEPTH).message}`);
    if (!isUtf8(data)) return Buffer.from(`{"data":${data.toString("utf8")}${daprAttributes(input, contentType)}`);
    return splicedDaprEnvelope(input, contentType, data);
  }
  const tail = daprAttributes(input, contentType);
  if (isContentType(contentType, OCTET_STREAM) || isContentType(contentType, "application/cloudevents+protobuf")) {
    return Buffer.from(`{"data_base64":"${(typeof data === "string" ? Buffer.from(data) : data).toString("base64")}"${tail}`);
  }
  return Buffer.from(`{"data":${JSON.stringify(typeof data === "string" ? data : data.toString("utf8"))}${tail}`);
}

/** The attributes quoted once for as long as they repeat (most publishes of a sidecar share them). */
const recent = { contentType: new RecentJsonString(), pubsubName: new RecentJsonString(), source: new RecentJsonString(), topic: new RecentJsonString(), type: new RecentJsonString() };

/** Everything after `data`, in Go's sorted key order, with the closing brace. */
function daprAttributes(input: DaprEnvelopeInput, contentType: string): string {
  const nowMs = Date.now();
  return `${attributesBeforeId(input, contentType, nowMs)},"id":${jsonString(input.id || randomUUID())}${attributesAfterId(input, nowMs)}`;
}

/** The attributes sorted before `id`. */
function attributesBeforeId(input: DaprEnvelopeInput, contentType: string, nowMs: number): string {
  let out = `,"datacontenttype":${recent.contentType.of(contentType)}`;
  if (input.deliverAt !== undefined) out += `,"deliverat":"${new Date(input.deliverAt).toISOString()}"`;
  if (input.ttlMs !== undefined) out += `,"expiration":"${rfc3339Seconds(nowMs + input.ttlMs)}"`;
  return out;
}

/** The attributes sorted after `id`, with the closing brace. */
function attributesAfterId(input: DaprEnvelopeInput, nowMs: number): string {
  const q = jsonString;
  let out = `,"pubsubname":${recent.pubsubName.of(input.pubsubName)},"source":${recent.source.of(input.source || DAPR_DEFAULT_SOURCE)},"specversion":"1.0"`;
  if (input.subject) out += `,"subject":${q(input.subject)}`;
  const trace = input.traceparent ? q(input.traceparent) : '""';
  out += `,"time":"${rfc3339Seconds(nowMs)}","topic":${recent.topic.of(input.topic)},"traceid":${trace},"traceparent":${trace},"tracestate":${input.tracestate ? q(input.tracestate) : '""'},"type":${recent.type.of(input.type || DAPR_EVENT_TYPE)}}`;
  return out;
}

const DATA_OPEN = '{"data":';
const ID_OPEN = ',"id":';

/**
 * `{"data":`, the JSON data and the attributes, closed, in one buffer. An id chosen here (none given, or an empty
 * one, as daprd) goes in as its characters, without a string (writeQuotedRandomUuid).
 */
function splicedDaprEnvelope(input: DaprEnvelopeInput, contentType: string, data: Buffer | string): Buffer {
  return (typeof data !== "string" && input.subject === undefined ? writtenDaprEnvelope(input, contentType, data) : undefined) ?? textDaprEnvelope(input, contentType, data);
}

/** The attributes of any characters: measured and written as UTF-8. */
function textDaprEnvelope(input: DaprEnvelopeInput, contentType: string, data: Buffer | string): Buffer {
  const nowMs = Date.now();
  const before = attributesBeforeId(input, contentType, nowMs);
  const id = input.id ? jsonString(input.id) : undefined;
  const after = attributesAfterId(input, nowMs);
  const dataBytes = typeof data === "string" ? Buffer.byteLength(data) : data.length;
  const beforeBytes = Buffer.byteLength(before);
  const idBytes = id === undefined ? QUOTED_UUID_LENGTH : Buffer.byteLength(id);
  const out = Buffer.allocUnsafe(DATA_OPEN.length + dataBytes + beforeBytes + ID_OPEN.length + idBytes + Buffer.byteLength(after));
  let at = out.write(DATA_OPEN, 0, "latin1");
  if (typeof data === "string") at += out.write(data, at);
  else at += data.copy(out, at);
  at += out.write(before, at);
  at += out.write(ID_OPEN, at, "latin1");
  if (id === undefined) at = writeQuotedRandomUuid(out, at);
  else at += out.write(id, at);
  out.write(after, at);
  return out;
}

/** The attributes' text that repeats from one publish to the next, in the order they are written. */
const recentText = {
  contentType: new RecentQuotedText(',"datacontenttype":', ""),
  names: new RecentQuotedText(',"pubsubname":', ',"source":'),
  source: new RecentQuotedText("", ',"specversion":"1.0","time":"'),
  topic: new RecentQuotedText('","topic":', ',"traceid":'),
  type: new RecentQuotedText(',"type":', "}"),
};

/**
 * textDaprEnvelope's bytes when every attribute is printable ASCII without escapes (the common case: then each
 * character is one byte): the attributes as one string, written once with its length known, where the general
 * path measures and writes three. Undefined otherwise. No subject (only `cloudevent.subject` sets one).
 */
function writtenDaprEnvelope(input: DaprEnvelopeInput, contentType: string, data: Buffer): Buffer | undefined {
  const { id, traceparent, tracestate } = input;
  const contentTypeText = recentText.contentType.of(contentType);
  const pubsubName = recentText.names.of(input.pubsubName);
  const source = recentText.source.of(input.source || DAPR_DEFAULT_SOURCE);
  const topic = recentText.topic.of(input.topic);
  const type = recentText.type.of(input.type || DAPR_EVENT_TYPE);
  if (!(contentTypeText.plain && pubsubName.plain && source.plain && topic.plain && type.plain)) return undefined;
  if ((id && !isPlainAscii(id)) || (traceparent && !isPlainAscii(traceparent)) || (tracestate && !isPlainAscii(tracestate))) return undefined;
  const nowMs = Date.now();
  // Times are ours, ASCII.
  let before = contentTypeText.text;
  if (input.deliverAt !== undefined) before += `,"deliverat":"${new Date(input.deliverAt).toISOString()}"`;
  if (input.ttlMs !== undefined) before += `,"expiration":"${rfc3339Seconds(nowMs + input.ttlMs)}"`;
  const trace = traceparent ? `"${traceparent}"` : '""';
  const after = `${pubsubName.text}${source.text}${rfc3339Seconds(nowMs)}${topic.text}${trace},"traceparent":${trace},"tracestate":${tracestate ? `"${tracestate}"` : '""'}${type.text}`;
  const idBytes = id ? id.length + 2 : QUOTED_UUID_LENGTH;
  const out = Buffer.allocUnsafe(DATA_OPEN.length + data.length + before.length + ID_OPEN.length + idBytes + after.length);
  let at = out.write(DATA_OPEN, 0, "latin1");
  at += data.copy(out, at);
  if (id) at += out.write(`${before}${ID_OPEN}"${id}"${after}`, at, "latin1");
  else {
    at += out.write(`${before}${ID_OPEN}`, at, "latin1");
    at = writeQuotedRandomUuid(out, at);
    out.write(after, at, "latin1");
  }
  return out;
}

let cachedSecond = Number.NaN;
let cachedText = "";

/** Go's time.RFC3339 in UTC: to the second (daprd's `time` and `expiration`), formatted once per second. */
export function rfc3339Seconds(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedText = `${new Date(second * 1000).toISOString().slice(0, 19)}Z`;
  }
  return cachedText;
}

/** An object serialised with its top-level keys sorted, as Go's json.Marshal writes a map. */
export function sortedJson(event: Record<string, unknown>): Buffer {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(event).sort()) sorted[key] = event[key];
  return Buffer.from(JSON.stringify(sorted));
}

/**
 * FromCloudEvent: a body published as `application/cloudevents+json` keeps its attributes; `time`,
 * `traceid`/`traceparent` and `tracestate` are added when absent (empty strings when there is no
 * trace), `topic` and `pubsubname` set, `source`, `type` and `specversion` defaulted; no `id` is added
 * and nothing is validated. A body that is not a JSON object cannot become a CloudEvent.
 */
export function adoptDaprCloudEvent(input: DaprEnvelopeInput): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parseJson(input.data);
  } catch (error) {
    if (error instanceof JsonDepthError) throw new DaprEnvelopeError(`the body is ${error.message}`);
    throw new DaprEnvelopeError(`cannot create cloudevent: ${(error as Error).message}`, true);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new DaprEnvelopeError("cannot create cloudevent: the body is not a JSON object", true);
  const event = parsed as Record<string, unknown>;
  if (!Object.hasOwn(event, "time")) event["time"] = rfc3339Seconds(Date.now());
  if (input.deliverAt !== undefined) event["deliverat"] = new Date(input.deliverAt).toISOString();
  if (!Object.hasOwn(event, "traceid")) {
    event["traceid"] = input.traceparent ?? "";
    event["traceparent"] = input.traceparent ?? "";
  }
  if (!Object.hasOwn(event, "tracestate")) event["tracestate"] = input.tracestate ?? "";
  event["topic"] = input.topic;
  event["pubsubname"] = input.pubsubName;
  event["source"] ??= DAPR_DEFAULT_SOURCE;
  event["type"] ??= DAPR_EVENT_TYPE;
  event["specversion"] ??= "1.0";
  if (input.ttlMs !== undefined) event["expiration"] = rfc3339Seconds(Date.now() + input.ttlMs);
  return event;
}

/**
 * FromRawPayload, as daprd's subscription builds it around a message for a rawPayload subscription:
 * the broker's bytes exactly (for a message published with an envelope, the whole envelope) as
 * `data_base64`, a fresh id, the trace context the message's metadata carries, if any.
 */
export function fromRawPayload(data: Buffer, topic: string, pubsubName: string, metadata: Record<string, string> | undefined): Record<string, unknown> {
  const event: Record<string, unknown> = {
    data_base64: data.toString("base64"),
    datacontenttype: OCTET_STREAM,
    id: randomUUID(),
    pubsubname: pubsubName,
    source: DAPR_DEFAULT_SOURCE,
    specversion: "1.0",
    topic,
  };
  const traceid = metadata?.["traceid"];
  const traceparent = metadata?.["traceparent"];
  const tracestate = metadata?.["tracestate"];
  if (traceid !== undefined) event["traceid"] = traceid;
  if (traceparent !== undefined) {
    event["traceid"] = traceparent;
    event["traceparent"] = traceparent;
  }
  if (tracestate !== undefined) event["tracestate"] = tracestate;
  event["type"] = DAPR_EVENT_TYPE;
  return event;
}

const OVERRIDES = ["id", "source", "type", "subject", "traceid", "traceparent", "tracestate"] as const;
export type CloudEventOverrides = Partial<Record<(typeof OVERRIDES)[number], string>>;

/**
 * daprd's `cloudevent.*` request metadata (mapstructure's weak decode: any letter case): id, source,
 * type, subject and the trace attributes; `topic`, `pubsub`, `datacontenttype` and `data` are not
 * overridable. Undefined when there are none: the common publish pays one scan of its metadata keys.
 */
export function cloudEventOverrides(metadata: Record<string, string>): CloudEventOverrides | undefined {
  let overrides: CloudEventOverrides | undefined;
  for (const key in metadata) {
    if (key.length < 12 || key.slice(0, 11).toLowerCase() !== "cloudevent.") continue;
    const name = key.slice(11).toLowerCase();
    for (const field of OVERRIDES) {
      if (field === name) (overrides ??= {})[field] = metadata[key]!;
    }
  }
  return overrides;
}
