import { describe, expect, it } from "@jest/globals";
import { fieldIgnoringCase, parseBool, parseByteSize, parseDurationMs } from "../../pkg/util/parse.js";

describe("Go-style durations (a bare number means milliseconds, as in Dapr)", () => {
  it.each([
    ["500ms", 500],
    ["3s", 3000],
    ["1m30s", 90_000],
    ["1h", 3_600_000],
    ["1.5s", 1500],
    ["250", 250],
    [" 2s ", 2000],
  ])("parses %s as %d ms", (input, expected) => {
    expect(parseDurationMs(input)).toBe(expected);
  });

  it.each(["", "s", "3x", "1m30", "-1s", "abc", "3s junk"])("rejects %j", (input) => {
    expect(parseDurationMs(input)).toBeUndefined();
  });
});

describe("booleans in any case", () => {
  it.each([["true", true], ["TRUE", true], ["False", false], [true, true], [false, false]] as const)("parses %j", (input, expected) => {
    expect(parseBool(input)).toBe(expected);
  });
  it.each(["yes", "1", ""])("rejects %j", (input) => expect(parseBool(input)).toBeUndefined());
});

describe("byte sizes", () => {
  it.each([["4Mi", 4 * 1024 * 1024], ["512Ki", 512 * 1024], ["1000", 1000], ["2M", 2_000_000]] as const)("parses %s", (input, expected) => {
    expect(parseByteSize(input)).toBe(expected);
  });
  it.each(["4 MB", "Mi", "-1", "1.5Mi"])("rejects %j", (input) => expect(parseByteSize(input)).toBeUndefined());
});

describe("fieldIgnoringCase (JSON field names read as Go's encoding/json reads them)", () => {
  it("prefers the exact name, else matches in any letter case, else undefined", () => {
    expect(fieldIgnoringCase({ entryId: "a", entryID: "b" }, "entryId")).toBe("a");
    expect(fieldIgnoringCase({ entryID: "b" }, "entryId")).toBe("b");
    expect(fieldIgnoringCase({ EntryId: "c" }, "entryId")).toBe("c");
    expect(fieldIgnoringCase({ entry_id: "d" }, "entryId")).toBeUndefined();
    expect(fieldIgnoringCase(JSON.parse('{"__proto__": "x"}') as Record<string, unknown>, "constructor")).toBeUndefined();
  });
});
