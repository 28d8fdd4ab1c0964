import { createHash } from "node:crypto";
import type { Channel } from "amqplib";

/**
 * The delay ladder: long-lived queues shared by every topic of a broker, declared once and re-declared (a no-op)
 * on each connection. Level k is a topic exchange and a quorum queue of the same name, `runtime-delay.L<k>`, whose
 * queue-wide TTL is 2^k ticks; when a message expires there RabbitMQ dead-letters it, routing key unchanged, into
 * level k-1's exchange. A delayed message's routing key spells its delay in ticks in binary, one word per level
 * from the highest: `runtime-delay.<b25>.….<b0>.<destination>`. Level k's exchange sends a key with `1` in its
 * word to its queue (wait 2^k ticks) and one with `0` straight to level k-1's exchange, so a message waits exactly
 * the sum of its bits. Under level 0 the deliver exchange hands it to its topic's exchange.
 *
 * Why a ladder: RabbitMQ expires only the head of a queue, so one queue with per-message TTLs holds short delays
 * behind long ones; with one TTL per queue every queue is first in, first due. And why long-lived: RabbitMQ 3.10
 * does not restart a quorum queue declared within about a second before a crash (its messages stay unreachable),
 * so a queue must be older than that before a message it must keep arrives.
 */

/** One tick of the ladder: the unit a delay is rounded up to. */
export const TICK_MS = 100;
/** 2^26 - 1 ticks of 100 ms is 77 days, past RabbitMQ's 49-day cap on `maxDeliveryDelay`. */
export const LEVELS = 26;
/** The first word of every ladder routing key; the ladder's bindings all start with it. */
export const KEY_WORD = "runtime-delay";
/** Under level 0: routes `#.<destination>` to each topic's exchange, and everything to the sink. */
export const DELIVER_EXCHANGE = "runtime-delay.deliver";
/**
 * A classic queue that keeps nothing (`x-max-length: 0`), bound to every key of the deliver exchange. With
 * at-least-once dead-lettering RabbitMQ keeps a message it cannot route anywhere in its source queue and retries it
 * every few minutes, for ever; worse, such messages fill the dead-letter worker's window (32 in flight) and hold
 * back every message behind them. A topic without subscribers routes nowhere (an exchange-to-exchange binding to an
 * exchange without queues counts as no route): routed to the sink as well, its message is dropped at its time, as
 * a publish to that topic would be.
 */
export const SINK_QUEUE = "runtime-delay.sink";
/**
 * The levels' alternate exchange (fanout to the sink): a message whose key is not a ladder key (published into a
 * level queue by hand) is dropped instead of stalling its level as above.
 */
export const DROP_EXCHANGE = "runtime-delay.drop";
/** The top level: declared last, so its queue's existence says the ladder is complete. */
export const TOP_LEVEL = levelName(LEVELS - 1);

export function levelName(k: number): string {
  return `${KEY_WORD}.L${k}`;
}

/** The delay in whole ticks, rounded up: a message is never delivered before its time. */
export function ticksOf(delayMs: number): number {
  return Math.min(2 ** LEVELS - 1, Math.max(0, Math.ceil(delayMs / TICK_MS)));
}

/** A topic as one routing-key word (a topic may hold dots, `#` or `*`). */
export function destinationWord(topic: string): string {
  return createHash("sha256").update(topic).digest("hex").slice(0, 16);
}

/**
 * Where a delay enters the ladder: the level of its highest bit (the deliver exchange for none). Entering at the top
 * would route every publish through the empty levels above it, a topic-exchange lookup each (measured: 3-5 ms a
 * confirmed publish instead of 1-2).
 */
export function entryExchange(ticks: number): string {
  return ticks === 0 ? DELIVER_EXCHANGE : levelName(Math.floor(Math.log2(ticks)));
}

/** `runtime-delay.<bit 25>.….<bit 0>.<destination>`. */
export function ladderKey(ticks: number, destination: string): string {
  const words = [KEY_WORD];
  for (let k = LEVELS - 1; k >= 0; k--) words.push(Math.floor(ticks / 2 ** k) % 2 === 1 ? "1" : "0");
  words.push(destination);
  return words.join(".");
}

/** The pattern that matches `bit` in level k's word of a ladder key. */
function levelPattern(k: number, bit: "0" | "1"): string {
  return [KEY_WORD, ...Array<string>(LEVELS - 1 - k).fill("*"), bit, "#"].join(".");
}

/**
 * Declares the ladder (idempotent: the same arguments every time). Answers whether it was new: the top level's
 * queue, declared last, did not exist before.
 */
export async function declareLadder(channel: Channel, exists: (queue: string) => Promise<boolean>): Promise<boolean> {
  const fresh = !(await exists(TOP_LEVEL));
  // Sent together on one channel: RabbitMQ takes a channel's methods in order, so each binding finds its ends.
  const steps: Array<Promise<unknown>> = [
    channel.assertExchange(DELIVER_EXCHANGE, "topic", { durable: true, autoDelete: false }),
    channel.assertQueue(SINK_QUEUE, { durable: true, arguments: { "x-max-length": 0 } }),
    channel.bindQueue(SINK_QUEUE, DELIVER_EXCHANGE, "#"),
    channel.assertExchange(DROP_EXCHANGE, "fanout", { durable: true, autoDelete: false }),
    channel.bindQueue(SINK_QUEUE, DROP_EXCHANGE, ""),
  ];
  for (let k = 0; k < LEVELS; k++) {
    const name = levelName(k);
    const below = k === 0 ? DELIVER_EXCHANGE : levelName(k - 1);
    steps.push(
      channel.assertExchange(name, "topic", { durable: true, autoDelete: false, alternateExchange: DROP_EXCHANGE }),
      channel.assertQueue(name, {
        durable: true,
        arguments: {
          "x-queue-type": "quorum",
          "x-message-ttl": TICK_MS * 2 ** k,
          "x-dead-letter-exchange": below,
          // A classic queue dead-letters at most once: a crash between the expiry and the re-publish could lose it.
          "x-dead-letter-strategy": "at-least-once",
          "x-overflow": "reject-publish",
        },
      }),
      channel.bindQueue(name, name, levelPattern(k, "1")),
      channel.bindExchange(below, name, levelPattern(k, "0")),
    );
  }
  await Promise.all(steps);
  return fresh;
}
