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
