import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { componentConsumerGroup, consumerIdOf, metadataBool, metadataDurationMs, metadataInt, metadataValue } from "../../pkg/components/pubsub/metadata.js";
import { HandlerPool } from "../../pkg/components/pubsub/pool.js";
import { expiresAtOf, isExpired, ttlSecondsOf } from "../../pkg/components/pubsub/ttl.js";

/** A promise settled from outside, so a test decides when a handler finishes. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("HandlerPool (shared by every broker's subscription)", () => {
  it("runs at most `concurrency` handlers, queues the rest in order, and drained() waits for the running ones", async () => {
    const gates = new Map<number, ReturnType<typeof gate>>();
    const started: number[] = [];
    const pool = new HandlerPool<number>({
      concurrency: 2,
      handle: (n) => {
        started.push(n);
        const g = gate();
        gates.set(n, g);
        return g.promise;
      },
    });
    for (const n of [1, 2, 3, 4]) pool.push(n);
    expect(started).toEqual([1, 2]);
    expect(pool.inFlight).toBe(2);
    expect(pool.outstanding).toBe(4);
    const room = pool.changed();
    gates.get(1)!.open();
    await room;
    expect(started).toEqual([1, 2, 3]);
    let drained = false;
    const dropped = pool.stop();
    expect(dropped).toEqual([4]);
    const done = pool.drained().then(() => (drained = true));
    gates.get(2)!.open();
    await Promise.resolve();
    expect(drained).toBe(false);
    gates.get(3)!.open();
    await done;
    expect(pool.inFlight).toBe(0);
    pool.push(5);
    expect(started).toEqual([1, 2, 3]);
  });

  it("reports a rejecting handler to onError and keeps going", async () => {
    const errors: string[] = [];
    const handled: number[] = [];
    const pool = new HandlerPool<number>({
      concurrency: 1,
      handle: (n) => (n === 1 ? Promise.reject(new Error("bad 1")) : Promise.resolve(void handled.push(n))),
      onError: (error) => errors.push((error as Error).message),
    });
    pool.push(1);
    pool.push(2);
    await pool.drained();
    await pool.drained();
    expect(errors).toEqual(["bad 1"]);
    expect(handled).toEqual([2]);
  });
});

describe("ttl (Dapr's ttlInSeconds)", () => {
  it("turns a positive whole number of seconds into an absolute expiry, and rejects anything else by name", () => {
    expect(ttlSecondsOf({})).toBeUndefined();
    expect(ttlSecondsOf({ ttlInSeconds: "" })).toBeUndefined();
    expect(ttlSecondsOf({ TTLInSeconds: "5" })).toBe(5);
    expect(expiresAtOf({ ttlInSeconds: "2" }, 1000)).toBe(3000);
    for (const bad of ["0", "-1", "1.5", "soon"]) expect(() => ttlSecondsOf({ ttlInSeconds: bad })).toThrow("metadata ttlInSeconds must be a positive integer");
    expect(isExpired(undefined, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(3000, 2999)).toBe(false);
    expect(isExpired(3000, 3000)).toBe(true);
  });
});

describe("request metadata helpers (Dapr's names, case-insensitive)", () => {
  it("reads names in any case, treats empty as absent, and names the field in errors", () => {
    const metadata = { ConsumerId: " group-a ", maxCount: "7", enabled: "TRUE", wait: "1m30s", empty: "" };
    expect(metadataValue(metadata, "consumerID")).toBe(" group-a ");
    expect(metadataValue(metadata, "empty")).toBeUndefined();
    expect(metadataValue(metadata, "missing", ["maxcount"])).toBe("7");
    expect(consumerIdOf(metadata)).toBe("group-a");
    expect(consumerIdOf({ consumerID: "  " })).toBeUndefined();
    expect(metadataInt(metadata, "maxCount", 1, { min: 1 })).toBe(7);
    expect(metadataInt(metadata, "absent", 3)).toBe(3);
    expect(() => metadataInt(metadata, "maxCount", 1, { max: 5 })).toThrow("metadata maxCount must be at most 5");
    expect(() => metadataInt({ n: "x" }, "n", 1)).toThrow('metadata n must be an integer, got "x"');
    expect(metadataBool(metadata, "enabled", false)).toBe(true);
    expect(() => metadataBool({ b: "yes" }, "b", false)).toThrow("metadata b must be true or false");
    expect(metadataDurationMs(metadata, "wait", 0)).toBe(90_000);
    expect(() => metadataDurationMs({ d: "soon" }, "d", 0)).toThrow("metadata d must be a duration");
  });

  it("defaults the component's consumer group to the app-id and refuses whitespace, naming the component", () => {
    expect(componentConsumerGroup(ComponentMetadata.of("ps", "pubsub.x", {}), "app-1")).toBe("app-1");
    expect(componentConsumerGroup(ComponentMetadata.of("ps", "pubsub.x", { consumerID: "g" }), "app-1")).toBe("g");
    expect(() => componentConsumerGroup(ComponentMetadata.of("ps", "pubsub.x", { consumerID: "a b" }), "app-1")).toThrow('component "ps" (pubsub.x): metadata field "consumerID" must not contain whitespace');
  });
});
