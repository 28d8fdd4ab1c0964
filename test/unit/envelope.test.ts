import { describe, expect, it } from "@jest/globals";
import { isoTime, mediaType, serializeEnvelope } from "../../pkg/runtime/pubsub/envelope.js";
import { serializeDaprEnvelope } from "../../pkg/runtime/pubsub/envelope-dapr.js";

describe("envelope helpers", () => {
  it("formats time exactly as Date#toISOString, across millisecond, second and year boundaries, and before the epoch", () => {
    const base = Date.UTC(2026, 11, 31, 23, 59, 58, 0);
    const instants = [-1, -1_000, -1_001, 0, 7, 1_000, 86_399_999, base, base + 5, base + 50, base + 999, base + 1_000, base + 1_999, base + 2_000, base + 2_007, 253_402_300_800_000];
    // Out of order as well: the per-second cache must not leak one second's prefix into another.
    for (const ms of [...instants, ...instants.reverse()]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it("takes the media type without parameters, lower-cased", () => {
    expect(mediaType(undefined)).toBe("");
    expect(mediaType("")).toBe("");
    expect(mediaType("application/json")).toBe("application/json");
    expect(mediaType(" Application/JSON ; charset=utf-8")).toBe("application/json");
    expect(mediaType("text/plain;")).toBe("text/plain");
  });

  it("splices JSON data as the publisher's bytes into one well-formed envelope", () => {
    const data = Buffer.from('{"n":12345678901234567890,"text":"grüße"}');
    const envelope = serializeEnvelope({ appId: "a", pubsubName: "p", topic: "t/ü", data, contentType: "application/json" });
    const text = envelope.toString("utf8");
    expect(text.endsWith(`"data":${data.toString("utf8")}}`)).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ source: "a", pubsubname: "p", topic: "t/ü", datacontenttype: "application/json", data: { text: "grüße" } });
  });

  it("gives a bulk entry's serialised event the same envelope as a checked one, without checking it again", () => {
    const event = { order: 7, text: "grüße", nested: [{ a: [1, 2] }] };
    const data = Buffer.from(JSON.stringify(event));
    const input = { appId: "a", pubsubName: "p", topic: "t", data, contentType: "application/json; charset=utf-8", id: "fixed" };
    const checked = JSON.parse(serializeEnvelope(input).toString("utf8")) as Record<string, unknown>;
    const trusted = JSON.parse(serializeEnvelope({ ...input, data: JSON.stringify(event) }).toString("utf8")) as Record<string, unknown>;
    expect({ ...trusted, time: undefined }).toEqual({ ...checked, time: undefined });
    expect(trusted["data"]).toEqual(event);
    // Only JSON content types take the shortcut: text stays a string, binary base64.
    expect(JSON.parse(serializeEnvelope({ ...input, contentType: "text/plain", data: JSON.stringify(event) }).toString("utf8"))).toMatchObject({ data: JSON.stringify(event) });
    expect(JSON.parse(serializeEnvelope({ ...input, contentType: "application/octet-stream", data: JSON.stringify(event) }).toString("utf8"))).toMatchObject({ data_base64: data.toString("base64") });
  });

  it("writes a spliced envelope with the same attributes as the text one, an id of its own or the one given, whatever the attributes' characters", () => {
    const event = { order: 7, text: "grüße" };
    for (const names of [{ appId: "a", topic: "t", pubsubName: "p" }, { appId: "äpp \"q\"", topic: "t/ü", pubsubName: "p\n" }]) {
      for (const extra of [{}, { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", tracestate: "k=v", ttlMs: 5_000, deliverAt: Date.UTC(2030, 0, 1) }]) {
        const input = { ...names, ...extra, contentType: "application/json", eventType: "com.example.ü" };
        const spliced = JSON.parse(serializeEnvelope({ ...input, data: JSON.stringify(event) }).toString("utf8")) as Record<string, unknown>;
        const text = JSON.parse(serializeEnvelope({ ...input, contentType: "text/plain; x=y", data: "plain" }).toString("utf8")) as Record<string, unknown>;
        expect(Object.keys(spliced)).toEqual([...Object.keys(text).filter((k) => k !== "data"), "data"]);
        expect({ ...spliced, id: undefined, time: undefined, expiration: undefined, datacontenttype: undefined, data: undefined }).toEqual({ ...text, id: undefined, time: undefined, expiration: undefined, datacontenttype: undefined, data: undefined });
        expect(spliced["data"]).toEqual(event);
        expect(spliced["id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(spliced["id"]).not.toBe(text["id"]);
        expect(new Date(spliced["time"] as string).toISOString()).toBe(spliced["time"]);
        const given = JSON.parse(serializeEnvelope({ ...input, id: "ïd \"1\"", data: Buffer.from(JSON.stringify(event)) }).toString("utf8")) as Record<string, unknown>;
        expect(given["id"]).toBe('ïd "1"');
        expect(given["data"]).toEqual(event);
      }
    }
  });

  it("writes daprd's spliced envelope with the attributes of its text one, in Go's order, an id of its own unless one is given", () => {
    const event = { order: 7, text: "grüße" };
    for (const extra of [{}, { id: "", subject: "s", traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", tracestate: "k=v", ttlMs: 5_000, deliverAt: Date.UTC(2030, 0, 1) }, { id: "ïd \"1\"" }]) {
      const input = { source: "äpp", topic: "t/ü", pubsubName: "p", contentType: "application/json", ...extra };
      const spliced = JSON.parse(serializeDaprEnvelope({ ...input, data: JSON.stringify(event) }).toString("utf8")) as Record<string, unknown>;
      const bytes = JSON.parse(serializeDaprEnvelope({ ...input, data: Buffer.from(JSON.stringify(event)) }).toString("utf8")) as Record<string, unknown>;
      const text = JSON.parse(serializeDaprEnvelope({ ...input, contentType: "text/plain", data: "plain" }).toString("utf8")) as Record<string, unknown>;
      expect(Object.keys(spliced)).toEqual(Object.keys(text));
      expect(Object.keys(spliced)).toEqual([...Object.keys(spliced)].sort());
      const attributes = (e: Record<string, unknown>): Record<string, unknown> => ({ ...e, id: undefined, time: undefined, expiration: undefined, datacontenttype: undefined, data: undefined });
      expect(attributes(spliced)).toEqual(attributes(text));
      expect(attributes(bytes)).toEqual(attributes(text));
      expect(spliced["data"]).toEqual(event);
      if ("id" in extra && extra.id) expect(spliced["id"]).toBe('ïd "1"');
      else expect(spliced["id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
  it("writes daprd's envelope of a JSON body byte for byte as its text path does, whatever the attributes' characters", () => {
    const data = '{"order":7,"text":"grüße"}';
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const names = [{}, { source: "äpp", topic: "t/ü", pubsubName: "p\n" }, { source: 'a"b', topic: "t\\u", pubsubName: "p\u0001" }, { type: "com.example.ü" }, { type: "custom" }];
    const extras = [{}, { traceparent, tracestate: "k=v" }, { traceparent: "tp é", tracestate: 'k="v"' }, { ttlMs: 5_000, deliverAt: Date.UTC(2030, 0, 1) }, { id: "ïd \"1\"" }, { id: "plain-id", traceparent }, { contentType: "Application/JSON; charset=utf-8" }, { contentType: "application/json; x=\"ü\"" }];
    for (const name of names) {
      for (const extra of extras) {
        const input = { id: "fixed", source: "app", topic: "t", pubsubName: "p", contentType: "application/json", ...name, ...extra };
        // A string is a bulk entry's serialised event: always written from the attributes' text.
        const bytes = serializeDaprEnvelope({ ...input, data: Buffer.from(data) }).toString("utf8");
        const text = serializeDaprEnvelope({ ...input, data }).toString("utf8");
        const sameSecond = (envelope: string): string => envelope.replace(/"time":"[^"]*"/, '"time":""');
        expect(sameSecond(bytes)).toBe(sameSecond(text));
      }
    }
  });
});
