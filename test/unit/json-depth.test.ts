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

  it("skips long strings whatever their escapes: brackets inside never count, brackets after them do", () => {
    const long = (tail: string): string => "x".repeat(100) + tail;
    for (const inside of [long("["), long('\\"['), long("\\\\"), long('\\\\\\"') + "{".repeat(300), '\\"'.repeat(50) + "[".repeat(300)]) {
      const text = JSON.stringify({ s: inside, after: 1 });
      expect(JSON.parse(text)).toEqual({ s: inside, after: 1 });
      expect(jsonTooDeep(text)).toBe(false);
      expect(jsonTooDeep(Buffer.from(text).subarray(0))).toBe(false);
      expect(jsonTooDeep(new Uint8Array(Buffer.from(text)))).toBe(false);
      // The same long string followed by real nesting: the scan resumes after its closing quote.
      const deep = `[${JSON.stringify(inside)},${nested(MAX_JSON_DEPTH)}]`;
      expect(jsonTooDeep(deep)).toBe(true);
      expect(jsonTooDeep(`[${JSON.stringify(inside)},${nested(MAX_JSON_DEPTH - 1)}]`)).toBe(false);
    }
    expect(jsonTooDeep('"' + "x".repeat(200) + "[".repeat(300))).toBe(false);
  });

  it("agrees with a byte-by-byte reference scan on random documents", () => {
    const reference = (text: string, max: number): boolean => {
      let depth = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === "\\") i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === "[" || c === "{") {
          if (++depth > max) return true;
        } else if (c === "]" || c === "}") depth = Math.max(0, depth - 1);
      }
      return false;
    };
    let seed = 42;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const pieces = ["x", "\\", '"', "[", "]", "{", "}", "\u0041"];
    const text = (): string => Array.from({ length: random(3) === 0 ? 200 : random(40) }, () => pieces[random(pieces.length)]).join("");
    const value = (depth: number): unknown => (depth > 12 || random(3) === 0 ? text() : random(2) === 0 ? [value(depth + 1), value(depth + 1)] : { [text()]: value(depth + 1) });
    for (let n = 0; n < 500; n++) {
      const json = JSON.stringify(value(0));
      for (const max of [3, 8]) expect(jsonTooDeep(json, max)).toBe(reference(json, max));
    }
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
