import { jsonString } from "./json.js";

/**
 * JSON text of which each character is one byte, for the envelopes written on every publish: text known to be
 * plain ASCII is written with its length as its size (Buffer#latin1Write), where text of unknown characters is
 * measured (Buffer.byteLength) and written as UTF-8, each a native call that flattens the string first.
 */

/** Printable ASCII with nothing JSON escapes (`"`, `\`). */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Whether `text` goes into a JSON string as it is, one byte a character. Trace contexts, uuids and times do. */
export function isPlainAscii(text: string): boolean {
  return PLAIN_ASCII.test(text);
}

/**
 * `prefix`, a value as a JSON string and `suffix`, remembered for as long as the value repeats (an envelope's pub/sub
 * name, topic, source, content type and event type are mostly the same from one publish to the next), and whether
 * that text is all ASCII (prefix and suffix are).
 */
export class RecentQuotedText {
  private value: string | undefined;
  private current = { text: "", plain: true };

  constructor(
    private readonly prefix: string,
    private readonly suffix: string,
  ) {}

  of(value: string): { readonly text: string; readonly plain: boolean } {
    if (value !== this.value) {
      this.current = { text: `${this.prefix}${jsonString(value)}${this.suffix}`, plain: isPlainAscii(value) };
      this.value = value;
    }
    return this.current;
  }
}
