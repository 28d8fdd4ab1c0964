import { MAX_JSON_DEPTH, nonStringScalarEnd, stringEnd, whitespaceEnd, type JsonTextVerdict } from "./json.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The wanted top-level members of a JSON object that checked valid: where each one's string value is in
 * the text, decoded only when asked for. A member whose value is not a string counts as absent, and of a
 * name that occurs twice the last one counts, as JSON.parse keeps it.
 */
export class JsonMembersFound {
  constructor(
    private readonly members: JsonMembers,
    private readonly bytes: Buffer,
    /** Per wanted name, the start and end of its string's text (between the quotes), or -1. */
    private readonly spans: number[],
  ) {}

  /** The member's value as JSON.parse gives it, when it is a string; undefined otherwise. */
  string(name: string): string | undefined {
    const at = this.found(name);
    if (at < 0) return undefined;
    const start = this.spans[at]!;
    const end = this.spans[at + 1]!;
    return start === end ? "" : decoded(this.bytes, start, end);
  }

  /** Whether the member is a string, without decoding it. */
  has(name: string): boolean {
    return this.found(name) >= 0;
  }

  /** Whether the member is a non-empty string, without decoding it. */
  nonEmpty(name: string): boolean {
    const at = this.found(name);
    return at >= 0 && this.spans[at + 1]! > this.spans[at]!;
  }

  /** Where the member's span starts in `spans`, or -1 when it is not wanted or not a string. */
  private found(name: string): number {
    const at = 2 * this.members.wanted.indexOf(name);
    return at >= 0 && this.spans[at]! >= 0 ? at : -1;
  }
}

/**
 * Finds a few top-level string members of a JSON object while checking the whole text as checkJsonText
 * does (same grammar, same verdict, in one pass that builds nothing but the members' positions). The
 * delivery path reads a CloudEvent's trace context, expiry and delay from every message, but not the
 * rest: JSON.parse of a 1 KB event built some 2.8 KB of objects per message for those few strings
 * (bench/profile-delivery.mjs). test/unit/json-members.test.ts holds it to JSON.parse on generated and
 * mutated documents.
 */
export class JsonMembers {
  private readonly names: Buffer[];
  /** Per key length in bytes, whether some wanted name has it: most keys are passed over on their length. */
  private readonly lengths = new Uint8Array(256);

  constructor(readonly wanted: readonly string[]) {
    this.names = wanted.map((name) => Buffer.from(name, "utf8"));
    for (const name of this.names) if (name.length < 256) this.lengths[name.length] = 1;
  }

  /** The wanted members of a valid JSON object (or of any valid text: then none), else the text's verdict. */
  scan(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): JsonMembersFound | Exclude<JsonTextVerdict, "valid"> {
    const spans: number[] = new Array<number>(2 * this.names.length).fill(-1);
    const n = bytes.length;
    const open: number[] = [];
    const words = n >= 64 ? new DataView(bytes.buffer, bytes.byteOffset, n) : undefined;
    let deepest = 0;
    // Where the span of the wanted name whose value starts next is kept (a top-level member's), or -1.
    let member = -1;
    let i = whitespaceEnd(bytes, 0);
    for (;;) {
      // A value starts at i.
      if (i >= n) return "invalid";
      const c = bytes[i]!;
      if (c === QUOTE) {
        const start = i + 1;
        i = stringEnd(bytes, start, words);
        if (member >= 0) {
          spans[member] = start;
          spans[member + 1] = i - 1;
        }
      } else {
        if (member >= 0) spans[member] = -1;
        if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          member = -1;
          open.push(c);
          if (open.length > deepest) deepest = open.length;
          i = whitespaceEnd(bytes, i + 1);
          if (i < n && bytes[i] === (c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) {
            open.pop();
            i++;
          } else {
            if (c === OPEN_BRACE) {
              if (i >= n || bytes[i] !== QUOTE) return "invalid";
              const keyEnd = stringEnd(bytes, i + 1, words);
              if (keyEnd < 0) return "invalid";
              if (open.length === 1) member = this.which(bytes, i + 1, keyEnd - 1);
              if ((i = valueStart(bytes, keyEnd)) < 0) return "invalid";
            }
            continue;
          }
        } else i = nonStringScalarEnd(bytes, i);
      }
      member = -1;
      if (i < 0) return "invalid";
      // After a value: close containers until a comma asks for the next value, or the text ends.
      for (;;) {
        i = whitespaceEnd(bytes, i);
        if (open.length === 0) {
          if (i !== n) return "invalid";
          return deepest > maxDepth ? "too-deep" : new JsonMembersFound(this, bytes, spans);
        }
        if (i >= n) return "invalid";
        const next = bytes[i]!;
        const container = open[open.length - 1]!;
        if (next === COMMA) {
          i = whitespaceEnd(bytes, i + 1);
          if (container === OPEN_BRACE) {
            if (i >= n || bytes[i] !== QUOTE) return "invalid";
            const keyEnd = stringEnd(bytes, i + 1, words);
            if (keyEnd < 0) return "invalid";
            if (open.length === 1) member = this.which(bytes, i + 1, keyEnd - 1);
            if ((i = valueStart(bytes, keyEnd)) < 0) return "invalid";
          }
          break;
        }
        if (next !== (container === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) return "invalid";
        open.pop();
        i++;
      }
    }
  }

  /** Where the span of the wanted name a key is (its text from `start` to the closing quote at `end`) is kept, or -1. */
  private which(bytes: Buffer, start: number, end: number): number {
    const length = end - start;
    for (let k = start; k < end; k++) {
      if (bytes[k] !== BACKSLASH) continue;
      const index = this.wanted.indexOf(decoded(bytes, start, end));
      return index < 0 ? -1 : 2 * index;
    }
    if (length >= 256 || this.lengths[length] === 0) return -1;
    // No escape: the key is its bytes, and a wanted name matches byte for byte (UTF-8 decoding never
    // turns other bytes into a name's characters).
    for (let w = 0; w < this.names.length; w++) {
      const name = this.names[w]!;
      if (name.length !== length) continue;
      let k = 0;
      while (k < length && name[k] === bytes[start + k]) k++;
      if (k === length) return 2 * w;
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
