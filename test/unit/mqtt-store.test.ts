import { describe, expect, it } from "@jest/globals";
import type { Packet } from "mqtt";
import { SlotStore } from "../../pkg/components/pubsub/mqtt/store.js";
import { PendingAcks } from "../../pkg/components/pubsub/coalescer.js";

const publish = (messageId: number, body: string): Packet => ({ cmd: "publish", topic: "t", payload: Buffer.from(body), qos: 1, retain: false, dup: false, messageId });

async function listed(store: SlotStore): Promise<string[]> {
  const out: string[] = [];
  for await (const packet of store.createStream()) out.push(`${(packet as { messageId: number }).messageId}:${(packet as { payload: Buffer }).payload.toString()}`);
  return out;
}

describe("SlotStore (mqtt.js' outgoing store, in an array)", () => {
  it("keeps each packet until deleted, and lists what is left in the order it was stored", async () => {
    const store = new SlotStore();
    const done = (): void => undefined;
    store.put(publish(5, "a"), done).put(publish(2, "b"), done).put(publish(9, "c"), done);
    const deleted = await new Promise<Packet | undefined>((resolve, reject) => store.del({ messageId: 2 }, (error, packet) => (error ? reject(error) : resolve(packet))));
    expect((deleted as { payload: Buffer }).payload.toString()).toBe("b");
    // A packet id used again (a pubrel replacing its publish, or a later publish) takes the newer place.
    store.put(publish(5, "d"), done);
    expect(await listed(store)).toEqual(["9:c", "5:d"]);
    const missing = await new Promise<Error | undefined>((resolve) => store.get({ messageId: 2 }, (error) => resolve(error)));
    expect(missing?.message).toBe("missing packet");
    await new Promise<void>((resolve) => store.close(() => resolve()));
    expect(await listed(store)).toEqual([]);
  });
});

describe("PendingAcks", () => {
  it("settles in and out of order past its first slots, fails all at once, and times out the rest", async () => {
    const pending = new PendingAcks<number>(60, () => new Error("timed out"));
    const outcomes = Array.from({ length: 150 }, (_, key) => pending.wait(key).then(() => "ok", (error: Error) => error.message));
    for (let key = 149; key >= 100; key--) pending.settle(key);
    for (let key = 0; key < 50; key++) pending.settle(key, new Error("refused"));
    expect(pending.size).toBe(50);
    expect(pending.has(60)).toBe(true);
    const results = await Promise.all(outcomes);
    expect(results.slice(0, 50).every((r) => r === "refused")).toBe(true);
    expect(results.slice(50, 100).every((r) => r === "timed out")).toBe(true);
    expect(results.slice(100).every((r) => r === "ok")).toBe(true);
    expect(pending.size).toBe(0);
    const lost = pending.wait(7);
    const later = pending.wait(8);
    pending.failAll(new Error("connection lost"));
    await expect(lost).rejects.toThrow("connection lost");
    await expect(later).rejects.toThrow("connection lost");
    const again = pending.wait(7);
    pending.settle(7);
    await expect(again).resolves.toBeUndefined();
    pending.close(new Error("closed"));
  });
});
