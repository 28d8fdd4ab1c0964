/**
 * JSON from outside, bounded in depth. V8's JSON.parse copes with any nesting, but
 * everything that walks the result recursively (JSON.stringify, validators, spreads of nested data)
 * overflows the stack somewhere past a few thousand levels; no real document comes near the bound.
 * Every place JSON enters the process parses through here; values that did not come as JSON text
 * (YAML documents) are checked with `assertJsonDepth`.
 */

/** Levels of arrays and objects accepted; the top-level container is level 1. */
export const MAX_JSON_DEPTH = 100;

export class JsonDepthError extends Error {
  constructor(readonly maxDepth: number) {
    super(`JSON nested deeper than ${maxDepth} levels`);
    this.name = "JsonDepthError";
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the JSON text nests deeper than `maxDepth`, in one pass over the bytes without building
 * anything: brackets inside strings do not count. Malformed text is not judged here (JSON.parse does
 * that); this only bounds it.
 */
export function jsonTooDeep(input: Uint8Array | string, maxDepth = MAX_JSON_DEPTH): boolean {
  // Fewer bytes than levels cannot go that deep: the common small body costs nothing.
  if (input.length <= maxDepth) return false;
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const length = bytes.length;
  let depth = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      i = closingQuote(bytes, i + 1);
      // Never closed: no bracket after it counts, and JSON.parse refuses the text anyway.
      if (i < 0) return false;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      if (depth > 0) depth--;
    }
  }
  return false;
}

/** Bytes of a string scanned one by one before the search switches to Buffer#indexOf. */
const SHORT_STRING = 32;

/**
 * The index of the quote closing a string whose text starts at `start`, or -1. Keys and short values
 * are scanned byte by byte (a native indexOf call costs more than they do); a long string (padding,
 * base64, an embedded document: most of a bulk body's bytes) is skipped with indexOf, a memchr. A
 * quote found that way is escaped when an odd run of backslashes precedes it.
 */
function closingQuote(bytes: Buffer, start: number): number {
  const scanUntil = Math.min(bytes.length, start + SHORT_STRING);
  let i = start;
  for (; i < scanUntil; i++) {
    const byte = bytes[i]!;
    if (byte === BACKSLASH) i++;
    else if (byte === QUOTE) return i;
  }
  for (;;) {
    const quote = bytes.indexOf(QUOTE, i);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let k = quote - 1; k >= start && bytes[k] === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    i = quote + 1;
  }
}

/** JSON.parse of UTF-8 bytes or text, refusing nesting beyond `maxDepth` (JsonDepthError) before parsing. */
export function parseJson(input: Uint8Array | string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (jsonTooDeep(input, maxDepth)) throw new JsonDepthError(maxDepth);
  return JSON.parse(typeof input === "string" ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString("utf8"));
}

/** Throws JsonDepthError when an already-built value (a YAML document, say) nests deeper than `maxDepth`; iterative, so any depth is safe to check. */
export function assertJsonDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): void {
  const stack: Array<[unknown, number]> = [[value, 1]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null || seen.has(node)) continue;
    if (depth > maxDepth) throw new JsonDepthError(maxDepth);
    seen.add(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
}

/** What `checkJsonText` finds: text JSON.parse refuses, text it accepts, or accepted text nested deeper than the bound. */
export type JsonTextVerdict = "invalid" | "valid" | "too-deep";

const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;
const LOWER_U = 0x75;
const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const NULL = Buffer.from("null");
/** The characters a backslash may escape: `"`, `\`, `/`, b, f, n, r, t (`u` is checked apart). */
const SIMPLE_ESCAPE = new Uint8Array(128);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPE[c.charCodeAt(0)] = 1;

/**
 * Whether JSON.parse would accept UTF-8 `bytes` (decoded as Buffer#toString does), and whether they nest
 * deeper than `maxDepth`, in one pass that builds nothing: the envelope only needs to know that a body is
 * JSON, and JSON.parse's result (a whole object graph per publish) was garbage at once. Exact at the byte
 * level because UTF-8 decoding never turns a byte of 0x80 or above into an ASCII character nor consumes an
 * ASCII byte: such bytes are text inside a string and a syntax error anywhere else, as their characters are
 * to JSON.parse. test/unit/json-text.test.ts holds it to JSON.parse on generated and mutated documents.
 */
export function checkJsonText(bytes: Buffer, maxDepth = MAX_JSON_DEPTH): JsonTextVerdict {
  const n = bytes.length;
  // The open containers, innermost last: an opening bracket or brace.
  const open: number[] = [];
  // A view for stringEnd's word reads, when there are enough bytes to be worth it.
  const words = n >= 64 ? new DataView(bytes.buffer, bytes.byteOffset, n) : undefined;
  let deepest = 0;
  let i = whitespaceEnd(bytes, 0);
  for (;;) {
    // A value starts at i.
    if (i >= n) return "invalid";
    const c = bytes[i]!;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      open.push(c);
      if (open.length > deepest) deepest = open.length;
      i = whitespaceEnd(bytes, i + 1);
      if (i < n && bytes[i] === (c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) {
        open.pop();
        i++;
      } else {
        if (c === OPEN_BRACE && (i = memberValueStart(bytes, i, words)) < 0) return "invalid";
        continue;
      }
    } else if (c === QUOTE) i = stringEnd(bytes, i + 1, words);
    else if (c === MINUS || (c >= ZERO && c <= NINE)) i = numberEnd(bytes, i);
    else if (c === 0x74) i = literalEnd(bytes, i, TRUE);
    else if (c === 0x66) i = literalEnd(bytes, i, FALSE);
    else if (c === 0x6e) i = literalEnd(bytes, i, NULL);
    else return "invalid";
    if (i < 0) return "invalid";
    // After a value: close containers until a comma asks for the next value, or the text ends.
    for (;;) {
      i = whitespaceEnd(bytes, i);
      if (open.length === 0) return i !== n ? "invalid" : deepest > maxDepth ? "too-deep" : "valid";
      if (i >= n) return "invalid";
      const next = bytes[i]!;
      const container = open[open.length - 1]!;
      if (next === COMMA) {
        i = whitespaceEnd(bytes, i + 1);
        if (container === OPEN_BRACE && (i = memberValueStart(bytes, i, words)) < 0) return "invalid";
        break;
      }
      if (next !== (container === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) return "invalid";
      open.pop();
      i++;
    }
  }
}

/** Past the JSON whitespace from i. */
export function whitespaceEnd(bytes: Buffer, i: number): number {
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

/** From a member's key (at i), past its colon, to where its value starts; -1 when that is not what is there. */
function memberValueStart(bytes: Buffer, i: number, words: DataView | undefined): number {
  if (i >= bytes.length || bytes[i] !== QUOTE) return -1;
  i = stringEnd(bytes, i + 1, words);
  if (i < 0) return -1;
  i = whitespaceEnd(bytes, i);
  if (i >= bytes.length || bytes[i] !== COLON) return -1;
  return whitespaceEnd(bytes, i + 1);
}

/**
 * Past the quote closing a string whose text starts at i; -1 for a control character, a bad escape or no
 * closing quote. Plain text is skipped four bytes at a time while no byte of the word is a quote, a
 * backslash or below 0x20 (the word tests of "Bit Twiddling Hacks": a zero byte of x ^ c, a byte of x below
 * 0x20); most of a body's bytes are in long strings.
 */
export function stringEnd(bytes: Buffer, i: number, words?: DataView): number {
  const n = bytes.length;
  if (words) {
    while (i + 4 <= n) {
      const x = words.getUint32(i, true);
      const quote = x ^ 0x22222222;
      const backslash = x ^ 0x5c5c5c5c;
      if (((((x - 0x20202020) & ~x) | ((quote - 0x01010101) & ~quote) | ((backslash - 0x01010101) & ~backslash)) & 0x80808080) !== 0) break;
      i += 4;
    }
  }
  while (i < n) {
    const c = bytes[i]!;
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c !== BACKSLASH) {
      i++;
      continue;
    }
    if (i + 1 >= n) return -1;
    const escaped = bytes[i + 1]!;
    if (escaped === LOWER_U) {
      if (i + 5 >= n || !isHex(bytes[i + 2]!) || !isHex(bytes[i + 3]!) || !isHex(bytes[i + 4]!) || !isHex(bytes[i + 5]!)) return -1;
      i += 6;
    } else if (escaped < 128 && SIMPLE_ESCAPE[escaped] === 1) i += 2;
    else return -1;
  }
  return -1;
}

function isHex(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Past a number (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) starting at i; -1 when malformed. */
function numberEnd(bytes: Buffer, i: number): number {
  const n = bytes.length;
  if (bytes[i] === MINUS) i++;
  if (i >= n) return -1;
  if (bytes[i] === ZERO) i++;
  else if (bytes[i]! > ZERO && bytes[i]! <= NINE) i = digitsEnd(bytes, i + 1);
  else return -1;
  if (i < n && bytes[i] === DOT) {
    const start = i + 1;
    i = digitsEnd(bytes, start);
    if (i === start) return -1;
  }
  if (i < n && (bytes[i] === LOWER_E || bytes[i] === UPPER_E)) {
    i++;
    if (i < n && (bytes[i] === PLUS || bytes[i] === MINUS)) i++;
    const start = i;
    i = digitsEnd(bytes, start);
    if (i === start) return -1;
  }
  return i;
}

function digitsEnd(bytes: Buffer, i: number): number {
  const n = bytes.length;
  while (i < n && bytes[i]! >= ZERO && bytes[i]! <= NINE) i++;
  return i;
}

/** Past the number, `true`, `false` or `null` at i; -1 when none is there (strings: stringEnd). For scanners on checkJsonText's grammar. */
export function nonStringScalarEnd(bytes: Buffer, i: number): number {
  const c = bytes[i];
  if (c === MINUS || (c !== undefined && c >= ZERO && c <= NINE)) return numberEnd(bytes, i);
  if (c === 0x74) return literalEnd(bytes, i, TRUE);
  if (c === 0x66) return literalEnd(bytes, i, FALSE);
  if (c === 0x6e) return literalEnd(bytes, i, NULL);
  return -1;
}

function literalEnd(bytes: Buffer, i: number, literal: Buffer): number {
  if (i + literal.length > bytes.length) return -1;
  for (let k = 1; k < literal.length; k++) if (bytes[i + k] !== literal[k]) return -1;
  return i + literal.length;
}

/** What JSON.stringify escapes in a string: `"`, `\`, control characters and (lone) surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * JSON.stringify of a string: quoted as it is when nothing in it needs an escape, which a regular
 * expression test finds in half the time JSON.stringify's own set-up takes on a short string (the
 * envelope quotes eight per publish).
 */
export function jsonString(value: string): string {
  return ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/**
 * jsonString remembering the last value it quoted: an envelope attribute such as the pub/sub name, the topic, the
 * source or the content type is mostly the same from one publish to the next, and an equal string costs a
 * comparison where quoting it again costs a regular expression test and a new string.
 */
export class RecentJsonString {
  private value = "";
  private quoted = '""';

  of(value: string): string {
    if (value !== this.value) {
      this.quoted = jsonString(value);
      this.value = value;
    }
    return this.quoted;
  }
}
