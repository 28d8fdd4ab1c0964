import type * as grpc from "@grpc/grpc-js";
import type { PublishEventRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/PublishEventRequest.js";
import { NO_METADATA } from "../universal/index.js";
import { LENGTH_DELIMITED, tag } from "../../runtime/appchannel/topic-event-wire.js";
import { Reader } from "./topic-events-wire.js";

/**
 * PublishEvent's request read straight from its bytes, and its answer (google.protobuf.Empty) written as
 * none. proto-loader's path decodes into a protobufjs message, then copies it into a plain object with
 * every default filled in (`toObject`): measured over the wire, that was 0.6 KB and about a microsecond
 * per publish, and the Empty answer another 0.3 KB through protobufjs' encoder for zero bytes.
 *
 * Field numbers are those of the vendored dapr/proto/runtime/v1/dapr.proto; the shape is proto-loader's
 * (keepCase, defaults), so methods.ts reads either. test/unit/publish-wire.test.ts holds it to proto-loader.
 */
const FIELD = {
  pubsubName: tag(1, LENGTH_DELIMITED),
  topic: tag(2, LENGTH_DELIMITED),
  data: tag(3, LENGTH_DELIMITED),
  dataContentType: tag(4, LENGTH_DELIMITED),
  metadata: tag(5, LENGTH_DELIMITED),
};
/** A map entry's key and value. */
const MAP_KEY = tag(1, LENGTH_DELIMITED);
const MAP_VALUE = tag(2, LENGTH_DELIMITED);

const NO_BYTES = Buffer.alloc(0);

/**
 * A PublishEventRequest as proto-loader gives it; undefined for anything this reader does not take (an
 * unknown field, a field of another wire type, a truncated message, a `__proto__` key), which proto-loader
 * then reads, so its verdict and its errors stay the same.
 */
export function decodePublishEventRequest(bytes: Buffer): PublishEventRequest__Output | undefined {
  const reader = new Reader(bytes, 0, bytes.length);
  let pubsubName = "";
  let topic = "";
  let data: Buffer = NO_BYTES;
  let dataContentType = "";
  let metadata: Record<string, string> | undefined;
  while (reader.offset < bytes.length) {
    const fieldTag = reader.varint();
    if ((fieldTag & 7) !== LENGTH_DELIMITED) return undefined;
    const end = reader.delimitedEnd();
    if (end < 0) return undefined;
    const start = reader.offset;
    // Proto3: a field given twice takes its last value; map entries add up, the last of a key winning.
    if (fieldTag === FIELD.pubsubName) pubsubName = bytes.toString("utf8", start, end);
    else if (fieldTag === FIELD.topic) topic = bytes.toString("utf8", start, end);
    // A view of the message, as protobufjs' reader gives bytes.
    else if (fieldTag === FIELD.data) data = bytes.subarray(start, end);
    else if (fieldTag === FIELD.dataContentType) dataContentType = bytes.toString("utf8", start, end);
    else if (fieldTag === FIELD.metadata) {
      if (!mapEntry(reader, end, (metadata ??= Object.create(null) as Record<string, string>))) return undefined;
    } else return undefined;
    reader.offset = end;
  }
  if (reader.failed) return undefined;
  return { pubsub_name: pubsubName, topic, data, data_content_type: dataContentType, metadata: metadata ?? (NO_METADATA as Record<string, string>) };
}

/** One `map<string, string>` entry up to `end` into `into`; false when it holds anything else. */
function mapEntry(reader: Reader, end: number, into: Record<string, string>): boolean {
  const bytes = reader.bytes;
  let key = "";
  let value = "";
  while (reader.offset < end) {
    const fieldTag = reader.varint();
    if (fieldTag !== MAP_KEY && fieldTag !== MAP_VALUE) return false;
    const fieldEnd = reader.delimitedEnd();
    if (fieldEnd < 0 || fieldEnd > end) return false;
    const text = bytes.toString("utf8", reader.offset, fieldEnd);
    if (fieldTag === MAP_KEY) key = text;
    else value = text;
    reader.offset = fieldEnd;
  }
  // protobufjs assigns the key on a plain object, where `__proto__` sets no entry: proto-loader decides it.
  if (reader.failed || reader.offset !== end || key === "__proto__") return false;
  into[key] = value;
  return true;
}

/**
 * PublishEvent's method definition with the request read by decodePublishEventRequest (proto-loader's
 * deserializer when it declines) and the answer written as no bytes, which is what google.protobuf.Empty
 * encodes to whatever value it is given.
 */
export function withPublishEventWire(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const method = service["PublishEvent"];
  if (!method) return service;
  const deserialize = method.requestDeserialize;
  return {
    ...service,
    PublishEvent: {
      ...method,
      requestDeserialize: (bytes: Buffer) => decodePublishEventRequest(bytes) ?? deserialize(bytes),
      responseSerialize: () => NO_BYTES,
    },
  };
}
