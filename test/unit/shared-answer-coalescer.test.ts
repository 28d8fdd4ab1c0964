import { describe, expect, it } from "@jest/globals";
import { SharedAnswerCoalescer } from "../../pkg/components/pubsub/coalescer.js";

/** The kit's per-request coalescer (Kafka's produce requests): what leaves together, and who hears what. */
describe("SharedAnswerCoalescer", () => {
  function recorder(fail: (items: string[]) => boolean = () => false) {
    const sent: string[][] = [];
    const coalescer = new SharedAnswerCoalescer<string>({
      send: (items) => {
        sent.push(items);
        return fail(items) ? Promise.reject(new Error(`refused ${items.join(",")}`)) : Promise.resolve();
      },
      sizeOf: (item) => item.length,
      maxBytes: 10,
    });
    return { sent, coalescer };
  }

  it("sends a lone item at once, on its own", async () => {
    const { sent, coalescer } = recorder();
    const answered = coalescer.push("a", true);
    expect(sent).toEqual([["a"]]);
    await expect(answered).resolves.toBeUndefined();
  });

  it("sends items issued while a request is out together at the end of the turn, all answered by it", async () => {
    const { sent, coalescer } = recorder();
    const answers = ["a", "b", "c"].map((item) => coalescer.push(item));
    expect(sent).toEqual([]);
    await Promise.all(answers);
    expect(sent).toEqual([["a", "b", "c"]]);
  });

  it("opens the next request past maxBytes, and a refused request fails only its own items", async () => {
    const { sent, coalescer } = recorder((items) => items.includes("cccccc"));
    const answers = ["aaaa", "bbbb", "cccccc", "dd"].map((item) => coalescer.push(item).then(() => "ok", (error: Error) => error.message));
    expect(await Promise.all(answers)).toEqual(["ok", "ok", "refused cccccc,dd", "refused cccccc,dd"]);
    expect(sent).toEqual([["aaaa", "bbbb"], ["cccccc", "dd"]]);
  });

  it("holds an item bigger than maxBytes in a request of its own", async () => {
    const { sent, coalescer } = recorder();
    await Promise.all(["a", "x".repeat(20), "b"].map((item) => coalescer.push(item)));
    expect(sent).toEqual([["a"], ["x".repeat(20)], ["b"]]);
  });
});
