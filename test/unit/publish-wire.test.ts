import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { decodePublishEventRequest, withPublishEventWire } from "../../pkg/api/grpc/publish-wire.js";
import { daprProtos } from "../../pkg/proto/dapr.js";

/**
 * PublishEvent's request read by hand against proto-loader's reading of the same bytes, and its Empty
 * answer; anything the hand reader does not take is left to proto-loader (same result, same error).
 */

const service = daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service;
const method = service.PublishEvent;
const wired = withPublishEventWire(service).PublishEvent!;
const encode = (request: unknown): Buffer => method.requestSerialize(request as never);

const REQUESTS: Array<[string, unknown]> = [
  ["the benchmark's publish", { pubsub_name: "bus", topic: "orders", data: Buffer.from(JSON.stringify({ value: "x".repeat(980) })), data_content_type: "application/json", metadata: {} }],
  ["metadata of several keys", { pubsub_name: "bus", topic: "t", data: Buffer.from("hi"), data_content_type: "text/plain", metadata: { ttlInSeconds: "10", rawPayload: "true", "cloudevent.id": "e-1" } }],
  ["empty key and value, non-ASCII text", { pubsub_name: "шина", topic: "заказы-🙂", data: Buffer.from([0, 255, 1]), data_content_type: "", metadata: { "": "", ключ: "значение" } }],
  ["nothing set", {}],
  ["only metadata", { metadata: { a: "b" } }],
  ["a large body (multi-byte lengths)", { pubsub_name: "bus", topic: "t", data: Buffer.alloc(70_000, 7), metadata: { big: "y".repeat(300) } }],
];

describe("PublishEventRequest read by hand", () => {
  it.each(REQUESTS)("reads as proto-loader does: %s", (_name, request) => {
    const bytes = encode(request);
    expect(decodePublishEventRequest(bytes)).toBeDefined();
    expect(wired.requestDeserialize(bytes)).toEqual(method.requestDeserialize(bytes));
  });

  it("takes a field given twice as proto3 does: the last value, map entries added up, a key's last value", () => {
    const bytes = Buffer.concat([
      encode({ pubsub_name: "first", topic: "t1", data: Buffer.from("a"), metadata: { k: "1", only: "x" } }),
      encode({ pubsub_name: "second", data_content_type: "text/plain", metadata: { k: "2" } }),
    ]);
    expect(wired.requestDeserialize(bytes)).toEqual(method.requestDeserialize(bytes));
    expect(wired.requestDeserialize(bytes)).toMatchObject({ pubsub_name: "second", topic: "t1", metadata: { k: "2", only: "x" } });
  });

  it("reads any request as proto-loader does", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    const request = fc.record({ pubsub_name: text, topic: text, data: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)), data_content_type: text, metadata: fc.dictionary(text.filter((k) => k !== "__proto__"), text, { maxKeys: 5 }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(request, (r) => {
        const bytes = encode(r);
        expect(decodePublishEventRequest(bytes)).toBeDefined();
        expect(wired.requestDeserialize(bytes)).toEqual(method.requestDeserialize(bytes));
      }),
    );
  });

  it("leaves to proto-loader what it does not read itself, with proto-loader's result or error", () => {
    const known = encode({ pubsub_name: "bus", topic: "t" });
    const cases = [
      // an unknown (length-delimited) field, a field of another wire type (varint 9 = 1), a map entry with an unknown field
      Buffer.concat([known, Buffer.from([0x4a, 0x01, 0x61])]),
      Buffer.concat([known, Buffer.from([0x48, 0x01])]),
      Buffer.concat([known, Buffer.from([0x2a, 0x04, 0x0a, 0x00, 0x18, 0x01])]),
      // `__proto__` as a metadata key (JSON.parse makes it an own key): a plain object takes no such entry
      encode({ pubsub_name: "bus", metadata: JSON.parse('{"__proto__": "x", "a": "b"}') }),
    ];
    for (const bytes of cases) {
      expect(decodePublishEventRequest(bytes)).toBeUndefined();
      expect(wired.requestDeserialize(bytes)).toEqual(method.requestDeserialize(bytes));
    }
    // Truncated: a string's length past the end (protobufjs reads what is there), a varint cut short (it throws).
    const outcome = (read: () => unknown): unknown => {
      try {
        return { value: read() };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    for (const bytes of [Buffer.from([0x0a, 0x05, 0x61]), Buffer.from([0x0a, 0xff]), Buffer.from([0x1a, 0x09, 0x61])]) {
      expect(decodePublishEventRequest(bytes)).toBeUndefined();
      expect(outcome(() => wired.requestDeserialize(bytes))).toEqual(outcome(() => method.requestDeserialize(bytes)));
    }
  });

  it("answers Empty as no bytes, as protobuf encodes it", () => {
    expect(wired.responseSerialize({})).toEqual(method.responseSerialize({}));
    expect(wired.responseSerialize({}).length).toBe(0);
  });
});
