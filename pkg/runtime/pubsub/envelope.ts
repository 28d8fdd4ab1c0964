import type { WireDialect } from "../../apis/dialect.js";
import { isUtf8 } from "node:buffer";
import { randomUUID } from "node:crypto";
import { checkJsonText, JsonDepthError, jsonString, MAX_JSON_DEPTH, parseJson } from "../../util/json.js";
import { QUOTED_UUID_LENGTH, writeQuotedRandomUuid } from "../../util/uuid.js";

/** ARCHITECTURE.md "Identity": the `type` the envelope sets. */
export const EVENT_TYPE = "com.runtime.event.sent";
export const BULK_EVENT_TYPE = "com.runtime.event.sent.bulk";

/** The CloudEvent `type` the envelope sets, by the pub/sub's wire dialect (docs/components/README.md "Two dialects on the wire"). */
export const EVENT_TYPES: Record<WireDialect, { single: string; bulk: string }> = {
  spec: { single: EVENT_TYPE, bulk: BULK_EVENT_TYPE },
  dapr: { single: "com.dapr.event.sent", bulk: "com.dapr.event.sent.bulk" },
};
export const CLOUDEVENTS_JSON = "application/cloudevents+json";
/**
 * Levels the envelope adds around published JSON data (`data` inside the event object): what a
 * subscriber parses may nest this much deeper than what the publish route accepted.
 */
export const ENVELOPE_LEVELS = 1;
/** Spec "Publish request": the default when no Content-Type is given. */
export const DEFAULT_CONTENT_TYPE = "text/plain";

export interface EnvelopeInput {
  appId: string;
  pubsubName: string;
  topic: string;
  /**
   * The payload's bytes, or JSON.stringify's output of a value this process parsed within the depth bound (a
   * bulk entry's event, kept as the text it was serialised to): valid, well-formed and bounded already, so a JSON
   * content type splices it unchecked; any other type takes it as its UTF-8 bytes.
   */
  data: Buffer | string;
  contentType?: string;
  traceparent?: string;
  tracestate?: string;
  /** The CloudEvent id; default a fresh uuid (tracing sets it first, for the producer span's message id). */
  id?: string;
  /** Milliseconds until the message expires (metadata.ttlInSeconds, read by components/pubsub/metadata.ts). */
  ttlMs?: number;
  /** Epoch ms of a delayed delivery: the `deliverat` extension attribute (a CloudEvents extension name is lower-case alphanumerics). */
  deliverAt?: number;
  /** The CloudEvent `type` (EVENT_TYPES by the component's dialect); default the spec's. */
  eventType?: string;
}

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvelopeError";
  }
}

/** The media type without parameters, lower-cased (`application/json; charset=utf-8` -> `application/json`). */
export function mediaType(contentType: string | undefined): string {
  if (!contentType) return "";
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

export function isJsonType(contentType: string | undefined): boolean {
  return isJsonMediaType(mediaType(contentType));
}

function isJsonMediaType(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

function isTextMediaType(type: string): boolean {
  return type.startsWith("text/") || type === "application/xml" || type.endsWith("+xml");
}

/**
 * The CloudEvent 1.0 envelope of docs/api.md "Publishing", as bytes: `data` is JSON for a JSON content type (a
 * string when the bytes do not parse, as Dapr does), a string for text, `data_base64` for anything
 * binary. Valid JSON data is spliced in as the publisher sent it rather than parsed and re-serialised:
 * cheaper on every publish, and it keeps what a parse would lose (integers beyond 2^53, key order).
 * The attributes are written as a JSON text directly, each value quoted by JSON.stringify, rather than
 * through an object or `cloudevents`' class: they are ours, so there is nothing to validate, and this
 * runs on every publish.
 */
export function serializeEnvelope(input: EnvelopeInput): Buffer {
  const contentType = input.contentType || DEFAULT_CONTENT_TYPE;
  const type = mediaType(contentType);
  const data = input.data;
  if (isJsonMediaType(type)) {
    // A bulk body of 100 entries re-checked each event: a decode, a parse and a scan per entry for nothing.
    if (typeof data === "string") return splicedEnvelope(input, contentType, data);
    // JSON.parse's verdict without its object graph, in one byte scan that also bounds the depth.
    const verdict = checkJsonText(data);
    // Text that is not JSON (an empty or blank body among it) is carried as a string, trimmed.
    if (verdict === "invalid") return Buffer.from(`${envelopeHead(input, contentType)},"data":${JSON.stringify(data.toString("utf8").trim())}}`);
    if (verdict === "too-deep") throw new EnvelopeError(`the body is ${new JsonDepthError(MAX_JSON_DEPTH).message}`);
    // The publisher's own bytes, unless they are not UTF-8 (then the decoded text, as JSON requires).
    if (!isUtf8(data)) return Buffer.from(`${envelopeHead(input, contentType)},"data":${data.toString("utf8")}}`);
    return splicedEnvelope(input, contentType, data);
  }
  const head = envelopeHead(input, contentType);
  if (isTextMediaType(type)) return Buffer.from(`${head},"data":${JSON.stringify(typeof data === "string" ? data : data.toString("utf8"))}}`);
  return Buffer.from(`${head},"data_base64":"${(typeof data === "string" ? Buffer.from(data) : data).toString("base64")}"}`);
}

/** Text with its UTF-8 length, measured once. */
interface MeasuredText {
  text: string;
  bytes: number;
}

function measured(text: string): MeasuredText {
  return { text, bytes: Buffer.byteLength(text) };
}

/**
 * The attributes that repeat from one publish to the next (most publishes of a sidecar share them all), quoted
 * and joined once for as long as they do: those between the id and the time, and those after the time.
 */
class RecentAttributes {
  private source = "";
  private eventType = "";
  private contentType = "";
  private topic = "";
  private pubsubName = "";
  private beforeTime: MeasuredText | undefined;
  private afterTime: MeasuredText | undefined;

  /** `,"source":…,"type":…,"specversion":"1.0","datacontenttype":…,"time":"` */
  before(source: string, eventType: string, contentType: string): MeasuredText {
    if (this.beforeTime === undefined || source !== this.source || eventType !== this.eventType || contentType !== this.contentType) {
      this.source = source;
      this.eventType = eventType;
      this.contentType = contentType;
      this.beforeTime = measured(`,"source":${jsonString(source)},"type":${jsonString(eventType)},"specversion":"1.0","datacontenttype":${jsonString(contentType)},"time":"`);
    }
    return this.beforeTime;
  }

  /** `","topic":…,"pubsubname":…` */
  after(topic: string, pubsubName: string): MeasuredText {
    if (this.afterTime === undefined || topic !== this.topic || pubsubName !== this.pubsubName) {
      this.topic = topic;
      this.pubsubName = pubsubName;
      this.afterTime = measured(`","topic":${jsonString(topic)},"pubsubname":${jsonString(pubsubName)}`);
    }
    return this.afterTime;
  }
}

const recent = new RecentAttributes();

/** The attributes as the start of a JSON object, without its closing brace. */
function envelopeHead(input: EnvelopeInput, contentType: string): string {
  const nowMs = Date.now();
  const before = recent.before(input.appId, input.eventType ?? EVENT_TYPE, contentType);
  const after = recent.after(input.topic, input.pubsubName);
  return `{"id":${input.id === undefined ? `"${randomUUID()}"` : jsonString(input.id)}${before.text}${isoTime(nowMs)}${after.text}${optionalAttributes(input, nowMs)}`;
}

/** The attributes only some publishes carry (trace context, expiry, delivery time), in the envelope's order. */
function optionalAttributes(input: EnvelopeInput, nowMs: number): string {
  let out = "";
  if (input.traceparent) {
    const trace = jsonString(input.traceparent);
    out += `,"traceparent":${trace},"traceid":${trace}`;
  }
  if (input.tracestate) out += `,"tracestate":${jsonString(input.tracestate)}`;
  if (input.ttlMs !== undefined) out += `,"expiration":"${new Date(nowMs + input.ttlMs).toISOString()}"`;
  if (input.deliverAt !== undefined) out += `,"deliverat":"${new Date(input.deliverAt).toISOString()}"`;
  return out;
}

const ID_OPEN = '{"id":';
const DATA_OPEN = ',"data":';

/**
 * envelopeHead, `"data":` and the JSON data, closed, written piece by piece into one buffer: no string of the
 * head, and an id chosen here written as its characters straight into the bytes (writeQuotedRandomUuid).
 */
function splicedEnvelope(input: EnvelopeInput, contentType: string, data: Buffer | string): Buffer {
  const nowMs = Date.now();
  const before = recent.before(input.appId, input.eventType ?? EVENT_TYPE, contentType);
  const after = recent.after(input.topic, input.pubsubName);
  const time = isoTime(nowMs);
  const optional = optionalAttributes(input, nowMs);
  const id = input.id === undefined ? undefined : jsonString(input.id);
  const idBytes = id === undefined ? QUOTED_UUID_LENGTH : Buffer.byteLength(id);
  const optionalBytes = optional === "" ? 0 : Buffer.byteLength(optional);
  const dataBytes = typeof data === "string" ? Buffer.byteLength(data) : data.length;
  const out = Buffer.allocUnsafe(ID_OPEN.length + idBytes + before.bytes + time.length + after.bytes + optionalBytes + DATA_OPEN.length + dataBytes + 1);
  let at = out.write(ID_OPEN, 0, "latin1");
  if (id === undefined) at = writeQuotedRandomUuid(out, at);
  else at += out.write(id, at);
  at += out.write(before.text, at);
  at += out.write(time, at, "latin1");
  at += out.write(after.text, at);
  if (optionalBytes > 0) at += out.write(optional, at);
  at += out.write(DATA_OPEN, at, "latin1");
  if (typeof data === "string") at += out.write(data, at);
  else at += data.copy(out, at);
  out[at] = CLOSE_BRACE;
  return out;
}

const CLOSE_BRACE = 0x7d;

let cachedSecond = Number.NaN; // matches no second, not even the one before the epoch
let cachedSecondIso = "";

/**
 * The envelope's `time` (what Date#toISOString gives), with the date and time to the second
 * formatted once per second and only the milliseconds per call: toISOString per publish was most
 * of the envelope's time at a steady rate, where no two publishes share a millisecond.
 */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedSecondIso = new Date(second * 1000).toISOString().slice(0, -4); // "YYYY-MM-DDTHH:MM:SS."
  }
  const millis = ms - second * 1000;
  return `${cachedSecondIso}${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
}

function addTraceAndExpiry(event: Record<string, unknown>, input: EnvelopeInput): void {
  if (input.traceparent && event["traceparent"] === undefined) {
    event["traceparent"] = input.traceparent;
    event["traceid"] = input.traceparent;
    if (input.tracestate) event["tracestate"] = input.tracestate;
  }
  if (input.ttlMs !== undefined) {
    event["expiration"] = new Date(Date.now() + input.ttlMs).toISOString();
  }
  if (input.deliverAt !== undefined) event["deliverat"] = new Date(input.deliverAt).toISOString();
}

/**
 * A body published as `application/cloudevents+json` keeps its own attributes, as in Dapr; `topic` and
 * `pubsubname` are set, missing required attributes filled, and the result checked by the
 * `cloudevents` library so a malformed event is a 400 naming the attribute.
 */
export async function adoptCloudEvent(input: EnvelopeInput): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = parseJson(input.data);
  } catch (error) {
    if (error instanceof JsonDepthError) throw new EnvelopeError(`the body is ${error.message}`);
    throw new EnvelopeError(`body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new EnvelopeError("a cloudevents+json body must be a JSON object");
  const event = { ...(parsed as Record<string, unknown>) };
  event["id"] ??= randomUUID();
  event["source"] ??= input.appId;
  event["type"] ??= input.eventType ?? EVENT_TYPE;
  event["specversion"] ??= "1.0";
  event["topic"] = input.topic;
  event["pubsubname"] = input.pubsubName;
  addTraceAndExpiry(event, input);
  await validateCloudEvent(event);
  return event;
}

/** The `cloudevents` library (and its JSON-schema validator) is imported on the first such body: most sidecars never see one. */
async function validateCloudEvent(event: Record<string, unknown>): Promise<void> {
  // cloudevents is CommonJS: its module.exports, the default export, is what Node and the bundle (scripts/bundle.mjs) agree on.
  const { CloudEvent } = (await import("cloudevents")).default;
  try {
    // Only the context attributes: the data is the publisher's and may be of any shape.
    const { data: _data, data_base64: _b64, ...attributes } = event;
    new CloudEvent(attributes as ConstructorParameters<typeof CloudEvent>[0], true);
  } catch (error) {
    const details = (error as { errors?: unknown[] }).errors;
    throw new EnvelopeError(`invalid CloudEvent: ${(error as Error).message}${details ? ` ${JSON.stringify(details)}` : ""}`);
  }
}

/** Epoch ms of the `deliverat` attribute of a delayed message, if any. */
export function deliverAtOf(event: Record<string, unknown>): number | undefined {
  const value = event["deliverat"];
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Epoch ms of the `expiration` attribute, if any (a broker without TTL still never delivers an expired message). */
export function expirationOf(event: Record<string, unknown>): number | undefined {
  const value = event["expiration"];
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
