import { describe, expect, it } from "@jest/globals";
import { decodeEventProcessed, encodeEventMessage, withTopicEventsWire } from "../../pkg/api/grpc/topic-events-wire.js";
import { topicEventFields, toStruct } from "../../pkg/runtime/appchannel/grpc-envelope.js";
import { encodeTopicEventRequest } from "../../pkg/runtime/appchannel/topic-event-wire.js";
import type { TopicEvent } from "../../pkg/runtime/appchannel/types.js";
import { daprProtos } from "../../pkg/proto/dapr.js";

/**
 * SubscribeTopicEventsAlpha1's hand-written wire against proto-loader's: every event_message encoded by
 * hand reads back (with proto-loader) as the one proto-loader writes, and every acknowledgement read by
 * hand is what proto-loader reads; anything else is left to proto-loader.
 */

/** The reference: the same fields as proto-loader takes them, the extensions as a google.protobuf.Struct object. */
function topicEventRequest(event: TopicEvent, path: string): Record<string, unknown> {
  const fields = topicEventFields(event, path);
  return { ...fields, extensions: toStruct(fields.extensions) };
}

const method = daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service.SubscribeTopicEventsAlpha1;
const readResponse = (bytes: Buffer): unknown => method.responseDeserialize(bytes);

function topicEvent(event: Record<string, unknown>, overrides: Partial<TopicEvent> = {}): TopicEvent {
  return { path: "/", pubsubName: "pubsub", topic: "orders", event, body: Buffer.from(JSON.stringify(event)), contentType: "application/cloudevents+json", rawPayload: false, metadata: {}, ...overrides };
}

const EVENTS: Array<[string, TopicEvent]> = [
  ["a JSON CloudEvent with extensions of every JSON kind", topicEvent({
    id: "e-1", source: "app", type: "com.runtime.event.sent", specversion: "1.0", datacontenttype: "application/json", data: { n: 1, text: "grüße" },
    topic: "orders", pubsubname: "pubsub", time: "2026-11-26T13:03:25.355Z", traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    count: 0, ratio: -1.5e300, flag: false, truth: true, nothing: null, empty: "", list: [1, "two", null, [3], { four: 4 }], nested: { deeper: { deepest: ["x"] } }, "ключ": "значение",
  })],
  ["a text CloudEvent without extensions", topicEvent({ id: "e-2", source: "s", type: "t", specversion: "1.0", datacontenttype: "text/plain", data: "hello" })],
  ["a CloudEvent with data_base64 and empty attributes", topicEvent({ id: "", source: "", type: "", specversion: "", datacontenttype: "application/octet-stream", data_base64: Buffer.from([0, 1, 254, 255]).toString("base64") })],
  ["a CloudEvent with a large body (multi-byte lengths)", topicEvent({ id: "e-3", specversion: "1.0", datacontenttype: "application/json", data: { blob: "x".repeat(20_000) }, big: "y".repeat(200) })],
  ["a raw payload", topicEvent({ id: "raw-1", source: "app", type: "com.runtime.event.sent", specversion: "1.0", topic: "orders" }, { rawPayload: true, body: Buffer.from("not json \u00ff") })],
];

describe("event_message written by hand", () => {
  it.each(EVENTS)("reads back with proto-loader as proto-loader's own: %s", (_name, event) => {
    const byHand = encodeEventMessage(topicEventFields(event, "/"));
    const byProtoLoader = method.responseSerialize({ event_message: topicEventRequest(event, "/") });
    expect(readResponse(byHand)).toEqual(readResponse(byProtoLoader));
    // Same fields in the same order: proto-loader writes an empty string where proto3 leaves it out.
    expect(byHand.length).toBeLessThanOrEqual(byProtoLoader.length);
  });

  it("is passed through by the method's serializer, and anything else still goes through proto-loader", () => {
    const wired = withTopicEventsWire(daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service).SubscribeTopicEventsAlpha1!;
    const bytes = encodeEventMessage(topicEventFields(EVENTS[0]![1], "/"));
    expect(wired.responseSerialize(bytes)).toBe(bytes);
    expect(wired.responseSerialize({ initial_response: {} })).toEqual(method.responseSerialize({ initial_response: {} }));
  });
});

describe("OnTopicEvent's request written by hand (the gRPC app channel)", () => {
  const onTopicEvent = daprProtos().appCallback.dapr.proto.runtime.v1.AppCallback.service.OnTopicEvent;
  it.each(EVENTS)("reads back with proto-loader as proto-loader's own: %s", (_name, event) => {
    const byHand = encodeTopicEventRequest(topicEventFields(event, "/orders"));
    const byProtoLoader = onTopicEvent.requestSerialize(topicEventRequest(event, "/orders"));
    expect(onTopicEvent.requestDeserialize(byHand)).toEqual(onTopicEvent.requestDeserialize(byProtoLoader));
    expect(byHand.length).toBeLessThanOrEqual(byProtoLoader.length);
  });
});

describe("event_processed read by hand", () => {
  const wired = withTopicEventsWire(daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service).SubscribeTopicEventsAlpha1!;
  const requests: Array<[string, unknown]> = [
    ["SUCCESS", { event_processed: { id: "e-1", status: { status: "SUCCESS" } } }],
    ["RETRY", { event_processed: { id: "e-1", status: { status: "RETRY" } } }],
    ["DROP, a non-ASCII id", { event_processed: { id: "ид-🙂", status: { status: "DROP" } } }],
    ["no status", { event_processed: { id: "e-2" } }],
    ["no id", { event_processed: { status: { status: "RETRY" } } }],
    ["nothing at all", { event_processed: {} }],
    ["a long id", { event_processed: { id: "i".repeat(300), status: { status: "SUCCESS" } } }],
    ["an unknown status number", { event_processed: { id: "e-3", status: { status: 7 } } }],
    ["an initial request", { initial_request: { pubsub_name: "pubsub", topic: "orders", metadata: { a: "b" }, dead_letter_topic: "dead" } }],
    ["no message set", {}],
  ];

  it.each(requests)("reads as proto-loader does: %s", (_name, request) => {
    const bytes = method.requestSerialize(request as never);
    expect(wired.requestDeserialize(bytes)).toEqual(method.requestDeserialize(bytes));
  });

  it("leaves to proto-loader what it does not read itself", () => {
    expect(decodeEventProcessed(method.requestSerialize({ initial_request: { pubsub_name: "p", topic: "t" } }))).toBeUndefined();
    // An unknown field inside event_processed, a truncated message, a negative (ten-byte) enum.
    expect(decodeEventProcessed(Buffer.from([0x12, 0x03, 0x18, 0x01, 0x00]))).toBeUndefined();
    expect(decodeEventProcessed(Buffer.from([0x12, 0x05, 0x0a, 0x09, 0x61]))).toBeUndefined();
    expect(decodeEventProcessed(Buffer.from([0x12, 0x0d, 0x12, 0x0b, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBeUndefined();
    expect(decodeEventProcessed(Buffer.alloc(0))).toBeUndefined();
  });
});
