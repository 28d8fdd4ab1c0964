import type * as grpc from "@grpc/grpc-js";
import type { TopicEventFields } from "../../runtime/appchannel/grpc-envelope.js";

/**
 * SubscribeTopicEventsAlpha1's two hot messages in protobuf's wire format, written and read here instead
 * of through proto-loader: profiling the stream under load put proto-loader's object conversion and
 * protobufjs' encoder of `event_message` (its CloudEvent extensions a google.protobuf.Struct of Values)
 * at a third of the sidecar's CPU per delivered message, more than the whole HTTP stream spends. The
 * server's method definition passes a Buffer through (withTopicEventsWire), so the handler writes bytes;
 * anything else (initial_response, an initial_request) still goes through proto-loader.
 *
 * Field numbers are those of the vendored dapr/proto/runtime/v1 pubsub.proto and appcallback.proto and
 * google/protobuf/struct.proto; test/unit/topic-events-wire.test.ts decodes what this writes with
 * proto-loader, and the Python client of the stream tests with Google's protobuf.
 */

/** Wire types. */
export const VARINT = 0;
const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;

export const tag = (field: number, wireType: number): number => (field << 3) | wireType;

/** SubscribeTopicEventsResponseAlpha1.event_message */
const RESPONSE_EVENT_MESSAGE = tag(2, LENGTH_DELIMITED);
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
 * `SubscribeTopicEventsResponseAlpha1{event_message: TopicEventRequest}` as bytes; `id`, when given, in
 * place of the event's own (the stream's ack id), so the caller makes no copy of the fields to change it.
 */
export function encodeEventMessage(event: TopicEventFields, ackId?: string): Buffer {
  const id = ackId ?? event.id ?? "";
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
  const writer = new Writer(Buffer.allocUnsafe(delimitedSize(eventSize)));
  writer.byte(RESPONSE_EVENT_MESSAGE);
  writer.varint(eventSize);
  writer.stringField(EVENT.id, id);
  writer.stringField(EVENT.source, source);
  writer.stringField(EVENT.type, type);
  writer.stringField(EVENT.specVersion, specVersion);
  writer.stringField(EVENT.dataContentType, dataContentType);
  writer.stringField(EVENT.topic, topic);
  writer.bytesField(EVENT.data, data);
  writer.stringField(EVENT.pubsubName, pubsubName);
  writer.stringField(EVENT.path, path);
  // Written even when empty, as daprd (and proto-loader) do: the subscriber sees extensions set.
  writer.byte(EVENT.extensions);
  writer.varint(extensionsSize);
  writer.struct(event.extensions);
  if (writer.written !== writer.buffer.length) throw new Error(`event_message encoding wrote ${writer.written} of ${writer.buffer.length} bytes`);
  return writer.buffer;
}

const EMPTY = Buffer.alloc(0);

/** SubscribeTopicEventsRequestAlpha1 as the handler reads it: proto-loader's shape (keepCase, oneofs, enums as names). */
export interface TopicEventsRequest {
  initial_request?: unknown;
  event_processed?: { id: string; status: { status: string | number } | null } | null;
  subscribe_topic_events_request_type?: string;
}

/** TopicEventResponse.TopicEventResponseStatus by number, as proto-loader names them. */
const STATUS_NAMES = ["SUCCESS", "RETRY", "DROP"];

/**
 * An `event_processed{id, status}` read straight from its bytes; undefined for anything else (the
 * initial request, unknown fields, a repeated field), which proto-loader then reads.
 */
export function decodeEventProcessed(bytes: Buffer): TopicEventsRequest | undefined {
  const reader = new Reader(bytes, 0, bytes.length);
  if (reader.varint() !== tag(2, LENGTH_DELIMITED)) return undefined;
  const end = reader.delimitedEnd();
  if (end !== bytes.length) return undefined;
  let id = "";
  let status: { status: string | number } | null = null;
  while (reader.offset < end) {
    const fieldTag = reader.varint();
    if (fieldTag === tag(1, LENGTH_DELIMITED) && id === "") {
      const idEnd = reader.delimitedEnd();
      if (idEnd < 0) return undefined;
      id = bytes.toString("utf8", reader.offset, idEnd);
      reader.offset = idEnd;
    } else if (fieldTag === tag(2, LENGTH_DELIMITED) && status === null) {
      const statusEnd = reader.delimitedEnd();
      if (statusEnd < 0) return undefined;
      let value = 0;
      while (reader.offset < statusEnd) {
        if (reader.varint() !== tag(1, VARINT)) return undefined;
        value = reader.varint();
      }
      if (reader.offset !== statusEnd || value < 0) return undefined;
      status = { status: STATUS_NAMES[value] ?? value };
    } else {
      return undefined;
    }
    if (reader.offset > end || reader.failed) return undefined;
  }
  return { event_processed: { id, status }, subscribe_topic_events_request_type: "event_processed" };
}

export class Reader {
  failed = false;
  constructor(
    readonly bytes: Buffer,
    public offset: number,
    private readonly limit: number,
  ) {}

  /** A varint of up to 28 bits (tags, lengths, the status enum); anything longer fails the read. */
  varint(): number {
    let value = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      if (this.offset >= this.limit) break;
      const byte = this.bytes[this.offset++]!;
      value |= (byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
    this.failed = true;
    return -1;
  }

  /** Reads a length and returns where the field ends; -1 when it runs past the message. */
  delimitedEnd(): number {
    const length = this.varint();
    const end = this.offset + length;
    if (this.failed || length < 0 || end > this.limit) {
      this.failed = true;
      return -1;
    }
    return end;
  }
}

/**
 * SubscribeTopicEventsAlpha1's method definition with a serializer that passes encoded bytes through and
 * a deserializer that reads acknowledgements directly, each falling back to proto-loader's.
 */
export function withTopicEventsWire(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const method = service["SubscribeTopicEventsAlpha1"];
  if (!method) return service;
  const serialize = method.responseSerialize;
  const deserialize = method.requestDeserialize;
  return {
    ...service,
    SubscribeTopicEventsAlpha1: {
      ...method,
      responseSerialize: (value: unknown) => (Buffer.isBuffer(value) ? value : serialize(value)),
      requestDeserialize: (bytes: Buffer) => decodeEventProcessed(bytes) ?? deserialize(bytes),
    },
  };
}
