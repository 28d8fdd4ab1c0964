import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { JSON_ALPHABET, mutated, mutations } from "../support/json-mutations.js";
import { checkJsonText, jsonString, jsonTooDeep, MAX_JSON_DEPTH } from "../../pkg/util/json.js";

/** What checkJsonText must say: JSON.parse's verdict on the decoded bytes, and the depth bound's. */
function reference(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): string {
  try {
    JSON.parse(bytes.toString("utf8"));
  } catch {
    return "invalid";
  }
  return jsonTooDeep(bytes, maxDepth) ? "too-deep" : "valid";
}

const agrees = (bytes: Buffer, maxDepth?: number): void => expect(`${checkJsonText(bytes, maxDepth)} ${bytes.toString("hex")}`).toBe(`${reference(bytes, maxDepth)} ${bytes.toString("hex")}`);

describe("the JSON text check (pkg/util/json checkJsonText)", () => {
  it("agrees with JSON.parse on hand-picked edges", () => {
    const cases = ["", " ", "0", "-0", "-", "01", "1.", ".5", "1e", "1e+", "1E-5", "-1.5e+10", "1e400", "tru", "true", "truex", "nul", "null ", "[", "]", "[]", "[,]", "[1,]", "[1 2]", "{}", "{,}", '{"a"}', '{"a":}', '{"a":1,}', '{"a":1 "b":2}', '{"a":1}', '{1:2}', '"\\u00e9"', '"\\u00g9"', '"\\x"', '"\\', '"abc', '"a\tb"', '"a\u007fb"', '"\u2028"', "\ufeff{}", "{}\u00a0", '[1]]', '[[1]', '{"a":[1,{"b":null}]}', "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"", '  {"k" : [ true , false , null ] }  '];
    for (const text of cases) agrees(Buffer.from(text));
    // Bytes that are not UTF-8: replaced by U+FFFD when decoded, so text inside a string and an error outside one.
    for (const bytes of [[0x22, 0xff, 0x22], [0xff], [0x5b, 0xc3, 0x5d], [0x22, 0xe2, 0x22], [0x22, 0xe2, 0x82, 0x22], [0xef, 0xbb, 0xbf, 0x31]]) agrees(Buffer.from(bytes));
  });

  it("says too-deep only for valid text beyond the bound, for arrays and objects", () => {
    const arrays = (d: number): string => "[".repeat(d) + "]".repeat(d);
    const objects = (d: number): string => '{"k":'.repeat(d) + "0" + "}".repeat(d);
    for (const text of [arrays(MAX_JSON_DEPTH), arrays(MAX_JSON_DEPTH + 1), objects(MAX_JSON_DEPTH), objects(MAX_JSON_DEPTH + 1), arrays(MAX_JSON_DEPTH + 1).slice(1), "[".repeat(5000)]) agrees(Buffer.from(text));
    expect(checkJsonText(Buffer.from(arrays(MAX_JSON_DEPTH + 1)))).toBe("too-deep");
    expect(checkJsonText(Buffer.from(arrays(3)), 2)).toBe("too-deep");
  });

  it("agrees with JSON.parse on generated documents and on their mutations", () => {
    const document = fc.oneof(fc.json({ maxDepth: 6 }), fc.json({ maxDepth: 3, noUnicodeString: false }).map((text) => JSON.stringify(JSON.parse(text), null, 2)));
    fc.assert(
      fc.property(document, mutations, (text, applied) => {
        agrees(Buffer.from(text), 4);
        agrees(Buffer.from(mutated(text, applied)), 4);
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with JSON.parse on short runs of JSON's characters and on random bytes", () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...JSON_ALPHABET), maxLength: 12 }), (text) => agrees(Buffer.from(text), 2)), { numRuns: 5000 });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 16 }), (bytes) => agrees(Buffer.from(bytes))), { numRuns: 3000 });
    const quoted = fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.concat([Buffer.from('["'), Buffer.from(bytes), Buffer.from('"]')]));
    fc.assert(fc.property(quoted, (bytes) => agrees(bytes)), { numRuns: 3000 });
    // Long strings, read a word at a time: a quote, backslash, control or high byte at every offset of a word.
    const special = fc.constantFrom(0x22, 0x5c, 0x00, 0x1f, 0x20, 0x21, 0x7f, 0x80, 0xff, 0x75, 0x6e);
    const long = fc.tuple(fc.nat({ max: 80 }), fc.array(special, { maxLength: 3 }), fc.nat({ max: 80 }), fc.constantFrom('"]', "]", '"', '",1]')).map(([before, bytes, after, end]) => Buffer.concat([Buffer.from('["' + "x".repeat(before)), Buffer.from(bytes), Buffer.from("y".repeat(after) + end)]));
    fc.assert(fc.property(long, (bytes) => agrees(bytes)), { numRuns: 5000 });
    fc.assert(fc.property(fc.uint8Array({ minLength: 64, maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from('{"k":"'), Buffer.from(bytes.map((b) => (b < 0x40 ? 0x61 + (b % 26) : b))), Buffer.from('"}')])), (bytes) => agrees(bytes)), { numRuns: 2000 });
  });

  it("quotes a string as JSON.stringify does", () => {
    for (const value of ["", "plain", 'a"b', "a\\b", "\u0000", "\u001f", "\u007f", "\u2028", "\ud83d\ude00", "\ud83d", "x\ude00", "é"]) expect(jsonString(value)).toBe(JSON.stringify(value));
    fc.assert(fc.property(fc.string({ unit: "binary" }), (value) => expect(jsonString(value)).toBe(JSON.stringify(value))), { numRuns: 3000 });
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }), (value) => expect(jsonString(value)).toBe(JSON.stringify(value))), { numRuns: 3000 });
  });
});
