import { describe, expect, it } from "@jest/globals";
import { checkDeliveryDelay, entryMetadataOver, metadataDelivery, readPublishOptions, RequestMetadataError } from "../../pkg/components/pubsub/metadata.js";
import { adoptCloudEvent, deliverAtOf, serializeEnvelope } from "../../pkg/runtime/pubsub/envelope.js";

const NOW = Date.UTC(2030, 0, 2, 15, 4, 5, 0);

describe("delayed delivery request metadata (deliverAt / deliverAfter)", () => {
  it("reads RFC 3339 times in any zone as the instant they name, with fractions up to nanoseconds", () => {
    expect(metadataDelivery({ deliverAt: "2030-01-02T15:04:05Z" }, NOW)).toEqual({ at: NOW, field: "deliverAt", value: "2030-01-02T15:04:05Z" });
    expect(metadataDelivery({ DeliverAt: "2030-01-02T17:04:05.250+02:00" }, NOW)?.at).toBe(NOW + 250);
    expect(metadataDelivery({ deliverat: "2030-01-02 15:04:05.123456789z" }, NOW)?.at).toBe(NOW + 123);
  });

  it("reads Go durations with their unit, counted from now; 0s is now", () => {
    expect(metadataDelivery({ deliverAfter: "90s" }, NOW)?.at).toBe(NOW + 90_000);
    expect(metadataDelivery({ deliverAfter: "1h30m" }, NOW)?.at).toBe(NOW + 5_400_000);
    expect(metadataDelivery({ deliverAfter: "1.5ms" }, NOW)?.at).toBe(NOW + 2);
    expect(metadataDelivery({ deliverAfter: "0s" }, NOW)?.at).toBe(NOW);
    expect(metadataDelivery({ deliverAfter: "" }, NOW)).toBeUndefined();
    expect(readPublishOptions({}, NOW).delivery).toBeUndefined();
  });

  it("refuses, naming the field: both at once, no zone, impossible dates, no unit, negative or unknown durations", () => {
    const refused: Array<[Record<string, string>, string]> = [
      [{ deliverAt: "2030-01-02T15:04:05Z", deliverAfter: "1s" }, "deliverAfter"],
      [{ deliverAt: "2030-01-02T15:04:05" }, "deliverAt"],
      [{ deliverAt: "2030-02-30T00:00:00Z" }, "deliverAt"],
      [{ deliverAt: "2030-01-02T25:00:00Z" }, "deliverAt"],
      [{ deliverAt: "1767225600" }, "deliverAt"],
      [{ deliverAfter: "10" }, "deliverAfter"],
      [{ deliverAfter: "-1s" }, "deliverAfter"],
      [{ deliverAfter: "1d" }, "deliverAfter"],
    ];
    for (const [metadata, field] of refused) {
      let error: unknown;
      try {
        metadataDelivery(metadata, NOW);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RequestMetadataError);
      expect((error as RequestMetadataError).field).toBe(field);
    }
  });

  it("refuses a time beyond the component's maxDeliveryDelay by its field, and takes one exactly at it", () => {
    const at = metadataDelivery({ deliverAfter: "1h" }, NOW)!;
    expect(() => checkDeliveryDelay(at, NOW, 3_600_000)).not.toThrow();
    expect(() => checkDeliveryDelay(at, NOW, 3_599_999)).toThrow('metadata deliverAfter must be at most 3599999ms ahead (the component\'s maxDeliveryDelay), got "1h"');
    // A past time is never beyond the bound.
    expect(() => checkDeliveryDelay(metadataDelivery({ deliverAt: "2000-01-01T00:00:00Z" }, NOW)!, NOW, 1)).not.toThrow();
  });

  it("lets a bulk entry's delivery time replace the request's, whichever of the two fields each uses", () => {
    expect(entryMetadataOver({ deliverAt: "2030-01-01T00:00:00Z", ttlInSeconds: "5" }, { deliverAfter: "1s" })).toEqual({ ttlInSeconds: "5", deliverAfter: "1s" });
    expect(entryMetadataOver({ DeliverAfter: "1s" }, { deliverAt: "2030-01-01T00:00:00Z" })).toEqual({ deliverAt: "2030-01-01T00:00:00Z" });
    expect(entryMetadataOver({ deliverAfter: "1s" }, { ttlInSeconds: "5" })).toEqual({ deliverAfter: "1s", ttlInSeconds: "5" });
  });
});

describe("the deliverat CloudEvent extension", () => {
  it("is written by the envelope and kept on an adopted CloudEvent, as the resolved UTC time", async () => {
    const deliverAt = NOW + 1;
    const event = JSON.parse(serializeEnvelope({ appId: "a", pubsubName: "p", topic: "t", data: Buffer.from("hi"), contentType: "text/plain", deliverAt }).toString()) as Record<string, unknown>;
    expect(event["deliverat"]).toBe("2030-01-02T15:04:05.001Z");
    expect(deliverAtOf(event)).toBe(deliverAt);
    const adopted = await adoptCloudEvent({ appId: "a", pubsubName: "p", topic: "t", data: Buffer.from(JSON.stringify({ specversion: "1.0", id: "x", source: "s", type: "t" })), deliverAt });
    expect(adopted["deliverat"]).toBe("2030-01-02T15:04:05.001Z");
    const plain = JSON.parse(serializeEnvelope({ appId: "a", pubsubName: "p", topic: "t", data: Buffer.from("hi") }).toString()) as Record<string, unknown>;
    expect(plain["deliverat"]).toBeUndefined();
    expect(deliverAtOf(plain)).toBeUndefined();
  });
});

describe("the Redis delay set's key", () => {
  it("shares the stream's Cluster slot: the topic's own hash tag, else the topic wrapped in one; none where braces defeat both", async () => {
    const { delayedKeyOf } = await import("../../pkg/components/pubsub/redis/delayed.js");
    const { slotGroupOf } = await import("../../pkg/components/pubsub/redis/redis.js");
    expect(delayedKeyOf("orders", slotGroupOf)).toBe("runtime-delayed:{orders}");
    expect(delayedKeyOf("{orders}.paid", slotGroupOf)).toBe("runtime-delayed:{orders}.paid");
    expect(delayedKeyOf("a{b", slotGroupOf)).toBe("runtime-delayed:{a{b}");
    for (const topic of ["orders", "{orders}.paid", "a{b", "x.y.z"]) expect(slotGroupOf(delayedKeyOf(topic, slotGroupOf)!)).toBe(slotGroupOf(topic));
    expect(delayedKeyOf("a}b", slotGroupOf)).toBeUndefined();
    expect(delayedKeyOf("x{}", slotGroupOf)).toBeUndefined();
  });
});
