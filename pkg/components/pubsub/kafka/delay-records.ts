import type { IHeaders, KafkaMessage, Message } from "kafkajs";

/**
 * The records of the delay topic (delayed.ts): a message as it would go to its topic, plus headers naming the
 * topic, the delivery time and when the mover looks at it next, written to the partition of its level.
 */

/** Levels 0..LEVELS-1: level k ≥ 1 waits 4^(k-1) s; the top one (about 12 days) is where longer delays hop. */
export const DELAY_LEVELS = 12;
/** The record's topic, its delivery time (epoch ms), when the mover looks at it next, and its own partition if it named one. */
export const TARGET_HEADER = "runtimed-delay-topic";
export const DUE_HEADER = "runtimed-delay-due";
export const HOP_HEADER = "runtimed-delay-hop";
const PARTITION_HEADER = "runtimed-delay-partition";
const DELAY_HEADERS = new Set([TARGET_HEADER, DUE_HEADER, HOP_HEADER, PARTITION_HEADER]);
const TOP_LEVEL_MS = 1000 * 4 ** (DELAY_LEVELS - 2);
/**
 * The delay topic keeps a record a week past the longest wait (the top level's), so a mover down for days still
 * finds every message; moved records go with Kafka's ordinary time-based deletion.
 */
export const DELAY_RETENTION_MS = TOP_LEVEL_MS + 7 * 24 * 3_600_000;

/** The level a remaining delay waits in, and when the mover looks at it again. */
export function placement(deliverAt: number, now: number): { level: number; hopAt: number } {
  const remaining = deliverAt - now;
  if (remaining < 1000) return { level: 0, hopAt: deliverAt };
  const level = Math.min(DELAY_LEVELS - 1, 1 + Math.floor(Math.log(remaining / 1000) / Math.log(4) + 1e-9));
  return { level, hopAt: now + 1000 * 4 ** (level - 1) };
}

/** A record of the delay topic for `record` (as it would go to `topic`), due at `deliverAt`. */
export function delayRecord(record: Message, topic: string, deliverAt: number, now: number): Message {
  const { level, hopAt } = placement(deliverAt, now);
  const headers: IHeaders = { ...withoutDelayHeaders(record.headers), [TARGET_HEADER]: topic, [DUE_HEADER]: String(deliverAt), [HOP_HEADER]: String(hopAt) };
  if (record.partition !== undefined) headers[PARTITION_HEADER] = String(record.partition);
  return { value: record.value, headers, partition: level, ...(record.key !== undefined && record.key !== null ? { key: record.key } : {}) };
}

/** Where a delay-topic record goes once its hop time came: its topic (due) or its next level; undefined: not a delayed record. */
export function nextHop(message: KafkaMessage, delayTopic: string, now: number): { topic: string; record: Message } | undefined {
  const target = headerText(message.headers, TARGET_HEADER);
  if (!target) return undefined;
  const due = Number(headerText(message.headers, DUE_HEADER));
  const record: Message = { value: message.value, headers: message.headers ?? {}, ...(message.key ? { key: message.key } : {}) };
  const partition = headerText(message.headers, PARTITION_HEADER);
  if (partition !== undefined && /^\d+$/.test(partition)) record.partition = Number(partition);
  if (Number.isFinite(due) && due > now) return { topic: delayTopic, record: delayRecord(record, target, due, now) };
  return { topic: target, record: { ...record, headers: withoutDelayHeaders(message.headers) } };
}

/** When the mover looks at a delay-topic record (at once when it carries no time). */
export function hopAtOf(message: KafkaMessage): number {
  const hop = Number(headerText(message.headers, HOP_HEADER));
  return Number.isFinite(hop) ? hop : 0;
}

export function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  if (value === undefined) return undefined;
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === undefined ? undefined : last.toString();
}

function withoutDelayHeaders(headers: IHeaders | undefined): IHeaders {
  const out: IHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (!DELAY_HEADERS.has(name)) out[name] = value;
  return out;
}
