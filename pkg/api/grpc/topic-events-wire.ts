import type * as grpc from "@grpc/grpc-js";
import type { TopicEventFields } from "../../runtime/appchannel/grpc-envelope.js";
import { encodeTopicEventRequest, LENGTH_DELIMITED, tag, VARINT } from "../../runtime/appchannel/topic-event-wire.js";

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

/** SubscribeTopicEventsResponseAlpha1.event_message */
const RESPONSE_EVENT_MESSAGE = tag(2, LENGTH_DELIMITED);

/**
 * `SubscribeTopicEventsResponseAlpha1{event_message: TopicEventRequest}` as bytes; `ackId`, when given, in
 * place of the event's own id (the stream's ack id), so the caller makes no copy of the fields to change it.
 */
export function encodeEventMessage(event: TopicEventFields, ackId?: string): Buffer {
  return encodeTopicEventRequest(event, RESPONSE_EVENT_MESSAGE, ackId);
}

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
