import { describe, expect, it } from "@jest/globals";
import { assertJsonDepth, JsonDepthError, jsonTooDeep, MAX_JSON_DEPTH, parseJson } from "../../pkg/util/json.js";

const nested = (depth: number): string => "[".repeat(depth) + "]".repeat(depth);

describe("the bounded JSON parser (pkg/util/json)", () => {
  it("accepts exactly MAX_JSON_DEPTH levels and refuses one more, for arrays and objects", () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = (d: number): string => '{"k":'.repeat(d) + "0" + "}".repeat(d);
    expect(() => parseJson(objects(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => parseJson(objects(MAX_JSON_DEPTH + 1))).toThrow(JsonDepthError);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ s: "[".repeat(500), t: '\\"' + "{".repeat(500), u: "\\\\" });
    expect(jsonTooDeep(text)).toBe(false);
    expect(jsonTooDeep(Buffer.from(text))).toBe(false);
    expect(parseJson(Buffer.from(text))).toEqual(JSON.parse(text));
  });

  it("reads a Buffer slice at its own offset", () => {
    const pool = Buffer.from(`xxxx${nested(MAX_JSON_DEPTH + 1)}`);
    expect(jsonTooDeep(pool.subarray(4))).toBe(true);
    expect(jsonTooDeep(pool.subarray(0, 4))).toBe(false);
  });

  it("leaves malformed text to JSON.parse's own SyntaxError", () => {
    expect(() => parseJson('{"a": [1,')).toThrow(SyntaxError);
    expect(() => parseJson('"never closed ' + "[".repeat(300))).toThrow(SyntaxError);
  });

  it("checks already-built values iteratively, at any depth", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(() => assertJsonDepth(deep)).toThrow(JsonDepthError);
    expect(() => assertJsonDepth(JSON.parse(nested(MAX_JSON_DEPTH)))).not.toThrow();
  });
});
