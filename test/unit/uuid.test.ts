import { describe, expect, it } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { QUOTED_UUID_LENGTH, randomUuid, UUID_LENGTH, writeQuotedRandomUuid, writeRandomUuid } from "../../pkg/util/uuid.js";
import { untracedContext } from "../../pkg/diagnostics/tracing.js";

/** A version 4 UUID of RFC 9562 as crypto.randomUUID writes it: lower-case hex, version nibble 4, variant 10xx. */
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("writeRandomUuid", () => {
  it("writes version 4 UUIDs in crypto.randomUUID's form, each different, across refills of its random pool", () => {
    expect(randomUUID()).toMatch(V4);
    const seen = new Set<string>();
    const out = Buffer.alloc(UUID_LENGTH + 4, 0x2a);
    for (let i = 0; i < 1000; i++) {
      writeRandomUuid(out, 2);
      // Only its 36 bytes are written.
      expect(out.subarray(0, 2).toString("latin1") + out.subarray(UUID_LENGTH + 2).toString("latin1")).toBe("****");
      const text = out.toString("latin1", 2, UUID_LENGTH + 2);
      expect(text).toMatch(V4);
      seen.add(text);
    }
    expect(seen.size).toBe(1000);
  });

  it("draws every hex digit in the random positions", () => {
    const out = Buffer.alloc(UUID_LENGTH);
    const digits = new Set<string>();
    for (let i = 0; i < 200; i++) {
      writeRandomUuid(out, 0);
      for (const c of out.toString("latin1", 0, 8)) digits.add(c);
    }
    expect([...digits].sort().join("")).toBe("0123456789abcdef");
  });

  it("writes one as a JSON string and returns the offset after it", () => {
    const out = Buffer.alloc(QUOTED_UUID_LENGTH + 2, 0x2a);
    expect(writeQuotedRandomUuid(out, 1)).toBe(QUOTED_UUID_LENGTH + 1);
    expect(out[0]).toBe(0x2a);
    expect(out[QUOTED_UUID_LENGTH + 1]).toBe(0x2a);
    expect(JSON.parse(out.toString("latin1", 1, QUOTED_UUID_LENGTH + 1))).toMatch(V4);
  });

  it("gives version 4 UUIDs as strings, each different, across batches", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = randomUuid();
      expect(id).toMatch(V4);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
  });
});

describe("untracedContext", () => {
  it("starts a new unsampled trace, different each time, across batches, when no valid traceparent is given", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const { traceparent, tracestate } = untracedContext(i % 2 ? undefined : "00-bad", "k=v");
      expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      expect(traceparent).not.toMatch(/^00-0{32}-|-0{16}-00$/);
      expect(tracestate).toBeUndefined();
      seen.add(traceparent);
    }
    expect(seen.size).toBe(300);
    const given = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    expect(untracedContext(given, "k=v")).toEqual({ traceparent: given, tracestate: "k=v" });
  });
});
