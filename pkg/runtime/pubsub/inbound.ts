import type { PubSubMessage } from "../../components/pubsub/types.js";
import { JsonDepthError, MAX_JSON_DEPTH, parseJson } from "../../util/json.js";
import type { WireDialect } from "../../apis/dialect.js";
import { CLOUDEVENTS_JSON, ENVELOPE_LEVELS, EVENT_TYPE, expirationOf, serializeEnvelope } from "./envelope.js";
import { fromRawPayload } from "./envelope-dapr.js";

/**
 * The `source` of the CloudEvent made around a raw message, whose publisher is unknown: Dapr puts its
 * product name there ("Dapr"); ours is the neutral `runtime` of ARCHITECTURE.md "Identity".
 */
export const RAW_PAYLOAD_SOURCE = "runtime";
const RAW_PAYLOAD_CONTENT_TYPE = "application/octet-stream";

/** A broker message made ready for the app. */
export interface InboundMessage {
  /** The CloudEvent the routing rules see (a raw message is wrapped for them, as Dapr does). */
  event: Record<string, unknown>;
  /** What is POSTed for a single delivery. */
  body: Buffer;
  contentType: string;
  traceparent?: string;
  tracestate?: string;
  /** For a bulk entry: the CloudEvent object, or the raw bytes as base64 (the bulk body of docs/api.md). */
  bulkEvent: unknown;
  /** The bulk entry's `contentType`, where it differs from a single delivery's. */
  bulkContentType?: string;
  /** `body` is the broker's bytes, not a CloudEvent (the spec's raw payload delivery). */
  opaque: boolean;
  expiresAt?: number;
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
  const parsed = parseCloudEvent(message.data, rawPayload);
  // A raw message is wrapped by the publish path's own envelope, then read back for the routing rules.
  const wrapped = parsed ? undefined : serializeEnvelope({ appId: RAW_PAYLOAD_SOURCE, pubsubName, topic: message.topic, data: message.data, contentType: RAW_PAYLOAD_CONTENT_TYPE, eventType });
  const event = parsed ?? (JSON.parse(wrapped!.toString("utf8")) as Record<string, unknown>);
  const traceparent = typeof event["traceparent"] === "string" ? event["traceparent"] : undefined;
  const tracestate = typeof event["tracestate"] === "string" ? event["tracestate"] : undefined;
  const expiresAt = expirationOf(event);
  if (rawPayload) {
    return { event, body: message.data, contentType: message.contentType || (parsed ? CLOUDEVENTS_JSON : RAW_PAYLOAD_CONTENT_TYPE), traceparent, tracestate, bulkEvent: message.data.toString("base64"), opaque: true, expiresAt };
  }
  const body = wrapped ?? message.data;
  return { event, body, contentType: CLOUDEVENTS_JSON, traceparent, tracestate, bulkEvent: event, opaque: false, expiresAt };
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
    return { event, body: Buffer.from(JSON.stringify(event)), contentType: CLOUDEVENTS_JSON, ...traceOf(event), bulkEvent: message.data.toString("base64"), bulkContentType: RAW_PAYLOAD_CONTENT_TYPE, opaque: false };
  }
  const event = jsonObject(message.data);
  if (!event) throw new NotCloudEventError("the message is not a JSON object, so not a CloudEvent");
  return { event, body: message.data, contentType: CLOUDEVENTS_JSON, ...traceOf(event), bulkEvent: event, opaque: false, expiresAt: expirationOf(event) };
}

function traceOf(event: Record<string, unknown>): { traceparent?: string; tracestate?: string } {
  const traceparent = typeof event["traceparent"] === "string" && event["traceparent"] !== "" ? event["traceparent"] : typeof event["traceid"] === "string" && event["traceid"] !== "" ? event["traceid"] : undefined;
  const tracestate = typeof event["tracestate"] === "string" && event["tracestate"] !== "" ? event["tracestate"] : undefined;
  return { traceparent, tracestate };
}

function jsonObject(data: Buffer): Record<string, unknown> | undefined {
  let i = 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x0a || data[i] === 0x0d || data[i] === 0x09)) i++;
  if (data[i] !== 0x7b) return undefined;
  try {
    const value = parseJson(data, MAX_JSON_DEPTH + ENVELOPE_LEVELS);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch (error) {
    if (error instanceof JsonDepthError) throw error;
    return undefined;
  }
}

/** `opaque`: the app takes the bytes as they are, so JSON nested too deep is just a raw payload to route by its wrapper. */
function parseCloudEvent(data: Buffer, opaque: boolean): Record<string, unknown> | undefined {
  // Cheap test first: most raw payloads are not JSON objects at all.
  let i = 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x0a || data[i] === 0x0d || data[i] === 0x09)) i++;
  if (data[i] !== 0x7b) return undefined;
  try {
    // Room for the envelope: data the publish route accepted is never too deep once wrapped.
    const value = parseJson(data, MAX_JSON_DEPTH + ENVELOPE_LEVELS);
    if (typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { specversion?: unknown }).specversion === "string") {
      return value as Record<string, unknown>;
    }
  } catch (error) {
    if (error instanceof JsonDepthError && !opaque) throw error;
    // not JSON: a raw payload
  }
  return undefined;
}
