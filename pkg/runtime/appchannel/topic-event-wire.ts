import type { TopicEventFields } from "./grpc-envelope.js";

/**
 * TopicEventRequest in protobuf's wire format, written here instead of through proto-loader: it is the
 * message of every delivery to a gRPC app (AppCallback.OnTopicEvent) and of every event on a streaming
 * subscription (SubscribeTopicEventsAlpha1's `event_message`). Profiling both under load put proto-loader's
 * object conversion and protobufjs' encoder (the CloudEvent's extensions a google.protobuf.Struct of Values)
 * among the largest costs per delivered message: on the app channel some 7 KB of the 82 KB allocated per
 * message (bench/profile-delivery.mjs' method, in-memory at 1,000 msg/s).
 *
 * Field numbers are those of the vendored dapr/proto/runtime/v1 appcallback.proto and
 * google/protobuf/struct.proto; test/unit/topic-events-wire.test.ts decodes what this writes with
 * proto-loader, and the Python client of the stream tests with Google's protobuf.
 */

/** Wire types. */
export const VARINT = 0;
const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;

export const tag = (field: number, wireType: number): number => (field << 3) | wireType;

/** TopicEventRequest's fields, by number. */
const EVENT = {
  id: tag(1, LENGTH_DELIMITED),
  source: tag(2, LENGTH_DELIMITED),
  type: tag(3, LENGTH_DELIMITED),
  specVersion: tag(4, LENGTH_DELIMITED),
  dataContentType: tag(5, LENGTH_DELIMITED),
  topic: tag(6, LENGTH_DELIMITED),
  data: tag(7, LENGTH_DELIMITED),
  pubsubName: tag(8, LENGTH_DELIMITED),
  path: tag(9, LENGTH_DELIMITED),
  extensions: tag(10, LENGTH_DELIMITED),
};
/** google.protobuf.Struct.fields (a map: entries of key 1, value 2), ListValue.values, and Value's oneof. */
const STRUCT_FIELDS = tag(1, LENGTH_DELIMITED);
const MAP_KEY = tag(1, LENGTH_DELIMITED);
const MAP_VALUE = tag(2, LENGTH_DELIMITED);
const LIST_VALUES = tag(1, LENGTH_DELIMITED);
const VALUE = {
  nullValue: tag(1, VARINT),
  numberValue: tag(2, FIXED64),
  stringValue: tag(3, LENGTH_DELIMITED),
  boolValue: tag(4, VARINT),
  structValue: tag(5, LENGTH_DELIMITED),
  listValue: tag(6, LENGTH_DELIMITED),
};

function varintSize(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  if (value < 0x10000000) return 4;
  return 5;
}

/** A length-delimited field's whole size: its tag (every tag here is one byte), its length, its body. */
const delimitedSize = (bodySize: number): number => 1 + varintSize(bodySize) + bodySize;

/** The body size of a google.protobuf.Value holding `value`, as grpc-envelope.ts' toValue maps JSON onto it. */
function valueSize(value: unknown): number {
  if (value === null || value === undefined) return 2;
  switch (typeof value) {
    case "number":
      return 9;
    case "boolean":
      return 2;
    case "string":
      return delimitedSize(Buffer.byteLength(value));
    case "object":
      return delimitedSize(Array.isArray(value) ? listSize(value) : structSize(value as Record<string, unknown>));
    default:
      return delimitedSize(Buffer.byteLength(String(value)));
  }
}

function structSize(object: Record<string, unknown>): number {
  let size = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    size += delimitedSize(delimitedSize(Buffer.byteLength(key)) + delimitedSize(valueSize(object[key])));
  }
  return size;
}

function listSize(values: unknown[]): number {
  let size = 0;
  for (const value of values) size += delimitedSize(valueSize(value));
  return size;
}

/** Writes into one buffer sized beforehand. */
class Writer {
  private offset = 0;
  constructor(readonly buffer: Buffer) {}

  byte(value: number): void {
    this.buffer[this.offset++] = value;
  }

  varint(value: number): void {
    while (value >= 0x80) {
      this.buffer[this.offset++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buffer[this.offset++] = value;
  }

  /** A string field; proto3 leaves an empty one out. */
  stringField(fieldTag: number, value: string): void {
    if (value === "") return;
    this.text(fieldTag, value);
  }

  /** A string written even when empty (a map key, a oneof member). */
  text(fieldTag: number, value: string): void {
    this.byte(fieldTag);
    this.varint(Buffer.byteLength(value));
    this.offset += this.buffer.write(value, this.offset, "utf8");
  }

  bytesField(fieldTag: number, value: Uint8Array): void {
    if (value.length === 0) return;
    this.byte(fieldTag);
    this.varint(value.length);
    this.buffer.set(value, this.offset);
    this.offset += value.length;
  }

  struct(object: Record<string, unknown>): void {
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const value = object[key];
      const keySize = delimitedSize(Buffer.byteLength(key));
      const bodySize = valueSize(value);
      this.byte(STRUCT_FIELDS);
      this.varint(keySize + delimitedSize(bodySize));
      this.text(MAP_KEY, key);
      this.byte(MAP_VALUE);
      this.varint(bodySize);
      this.value(value);
    }
  }

  value(value: unknown): void {
    if (value === null || value === undefined) {
      this.byte(VALUE.nullValue);
      this.byte(0);
      return;
    }
    switch (typeof value) {
      case "number":
        this.byte(VALUE.numberValue);
        this.offset = this.buffer.writeDoubleLE(value, this.offset);
        return;
      case "boolean":
        this.byte(VALUE.boolValue);
        this.byte(value ? 1 : 0);
        return;
      case "string":
        this.text(VALUE.stringValue, value);
        return;
      case "object":
        if (Array.isArray(value)) {
          this.byte(VALUE.listValue);
          this.varint(listSize(value));
          for (const item of value) {
            this.byte(LIST_VALUES);
            this.varint(valueSize(item));
            this.value(item);
          }
        } else {
          this.byte(VALUE.structValue);
          this.varint(structSize(value as Record<string, unknown>));
          this.struct(value as Record<string, unknown>);
        }
        return;
      default:
        this.text(VALUE.stringValue, String(value));
    }
  }

  get written(): number {
    return this.offset;
  }
}

const stringFieldSize = (value: string): number => (value === "" ? 0 : delimitedSize(Buffer.byteLength(value)));

/**
 * A TopicEventRequest as bytes; with `wrapperTag`, as the one field of an enclosing message (the stream's
 * `event_message`), written in the same buffer; `id` in place of the event's own when given.
 */
export function encodeTopicEventRequest(event: TopicEventFields, wrapperTag?: number, id = event.id ?? ""): Buffer {
  const source = event.source ?? "";
  const type = event.type ?? "";
  const specVersion = event.spec_version ?? "";
  const dataContentType = event.data_content_type ?? "";
  const topic = event.topic ?? "";
  const pubsubName = event.pubsub_name ?? "";
  const path = event.path ?? "";
  const data = event.data === undefined ? EMPTY : typeof event.data === "string" ? Buffer.from(event.data, "base64") : event.data;
  const extensionsSize = structSize(event.extensions);
  const eventSize =
    stringFieldSize(id) + stringFieldSize(source) + stringFieldSize(type) + stringFieldSize(specVersion) + stringFieldSize(dataContentType) + stringFieldSize(topic) +
    (data.length === 0 ? 0 : delimitedSize(data.length)) + stringFieldSize(pubsubName) + stringFieldSize(path) + delimitedSize(extensionsSize);
  const writer = new Writer(Buffer.allocUnsafe(wrapperTag === undefined ? eventSize : delimitedSize(eventSize)));
  if (wrapperTag !== undefined) {
    writer.byte(wrapperTag);
    writer.varint(eventSize);
  }
  writer.stringField(EVENT.id, id);
  writer.stringField(EVENT.source, source);
  writer.stringField(EVENT.type, type);
  writer.stringField(EVENT.specVersion, specVersion);
  writer.stringField(EVENT.dataContentType, dataContentType);
  writer.stringField(EVENT.topic, topic);
  writer.bytesField(EVENT.data, data);
  writer.stringField(EVENT.pubsubName, pubsubName);
  writer.stringField(EVENT.path, path);
  // Written even when empty, as daprd (and proto-loader) do: the app sees extensions set.
  writer.byte(EVENT.extensions);
  writer.varint(extensionsSize);
  writer.struct(event.extensions);
  if (writer.written !== writer.buffer.length) throw new Error(`TopicEventRequest encoding wrote ${writer.written} of ${writer.buffer.length} bytes`);
  return writer.buffer;
}

const EMPTY = Buffer.alloc(0);
