import { describe, expect, it } from "@jest/globals";
import { DELIVER_EXCHANGE, destinationWord, entryExchange, KEY_WORD, ladderKey, LEVELS, levelName, TICK_MS, ticksOf } from "../../pkg/components/pubsub/rabbitmq/ladder.js";
import { MAX_DELAY_MS } from "../../pkg/components/pubsub/rabbitmq/metadata.js";

/** The delay ladder's arithmetic: a delay rounds up to whole ticks, and its key spells them one bit per level. */

/** What the ladder makes a message wait: the sum of the levels whose word is 1. */
function waitOf(key: string): number {
  const bits = key.split(".").slice(1, 1 + LEVELS);
  return bits.reduce((sum, bit, i) => sum + (bit === "1" ? TICK_MS * 2 ** (LEVELS - 1 - i) : 0), 0);
}

describe("RabbitMQ delay ladder", () => {
  it("never waits less than the delay, and at most one tick more", () => {
    for (const delay of [0, 1, 99, 100, 101, 1500, 2999, 60_000, 86_400_000, MAX_DELAY_MS]) {
      const wait = waitOf(ladderKey(ticksOf(delay), "d"));
      expect(wait).toBeGreaterThanOrEqual(delay);
      expect(wait - delay).toBeLessThan(TICK_MS);
    }
    expect(ticksOf(-5000)).toBe(0);
  });

  it("reaches RabbitMQ's longest delay with its levels", () => {
    expect(TICK_MS * (2 ** LEVELS - 1)).toBeGreaterThanOrEqual(MAX_DELAY_MS);
  });

  it("spells a key as the word, one bit per level from the highest, and the destination", () => {
    expect(ladderKey(5, "abc")).toBe([KEY_WORD, ...Array<string>(LEVELS - 3).fill("0"), "1", "0", "1", "abc"].join("."));
  });

  it("enters at the level of the highest bit, or straight at the deliver exchange", () => {
    expect(entryExchange(0)).toBe(DELIVER_EXCHANGE);
    expect(entryExchange(1)).toBe(levelName(0));
    expect(entryExchange(5)).toBe(levelName(2));
    expect(entryExchange(2 ** 25)).toBe(levelName(25));
  });

  it("turns any topic into one routing-key word", () => {
    expect(destinationWord("a.b#*")).toMatch(/^[0-9a-f]{16}$/);
    expect(destinationWord("a")).not.toBe(destinationWord("b"));
  });
});
