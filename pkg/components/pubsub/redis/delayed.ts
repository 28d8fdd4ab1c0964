import { randomUUID } from "node:crypto";
import type { Logger } from "../../../diagnostics/logger.js";
import type { RedisClient } from "../../redis/client.js";
import type { Clock } from "../metadata.js";
import { FIELD_CONTENT_TYPE, FIELD_DATA, FIELD_EXPIRES_AT } from "./entry.js";
import type { PipelinedCommands } from "./pipeline.js";

/**
 * Delayed delivery on Redis: a sorted set beside each stream holds the messages not yet due, scored
 * by their delivery time (epoch ms); a Lua script moves the due ones into the stream. Both live in
 * Redis, so what a 204 promised survives any sidecar; Redis' own persistence (AOF/RDB) decides
 * whether it survives Redis. Every live sidecar of the component runs the mover: a script runs
 * atomically, so two movers never move one member twice (the XADD and the ZREM are one step), and
 * any one of them keeps the messages moving while the others are down.
 *
 * A member is one JSON line of what the stream entry carries besides the data (a unique id, so equal
 * payloads stay distinct members; the content type; the expiry, counted from the publish), then the
 * data bytes as they are (Lua strings are binary-safe).
 *
 * KEYS: the sorted set, the stream. ARGV: now (ms), the batch size, the count of XADD trimming
 * arguments and those arguments. Answers the number moved and the score of the next member, if any.
 */
const MOVE_DUE = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local trim = tonumber(ARGV[3])
for _, member in ipairs(due) do
  local newline = string.find(member, '\\n', 1, true)
  local head = cjson.decode(string.sub(member, 1, newline - 1))
  local args = {KEYS[2]}
  for i = 1, trim do args[#args + 1] = ARGV[3 + i] end
  args[#args + 1] = '*'
  args[#args + 1] = '${FIELD_DATA}'
  args[#args + 1] = string.sub(member, newline + 1)
  if head.c then
    args[#args + 1] = '${FIELD_CONTENT_TYPE}'
    args[#args + 1] = head.c
  end
  if head.e then
    args[#args + 1] = '${FIELD_EXPIRES_AT}'
    args[#args + 1] = head.e
  end
  redis.call('XADD', unpack(args))
  redis.call('ZREM', KEYS[1], member)
end
local next = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {#due, next[2] or false}
`;

/** The set of topics that have (or had) delayed messages, so a sidecar that never published to one still moves them. */
export const DELAYED_TOPICS_KEY = "runtime-delayed:topics";
/** Members moved per script call: one call holds Redis for about a millisecond per few hundred. */
const MOVE_BATCH = 500;

/** The last part of a poll interval during which the poll waits to leave with another command (half of it, at most 250 ms). */
function rideWindowMs(pollIntervalMs: number): number {
  return Math.min(250, Math.floor(pollIntervalMs / 2));
}

type MoveDue = (set: string, stream: string, ...args: Array<string | number>) => Promise<[number, string | null]>;

/**
 * The sorted set of a topic's delayed messages. In a Redis Cluster a script may only touch keys of
 * one slot, so the set carries the stream's hash tag: the topic's own when it has one, else the
 * topic wrapped in braces. Undefined for the rare topic whose braces defeat both (`a}b`, `x{}`).
 */
export function delayedKeyOf(topic: string, slotGroupOf: (key: string) => string): string | undefined {
  const own = slotGroupOf(topic) !== topic;
  const key = own ? `runtime-delayed:${topic}` : `runtime-delayed:{${topic}}`;
  return slotGroupOf(key) === slotGroupOf(topic) ? key : undefined;
}

export interface DelayedStoreOptions {
  client: RedisClient;
  publishes: PipelinedCommands;
  /** XADD's trimming arguments for a topic (MAXLEN/MINID), without the key and `*`. */
  trimming: (topic: string) => Array<string | number>;
  slotGroupOf: (key: string) => string;
  cluster: boolean;
  now: Clock;
  /** The longest a due message waits for a mover that did not see it coming (one published by another sidecar). */
  pollIntervalMs: number;
  logger: Logger;
}

/** Holds delayed messages in Redis and moves the due ones into their streams (see MOVE_DUE). */
export class DelayedStore {
  private stopped = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private wakeAt = Number.POSITIVE_INFINITY;
  private failing = false;

  constructor(private readonly options: DelayedStoreOptions) {
    options.client.defineCommand("runtimeMoveDue", { numberOfKeys: 2, lua: MOVE_DUE });
  }

  /** Resolves once Redis holds the message (the 204 of a delayed publish). */
  async hold(topic: string, data: Buffer, contentType: string | undefined, expiresAt: number | undefined, deliverAt: number): Promise<void> {
    const key = this.keyOf(topic);
    const head: Record<string, string> = { i: randomUUID() };
    if (contentType) head["c"] = contentType;
    if (expiresAt !== undefined) head["e"] = String(expiresAt);
    const member = Buffer.concat([Buffer.from(`${JSON.stringify(head)}\n`), data]);
    // The index first: a member whose topic no mover knows would wait for ever.
    await this.options.publishes.call("SADD", [DELAYED_TOPICS_KEY, topic]);
    await this.options.publishes.call("ZADD", [key, deliverAt, member]);
    if (deliverAt < this.wakeAt) this.wake?.();
  }

  /** Counts per topic of what Redis holds for later (runtime_pubsub_delayed_pending). */
  async pending(): Promise<Array<{ topic: string; count: number }>> {
    const topics = (await this.options.client.smembers(DELAYED_TOPICS_KEY)).sort();
    const counts = await Promise.all(topics.map(async (topic) => {
      const key = this.keyOf(topic, false);
      return { topic, count: key === undefined ? 0 : await this.options.client.zcard(key) };
    }));
    return counts;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private keyOf(topic: string, strict?: true): string;
  private keyOf(topic: string, strict: false): string | undefined;
  private keyOf(topic: string, strict = true): string | undefined {
    const key = delayedKeyOf(topic, this.options.slotGroupOf);
    if (key !== undefined || !this.options.cluster) return key ?? `runtime-delayed:${topic}`;
    if (strict) throw new Error(`topic ${JSON.stringify(topic)} cannot hold delayed messages in a Redis Cluster: its braces leave no hash tag the delay set can share with the stream`);
    return undefined;
  }

  private async run(): Promise<void> {
    // Whether this poll comes at the end of a plain poll interval (no member known to be due sooner): it then rides with a publish.
    let riding = false;
    while (!this.stopped) {
      let nextDue = Number.POSITIVE_INFINITY;
      try {
        const topics = riding ? await this.pollRiding() : await this.options.client.smembers(DELAYED_TOPICS_KEY);
        for (const topic of topics) {
          if (this.stopped) break;
          nextDue = Math.min(nextDue, await this.moveDue(topic));
        }
        if (this.failing) this.options.logger.info("delayed messages are moving again");
        this.failing = false;
      } catch (error) {
        if (!this.failing) this.options.logger.warn(`moving due delayed messages failed (retried every ${this.options.pollIntervalMs}ms): ${(error as Error).message}`);
        this.failing = true;
      }
      if (this.stopped) break;
      const now = this.options.now();
      const { pollIntervalMs } = this.options;
      if (nextDue - now <= pollIntervalMs) {
        riding = false;
        await this.sleep(Math.max(1, nextDue - now), now);
      } else {
        // The poll leaves in the last part of the interval with the first publish (or ack) written then, else alone at its end.
        riding = !(await this.sleep(Math.max(1, pollIntervalMs - rideWindowMs(pollIntervalMs)), now));
      }
    }
  }

  /**
   * The topic index, read with the next command the component writes within the ride window: on a
   * busy connection the poll then costs no socket write or read of its own. A delayed publish or a
   * close meanwhile sends it at once.
   */
  private async pollRiding(): Promise<string[]> {
    const { publishes, pollIntervalMs } = this.options;
    this.wake = () => publishes.sendRiders();
    try {
      return (await publishes.ride("SMEMBERS", [DELAYED_TOPICS_KEY], rideWindowMs(pollIntervalMs))) as string[];
    } finally {
      this.wake = undefined;
    }
  }

  /** Moves what is due on one topic; answers the next member's time (infinity: none). */
  private async moveDue(topic: string): Promise<number> {
    const key = this.keyOf(topic, false);
    if (key === undefined) return Number.POSITIVE_INFINITY;
    const trimming = this.options.trimming(topic);
    const move = (this.options.client as unknown as { runtimeMoveDue: MoveDue }).runtimeMoveDue;
    for (;;) {
      const [moved, next] = await move.call(this.options.client, key, topic, this.options.now(), MOVE_BATCH, trimming.length, ...trimming);
      if (moved < MOVE_BATCH || this.stopped) return next === null ? Number.POSITIVE_INFINITY : Number(next);
    }
  }

  /** Resolves true when woken before `ms` (a delayed publish due sooner, or close), false once `ms` passed. */
  private sleep(ms: number, now: number): Promise<boolean> {
    this.wakeAt = now + ms;
    return new Promise((resolve) => {
      const done = (woken: boolean): void => {
        clearTimeout(timer);
        this.wake = undefined;
        this.wakeAt = Number.POSITIVE_INFINITY;
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), ms);
      this.wake = () => done(true);
    });
  }
}
