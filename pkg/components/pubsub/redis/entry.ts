/**
 * How a message is laid out in a stream entry. `data` holds the bytes the runtime built (Dapr's
 * field name, so Dapr subscribers of the same stream read it); `expiresAt` (epoch ms) carries the
 * TTL, which Redis Streams cannot expire per entry, so readers skip and acknowledge expired ones.
 */
export const FIELD_DATA = "data";
export const FIELD_CONTENT_TYPE = "contentType";
export const FIELD_EXPIRES_AT = "expiresAt";

export interface StreamEntry {
  id: string;
  /** Undefined when the entry was trimmed or deleted while pending (XAUTOCLAIM/XCLAIM report it so). */
  data?: Buffer;
  contentType?: string;
  expiresAt?: number;
}

/** XADD field/value arguments for one message. */
export function entryFields(data: Buffer, contentType: string | undefined, expiresAt: number | undefined): Array<string | Buffer> {
  const fields: Array<string | Buffer> = [FIELD_DATA, data];
  if (contentType) fields.push(FIELD_CONTENT_TYPE, contentType);
  if (expiresAt !== undefined) fields.push(FIELD_EXPIRES_AT, String(expiresAt));
  return fields;
}

/** One `[id, [field, value, ...] | null]` pair as RESP2 returns it with callBuffer. */
export function decodeEntry(raw: unknown): StreamEntry | undefined {
  if (!Array.isArray(raw) || raw.length < 2) return undefined;
  const id = String(raw[0]);
  const fields = raw[1];
  if (!Array.isArray(fields)) return { id };
  const entry: StreamEntry = { id };
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const name = String(fields[i]);
    const value = fields[i + 1] as Buffer;
    if (name === FIELD_DATA) entry.data = Buffer.isBuffer(value) ? value : Buffer.from(String(value));
    else if (name === FIELD_CONTENT_TYPE) entry.contentType = String(value);
    else if (name === FIELD_EXPIRES_AT) {
      const at = Number(String(value));
      if (Number.isFinite(at)) entry.expiresAt = at;
    }
  }
  return entry;
}

/**
 * Entries of an XREADGROUP reply (null when BLOCK timed out). RESP2 nests `[[stream, entries], ...]`;
 * ioredis 6 speaks RESP3, where the reply is a map that arrives flattened as `[stream, entries, ...]`.
 */
export function decodeReadReply(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return [];
  const perStream: unknown[] = Array.isArray(reply[0]) ? reply.map((pair) => (Array.isArray(pair) ? pair[1] : undefined)) : reply.filter((_, i) => i % 2 === 1);
  const entries: StreamEntry[] = [];
  for (const list of perStream) {
    if (!Array.isArray(list)) continue;
    for (const raw of list as unknown[]) {
      const entry = decodeEntry(raw);
      if (entry) entries.push(entry);
    }
  }
  return entries;
}

/** Entries of an XREADGROUP reply over several streams, per stream name (empty when BLOCK timed out or was unblocked). */
export function decodeReadReplyByStream(reply: unknown): Array<[string, StreamEntry[]]> {
  if (!Array.isArray(reply)) return [];
  const pairs: Array<[unknown, unknown]> = [];
  if (Array.isArray(reply[0])) for (const pair of reply) pairs.push([(pair as unknown[])[0], (pair as unknown[])[1]]);
  else for (let i = 0; i + 1 < reply.length; i += 2) pairs.push([reply[i], reply[i + 1]]);
  return pairs.map(([name, list]) => [String(name), decodeEntryList(list)]);
}

/** Entries of a plain list of `[id, fields]` (XCLAIM, and the second element of XAUTOCLAIM). */
export function decodeEntryList(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return [];
  return reply.map(decodeEntry).filter((e): e is StreamEntry => e !== undefined);
}

/** Redis error replies the consumer reacts to: the group (or the whole stream) is gone, e.g. after a restart without persistence. */
export function isNoGroupError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("NOGROUP");
}

export function isBusyGroupError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("BUSYGROUP");
}
