import { randomFillSync } from "node:crypto";
import { SlicedBatch } from "./sliced-batch.js";

/** UUIDs' worth of random bytes drawn at once, as Node's own randomUUID caches its entropy. */
const POOL_UUIDS = 128;
const pool = Buffer.alloc(16 * POOL_UUIDS);
let nextInPool = POOL_UUIDS;
const HEX_DIGITS = Buffer.from("0123456789abcdef", "latin1");
/** The characters of a UUID's text form: 32 hex digits and 4 dashes. */
export const UUID_LENGTH = 36;

/**
 * A random (version 4, RFC 9562) UUID written as its 36 lower-case ASCII characters into `out` at `offset`,
 * what crypto.randomUUID returns but without its string: a bulk publish writes one into each entry's envelope,
 * where randomUUID's string (built of 20 concatenated pieces, then copied flat into the bytes) cost as much as
 * the rest of the envelope's attributes.
 */
export function writeRandomUuid(out: Buffer, offset: number): void {
  if (nextInPool === POOL_UUIDS) {
    randomFillSync(pool);
    nextInPool = 0;
  }
  const base = nextInPool++ * 16;
  pool[base + 6] = (pool[base + 6]! & 0x0f) | 0x40; // version 4
  pool[base + 8] = (pool[base + 8]! & 0x3f) | 0x80; // variant 10xx
  let at = offset;
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) out[at++] = 0x2d; // "-"
    const byte = pool[base + i]!;
    out[at++] = HEX_DIGITS[byte >> 4]!;
    out[at++] = HEX_DIGITS[byte & 0x0f]!;
  }
}

/** The bytes of a random UUID as a JSON string: its 36 characters in quotes. */
export const QUOTED_UUID_LENGTH = UUID_LENGTH + 2;

/** A random UUID as a JSON string (writeRandomUuid between quotes) into `out` at `offset`; returns the offset after it. */
export function writeQuotedRandomUuid(out: Buffer, offset: number): number {
  out[offset] = 0x22; // '"'
  writeRandomUuid(out, offset + 1);
  out[offset + UUID_LENGTH + 1] = 0x22;
  return offset + QUOTED_UUID_LENGTH;
}

/** UUIDs made 128 at a time into one string, each handed out as a slice of it. */
const UUIDS = new SlicedBatch(UUID_LENGTH, 128, (count) => {
  const bytes = Buffer.allocUnsafe(UUID_LENGTH * count);
  for (let i = 0; i < count; i++) writeRandomUuid(bytes, i * UUID_LENGTH);
  return bytes.toString("latin1");
});

/**
 * crypto.randomUUID's value (a random version 4 UUID, lower case) as a flat string: randomUUID builds its string of
 * 20 concatenated pieces (SlicedBatch says why that costs).
 */
export function randomUuid(): string {
  return UUIDS.take();
}
