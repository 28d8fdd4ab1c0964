import type * as grpc from "@grpc/grpc-js";
import { TRACEPARENT } from "../../diagnostics/tracing.js";
import { grpcJs } from "../../proto/grpc-js.js";
import type { TopicEventCERequest } from "../../proto/gen/dapr/proto/runtime/v1/TopicEventCERequest.js";
import type { TopicEventRequest } from "../../proto/gen/dapr/proto/runtime/v1/TopicEventRequest.js";
import type { TopicSubscription__Output } from "../../proto/gen/dapr/proto/runtime/v1/TopicSubscription.js";
import type { Struct } from "../../proto/gen/google/protobuf/Struct.js";
import type { Value } from "../../proto/gen/google/protobuf/Value.js";
import type { TopicEvent } from "./types.js";

/** CloudEvent attributes with a field of their own in TopicEventRequest; every other one is an extension (daprd's cloudEventDuplicateKeys). */
const OWN_FIELDS = new Set(["id", "source", "datacontenttype", "type", "specversion", "data", "data_base64"]);

/** The raw bytes of a rawPayload subscription reach a gRPC app as daprd's FromRawPayload wraps them. */
const RAW_CONTENT_TYPE = "application/octet-stream";

export class EnvelopeError extends Error {}

function text(event: Record<string, unknown>, name: string): string {
  const value = event[name];
  return typeof value === "string" ? value : "";
}

function isJsonType(type: string): boolean {
  const base = type.split(";")[0]!.trim().toLowerCase();
  return base === "application/json" || base.endsWith("+json");
}

function isStringType(type: string): boolean {
  const base = type.split(";")[0]!.trim().toLowerCase();
  return base.startsWith("text/") || base === "application/xml";
}

/**
 * The CloudEvent's data as the bytes daprd puts in `data`: `data_base64` decoded; `data` as its text for
 * a text content type, as JSON for a JSON (or cloudevents) one. A CloudEvent without `datacontenttype`
 * is JSON by the CloudEvents JSON format, so its data is encoded as JSON too.
 */
export function dataBytes(event: Record<string, unknown>): Buffer {
  const base64 = event["data_base64"];
  if (base64 !== undefined && base64 !== null) {
    if (typeof base64 !== "string") throw new EnvelopeError("data_base64 is not a string");
    return Buffer.from(base64, "base64");
  }
  const data = event["data"];
  if (data === undefined || data === null) return Buffer.alloc(0);
  const type = text(event, "datacontenttype");
  if (isStringType(type)) {
    if (typeof data !== "string") throw new EnvelopeError(`data of content type ${type} is not a string`);
    return Buffer.from(data);
  }
  if (type === "" || isJsonType(type) || type.toLowerCase().startsWith("application/cloudevents")) return Buffer.from(JSON.stringify(data));
  return Buffer.alloc(0);
}

/** A JSON value as google.protobuf.Value, as grpc-js (proto-loader, oneofs) writes it. */
export function toValue(value: unknown): Value {
  if (value === null || value === undefined) return { nullValue: "NULL_VALUE" };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  if (typeof value === "object") return { structValue: toStruct(value as Record<string, unknown>) };
  return { stringValue: String(value) };
}

export function toStruct(object: Record<string, unknown>): Struct {
  const fields: Record<string, Value> = {};
  for (const [key, value] of Object.entries(object)) fields[key] = toValue(value);
  return { fields };
}

function extensionsOf(event: Record<string, unknown>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) if (!OWN_FIELDS.has(key)) rest[key] = value;
  return rest;
}

function extensions(event: Record<string, unknown>): Struct {
  return toStruct(extensionsOf(event));
}

/** TopicEventRequest's fields with the extensions as the JSON they are (topic-event-wire.ts writes them as a Struct). */
export type TopicEventFields = Omit<TopicEventRequest, "extensions"> & { extensions: Record<string, unknown> };

/** daprd's GRPCEnvelopeFromSubscriptionMessage: the CloudEvent's attributes as fields, its data decoded, the rest as extensions. */
export function topicEventFields(event: TopicEvent, path: string): TopicEventFields {
  const cloudEvent = event.event;
  if (event.rawPayload) {
    return { id: text(cloudEvent, "id"), source: text(cloudEvent, "source"), type: text(cloudEvent, "type"), spec_version: text(cloudEvent, "specversion") || "1.0", data_content_type: RAW_CONTENT_TYPE, data: event.body, topic: event.topic, pubsub_name: event.pubsubName, path, extensions: extensionsOf(cloudEvent) };
  }
  return {
    id: text(cloudEvent, "id"),
    source: text(cloudEvent, "source"),
    type: text(cloudEvent, "type"),
    spec_version: text(cloudEvent, "specversion"),
    data_content_type: text(cloudEvent, "datacontenttype"),
    data: dataBytes(cloudEvent),
    topic: event.topic,
    pubsub_name: event.pubsubName,
    path,
    extensions: extensionsOf(cloudEvent),
  };
}

/** A bulk entry's CloudEvent (daprd's extractCloudEvent). */
export function bulkCloudEvent(cloudEvent: Record<string, unknown>): TopicEventCERequest {
  return { id: text(cloudEvent, "id"), source: text(cloudEvent, "source"), type: text(cloudEvent, "type"), spec_version: text(cloudEvent, "specversion"), data_content_type: text(cloudEvent, "datacontenttype"), data: dataBytes(cloudEvent), extensions: extensions(cloudEvent) };
}

const METADATA_KEY = /^[0-9a-z_.-]{1,128}$/;
const METADATA_VALUE = /^[\x20-\x7e]{0,4096}$/;
/** Keys the sidecar owns on the call: the app token, framing, the deadline. */
const RESERVED = new Set(["content-type", "content-length", "dapr-api-token", "runtime-api-token", "grpc-timeout", "te", "user-agent", "authorization"]);

/**
 * gRPC metadata of a callback (daprd's WithCustomGRPCMetadata and AddAppTokenToContext): the message's
 * metadata lowercased, minus what cannot be a header value, the app token as `dapr-api-token`.
 */
export function callMetadata(entries: Record<string, string>, token: string | undefined, trace?: { traceparent?: string; tracestate?: string }): grpc.Metadata {
  const metadata = new (grpcJs().Metadata)();
  for (const [rawKey, value] of Object.entries(entries)) {
    const key = rawKey.toLowerCase();
    if (!METADATA_KEY.test(key) || key.endsWith("-bin") || RESERVED.has(key) || !METADATA_VALUE.test(value)) continue;
    metadata.add(key, value);
  }
  if (trace?.traceparent && TRACEPARENT.test(trace.traceparent)) {
    metadata.set("traceparent", trace.traceparent);
    if (trace.tracestate && METADATA_VALUE.test(trace.tracestate) && trace.tracestate.length <= 512) metadata.set("tracestate", trace.tracestate);
  }
  if (token) metadata.set("dapr-api-token", token);
  return metadata;
}

/**
 * A TopicSubscription as Dapr's declaration (the HTTP discovery's shape), so one parser reads both.
 * A subscription without routes gets daprd's implicit default route, the empty path.
 */
export function declarationOf(subscription: TopicSubscription__Output, emptyRoute: string): Record<string, unknown> {
  const routes = subscription.routes;
  const rules = (routes?.rules ?? []).map((rule) => ({ match: rule.match, path: rule.path || emptyRoute }));
  const fallback = routes?.default || (rules.length === 0 ? emptyRoute : undefined);
  const bulk = subscription.bulk_subscribe;
  return {
    pubsubname: subscription.pubsub_name,
    topic: subscription.topic,
    metadata: subscription.metadata ?? {},
    routes: { rules, ...(fallback ? { default: fallback } : {}) },
    deadLetterTopic: subscription.dead_letter_topic || undefined,
    bulkSubscribe: bulk?.enabled
      ? { enabled: true, maxMessagesCount: bulk.max_messages_count > 0 ? bulk.max_messages_count : undefined, maxAwaitDurationMs: bulk.max_await_duration_ms > 0 ? bulk.max_await_duration_ms : undefined }
      : undefined,
  };
}
