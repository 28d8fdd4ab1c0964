import { describe, expect, it } from "@jest/globals";
import type { KafkaMessage } from "kafkajs";
import { DELAY_LEVELS, delayRecord, hopAtOf, nextHop, placement } from "../../pkg/components/pubsub/kafka/delay-records.js";

/** A delay-topic record as the mover reads it back. */
function asRead(record: ReturnType<typeof delayRecord>): KafkaMessage {
  const headers: Record<string, Buffer> = {};
  for (const [name, value] of Object.entries(record.headers ?? {})) headers[name] = Buffer.from(String(value));
  return { key: record.key ? Buffer.from(String(record.key)) : null, value: record.value as Buffer, headers, offset: "0", timestamp: "0", attributes: 0, size: undefined } as KafkaMessage;
}

describe("pubsub.kafka delay levels (delay-records.ts)", () => {
  it("puts a remaining delay in the level whose wait is at most it, never past the delivery time", () => {
    const now = 1_000_000;
    for (const remaining of [0, 1, 999, 1000, 3999, 4000, 15_999, 16_000, 3_600_000, 30 * 86_400_000, 90 * 86_400_000]) {
      const { level, hopAt } = placement(now + remaining, now);
      expect(level).toBeGreaterThanOrEqual(0);
      expect(level).toBeLessThan(DELAY_LEVELS);
      expect(hopAt).toBeLessThanOrEqual(now + remaining);
      if (remaining < 1000) expect({ level, hopAt }).toEqual({ level: 0, hopAt: now + remaining });
      else expect(hopAt - now).toBe(1000 * 4 ** (level - 1));
    }
    expect(placement(now + 3999, now).level).toBe(1);
    expect(placement(now + 4000, now).level).toBe(2);
  });

  it("moves a 30-day message through the levels in a few dozen hops, to its topic with its own key, headers and partition, at its time", () => {
    const start = 5_000_000;
    const deliverAt = start + 30 * 86_400_000;
    let record = delayRecord({ value: Buffer.from("v"), key: "k", partition: 3, headers: { "content-type": "text/plain" } }, "orders", deliverAt, start);
    let hops = 0;
    for (;;) {
      const read = asRead(record);
      const now = hopAtOf(read);
      expect(now).toBeLessThanOrEqual(deliverAt);
      const next = nextHop(read, "runtime-delayed", now)!;
      hops++;
      if (next.topic !== "runtime-delayed") {
        expect(now).toBe(deliverAt);
        expect(next.topic).toBe("orders");
        expect(next.record.partition).toBe(3);
        expect(String(next.record.key)).toBe("k");
        expect(Object.keys(next.record.headers ?? {})).toEqual(["content-type"]);
        break;
      }
      record = next.record;
    }
    expect(hops).toBeLessThanOrEqual(40);
  });
});
