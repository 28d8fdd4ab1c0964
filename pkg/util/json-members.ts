import { MAX_JSON_DEPTH, nonStringScalarEnd, stringEnd, whitespaceEnd, type JsonTextVerdict } from "./json.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** What a scan finds: checkJsonText's verdict, and the string values of the wanted top-level members. */
export interface JsonMembersScan {
  verdict: JsonTextVerdict;
  /**
   * Each wanted member of the top-level object whose value is a string, as JSON.parse would give it (the
   * last one of a name that occurs twice, as JSON.parse keeps); a member whose value is not a string is
   * absent. Empty unless the verdict is "valid".
   */
  strings: Record<string, string>;
}

/**
 * Reads a few top-level string members of a JSON object while checking the whole text as checkJsonText
 * does (same grammar, same verdict, in one pass that builds nothing else). The delivery path reads a
 * CloudEvent's id, trace context and expiry from every message, but not the rest: JSON.parse of a 1 KB
 * event built some 2.8 KB of objects per message for those few strings (bench/profile-delivery.mjs).
 * test/unit/json-members.test.ts holds it to JSON.parse on generated and mutated documents.
 */
export class JsonMembers {
  private readonly names: Buffer[];

  constructor(readonly wanted: readonly string[]) {
    this.names = wanted.map((name) => Buffer.from(name, "utf8"));
  }

  scan(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): JsonMembersScan {
    const strings: Record<string, string> = {};
    const invalid: JsonMembersScan = { verdict: "invalid", strings: {} };
    const n = bytes.length;
    const open: number[] = [];
    const words = n >= 64 ? new DataView(bytes.buffer, bytes.byteOffset, n) : undefined;
    let deepest = 0;
    // The wanted name whose value starts next (a top-level member's), or -1.
    let member = -1;
    let i = whitespaceEnd(bytes, 0);
    for (;;) {
      // A value starts at i.
      if (i >= n) return invalid;
      const c = bytes[i]!;
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (member >= 0) delete strings[this.wanted[member]!];
        member = -1;
        open.push(c);
        if (open.length > deepest) deepest = open.length;
        i = whitespaceEnd(bytes, i + 1);
        if (i < n && bytes[i] === (c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) {
          open.pop();
          i++;
        } else {
          if (c === OPEN_BRACE) {
            if (i >= n || bytes[i] !== QUOTE) return invalid;
            const keyEnd = stringEnd(bytes, i + 1, words);
            if (keyEnd < 0) return invalid;
            if (open.length === 1) member = this.which(bytes, i + 1, keyEnd - 1);
            if ((i = valueStart(bytes, keyEnd)) < 0) return invalid;
          }
          continue;
        }
      } else if (c === QUOTE) {
        const start = i + 1;
        i = stringEnd(bytes, start, words);
        if (i >= 0 && member >= 0) strings[this.wanted[member]!] = decoded(bytes, start, i - 1);
        member = -1;
      } else {
        i = nonStringScalarEnd(bytes, i);
        if (member >= 0) delete strings[this.wanted[member]!];
        member = -1;
      }
      if (i < 0) return invalid;
      // After a value: close containers until a comma asks for the next value, or the text ends.
      for (;;) {
        i = whitespaceEnd(bytes, i);
        if (open.length === 0) {
          if (i !== n) return invalid;
          return deepest > maxDepth ? { verdict: "too-deep", strings: {} } : { verdict: "valid", strings };
        }
        if (i >= n) return invalid;
        const next = bytes[i]!;
        const container = open[open.length - 1]!;
        if (next === COMMA) {
          i = whitespaceEnd(bytes, i + 1);
          if (container === OPEN_BRACE) {
            if (i >= n || bytes[i] !== QUOTE) return invalid;
            const keyEnd = stringEnd(bytes, i + 1, words);
            if (keyEnd < 0) return invalid;
            if (open.length === 1) member = this.which(bytes, i + 1, keyEnd - 1);
            if ((i = valueStart(bytes, keyEnd)) < 0) return invalid;
          }
          break;
        }
        if (next !== (container === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) return invalid;
        open.pop();
        i++;
      }
    }
  }

  /** The index of the wanted name a key (its text from `start` to the closing quote at `end`) is, or -1. */
  private which(bytes: Buffer, start: number, end: number): number {
    for (let k = start; k < end; k++) if (bytes[k] === BACKSLASH) return this.wanted.indexOf(decoded(bytes, start, end));
    // No escape: the key is its bytes, and a wanted name matches byte for byte (UTF-8 decoding never
    // turns other bytes into a name's characters).
    const length = end - start;
    for (let w = 0; w < this.names.length; w++) {
      const name = this.names[w]!;
      if (name.length !== length) continue;
      let k = 0;
      while (k < length && name[k] === bytes[start + k]) k++;
      if (k === length) return w;
    }
    return -1;
  }
}

/** Past the colon after a key (ending before `i`), to where the member's value starts; -1 when no colon is there. */
function valueStart(bytes: Buffer, i: number): number {
  i = whitespaceEnd(bytes, i);
  if (i >= bytes.length || bytes[i] !== COLON) return -1;
  return whitespaceEnd(bytes, i + 1);
}

/** A valid JSON string's value, from its text (`start`) to its closing quote (`end`), as JSON.parse reads it. */
function decoded(bytes: Buffer, start: number, end: number): string {
  for (let k = start; k < end; k++) {
    if (bytes[k] === BACKSLASH) return JSON.parse(bytes.toString("utf8", start - 1, end + 1)) as string;
  }
  return bytes.toString("utf8", start, end);
}
