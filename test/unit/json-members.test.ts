import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { mutated, mutations } from "../support/json-mutations.js";
import { checkJsonText } from "../../pkg/util/json.js";
import { JsonMembers } from "../../pkg/util/json-members.js";

const WANTED = ["id", "traceparent", "é", ""];
const members = new JsonMembers(WANTED);

/** What the scan must say: checkJsonText's verdict and, for a valid object, JSON.parse's string values of the wanted names. */
function reference(bytes: Buffer, maxDepth?: number): { verdict: string; strings: Record<string, string> } {
  const verdict = checkJsonText(bytes, maxDepth);
  const strings: Record<string, string> = {};
  if (verdict === "valid") {
    const value = JSON.parse(bytes.toString("utf8")) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const name of WANTED) {
        const member = (value as Record<string, unknown>)[name];
        if (Object.hasOwn(value, name) && typeof member === "string") strings[name] = member;
      }
    }
  }
  return { verdict, strings };
}

function scanned(bytes: Buffer, maxDepth?: number): { verdict: string; strings: Record<string, string> } {
  const found = members.scan(bytes, maxDepth);
  if (typeof found === "string") return { verdict: found, strings: {} };
  const strings: Record<string, string> = {};
  for (const name of WANTED) {
    const value = found.string(name);
    expect(found.nonEmpty(name)).toBe(value !== undefined && value !== "");
    if (value !== undefined) strings[name] = value;
  }
  return { verdict: "valid", strings };
}

const agrees = (bytes: Buffer, maxDepth?: number): void => {
  const { verdict, strings } = scanned(bytes, maxDepth);
  // A non-object top level has no members: the caller tells it by its first byte, the scan only validates it.
  const found = verdict === "valid" && bytes.toString("utf8").trimStart().startsWith("{") ? strings : {};
  expect({ text: bytes.toString("hex"), verdict, strings: found }).toEqual({ text: bytes.toString("hex"), ...reference(bytes, maxDepth) });
};

/** Keys that hit the wanted names, spelled plainly and with escapes, and some that do not. */
const KEY = fc.constantFrom('"id"', '"\\u0069d"', '"i\\u0064"', '"traceparent"', '"é"', '"\\u00e9"', '""', '"idx"', '"Id"', '"i"', '"data"', '"trace\\"parent"');
const VALUE = fc.oneof(fc.json({ maxDepth: 2 }), fc.string().map((s) => JSON.stringify(s)), fc.constantFrom('"00-abc-01"', '"\\u00e9\\n"', '"a\\\\b"', '"é"', "null", "[]", "{}", '{"id":"inner"}'));
const OBJECT = fc.array(fc.tuple(KEY, VALUE), { maxLength: 8 }).map((entries) => `{${entries.map(([k, v]) => `${k}:${v}`).join(",")}}`);

describe("the top-level member scan (pkg/util/json-members)", () => {
  it("reads the wanted string members as JSON.parse does, the last of duplicates", () => {
    const cases = ['{"id":"a"}', '{"id":"a","id":"b"}', '{"id":"a","id":5}', '{"id":5,"id":"b"}', '{"id":{"id":"x"}}', '{"x":{"id":"inner"},"id":"outer"}', '{"\\u0069d":"escaped"}', '{"id":"\\u00e9\\"q"}', '{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}', '{"é":"x","":"empty"}', '{ "id" : "spaced" , "traceparent" :"t" }', '{"idx":"no","Id":"no"}', "{}"];
    for (const text of cases) agrees(Buffer.from(text));
    expect(scanned(Buffer.from('{"id":"a","id":"b","traceparent":[]}')).strings).toEqual({ id: "b" });
    // Bytes that are not UTF-8, inside a wanted value: replaced by U+FFFD, as the whole text's decoding does.
    agrees(Buffer.concat([Buffer.from('{"id":"a'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')]));
    agrees(Buffer.concat([Buffer.from('{"id":"'), Buffer.from([0xff]), Buffer.from('b"}')]));
  });

  it("gives checkJsonText's verdict, too-deep included", () => {
    for (const text of ["", "{", '{"id":}', '{"id":"a",}', '{"id":"a"}x', "[1]", '"id"', "5", '{"id":"a"', '{"a":[[[1]]]}']) agrees(Buffer.from(text), 3);
    expect(members.scan(Buffer.from('{"id":"a","x":[[[1]]]}'), 3)).toBe("too-deep");
  });

  it("agrees with JSON.parse on generated objects and on their mutations", () => {
    fc.assert(
      fc.property(fc.oneof(OBJECT, fc.json({ maxDepth: 4 })), mutations, (text, applied) => {
        agrees(Buffer.from(text), 4);
        agrees(Buffer.from(mutated(text, applied)), 4);
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees with JSON.parse on long wanted values read a word at a time", () => {
    const special = fc.constantFrom(0x22, 0x5c, 0x00, 0x1f, 0x20, 0x7f, 0x80, 0xff, 0x75, 0x6e);
    const long = fc.tuple(fc.nat({ max: 80 }), fc.array(special, { maxLength: 3 }), fc.nat({ max: 80 })).map(([before, bytes, after]) => Buffer.concat([Buffer.from('{"data":"' + "d".repeat(before) + '","id":"' + "x".repeat(before)), Buffer.from(bytes), Buffer.from("y".repeat(after) + '"}')]));
    fc.assert(fc.property(long, (bytes) => agrees(bytes)), { numRuns: 5000 });
  });
});
