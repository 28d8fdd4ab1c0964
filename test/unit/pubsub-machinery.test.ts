import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import {
  componentConsumerGroup,
  consumerIdOf,
  expiresAtOf,
  isExpired,
  MAX_TTL_MS,
  metadataBool,
  metadataDurationMs,
  metadataInt,
  metadataTtlMs,
  metadataValue,
  readPublishOptions,
} from "../../pkg/components/pubsub/metadata.js";
import { HandlerPool } from "../../pkg/components/pubsub/pool.js";
import { BrokerPubSub } from "../../pkg/components/pubsub/broker.js";
import type { ActiveSubscription, MessageHandler, PubSubFeature, SubscribeRequest } from "../../pkg/components/pubsub/types.js";
import { testContext } from "../conformance/context.js";
import { waitFor } from "../support/ports.js";

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

describe("ttl (Dapr's TryGetTTL forms)", () => {
  it("reads whole seconds or a Go duration under ttlInSeconds or ttl, clamps a huge one, and refuses zero, negatives and fractions by name", () => {
    expect(metadataTtlMs({})).toBeUndefined();
    expect(metadataTtlMs({ ttlInSeconds: "" })).toBeUndefined();
    expect(metadataTtlMs({ TTLInSeconds: "5" })).toBe(5000);
    expect(metadataTtlMs({ ttl: "1m30s" })).toBe(90_000);
    expect(metadataTtlMs({ ttlInSeconds: "1500ms" })).toBe(1500);
    expect(metadataTtlMs({ ttlInSeconds: "99999999999999999999" })).toBe(MAX_TTL_MS);
    expect(expiresAtOf(2000, 1000)).toBe(3000);
    expect(expiresAtOf(undefined, 1000)).toBeUndefined();
    for (const bad of ["0", "0s", "-1", "-5s", "1.5", "1e2", "soon"]) expect(() => metadataTtlMs({ ttlInSeconds: bad })).toThrow(`metadata ttlInSeconds must be a positive whole number of seconds or a duration such as 90s, got ${JSON.stringify(bad)}`);
    expect(() => metadataTtlMs({ ttl: "0" })).toThrow('metadata ttl must be');
    expect(isExpired(undefined, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(3000, 2999)).toBe(false);
    expect(isExpired(3000, 3000)).toBe(true);
  });

  it("reads rawPayload in Go's ParseBool forms and refuses anything else", () => {
    for (const yes of ["true", "TRUE", "True", "t", "1"]) expect(readPublishOptions({ rawPayload: yes }).rawPayload).toBe(true);
    for (const no of ["false", "F", "0", ""]) expect(readPublishOptions({ rawPayload: no }).rawPayload).toBe(false);
    expect(() => readPublishOptions({ rawPayload: "yes" })).toThrow('metadata rawPayload must be true or false, got "yes"');
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
    expect(metadataInt(metadata, "maxCount", 1, 1)).toBe(7);
    expect(metadataInt(metadata, "absent", 3)).toBe(3);
    expect(() => metadataInt(metadata, "maxCount", 1, 8)).toThrow('metadata maxCount must be an integer >= 8, got "7"');
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

describe("BrokerPubSub (the lifecycle every broker shares)", () => {
  class Subscription {
    readonly finished = gate();
    constructor(private readonly fail = false) {}
    async start(signal: AbortSignal): Promise<void> {
      if (this.fail) throw new Error("the broker refused it");
      signal.addEventListener("abort", () => steps.push("subscription stopped"), { once: true });
      await Promise.resolve();
    }
    drained(): Promise<void> {
      return this.finished.promise;
    }
  }
  const steps: string[] = [];
  class Broker extends BrokerPubSub<{ ready: true }, Subscription> {
    init(): Promise<void> {
      this.settings = { ready: true };
      this.delayed = { pending: () => Promise.resolve([{ topic: "t", count: 2 }]), close: async () => void steps.push("delayed closed") };
      return Promise.resolve();
    }
    features(): PubSubFeature[] {
      return [];
    }
    healthy(): boolean {
      return true;
    }
    publish(): Promise<void> {
      return Promise.resolve();
    }
    async subscribe(request: SubscribeRequest, _handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
      this.configured();
      return this.track(request.topic, new Subscription(request.metadata["fail"] === "true"), signal, () => steps.push(`released ${request.topic}`));
    }
    protected disconnect(): Promise<void> {
      steps.push("disconnected");
      return Promise.resolve();
    }
  }
  const context = { ...testContext("pubsub.test"), gracefulShutdownMs: 50 };

  it("refuses a subscription before init, names the topic when a start fails and releases what it claimed", async () => {
    steps.length = 0;
    const broker = new Broker(context);
    await expect(broker.subscribe({ topic: "early", metadata: {} }, () => Promise.resolve(), new AbortController().signal)).rejects.toThrow("is not initialised");
    await broker.init();
    await expect(broker.subscribe({ topic: "orders", metadata: { fail: "true" } }, () => Promise.resolve(), new AbortController().signal)).rejects.toThrow('subscribing to topic "orders": the broker refused it');
    expect(steps).toEqual(["released orders"]);
    expect(await broker.delayedPending()).toEqual([{ topic: "t", count: 2 }]);
  });

  it("closes in one order: delayed messages, the subscriptions (drained, or after the grace period), then the connections", async () => {
    steps.length = 0;
    const broker = new Broker(context);
    await broker.init();
    const subscription = (await broker.subscribe({ topic: "orders", metadata: {} }, () => Promise.resolve(), new AbortController().signal)) as Subscription;
    await broker.close();
    expect(steps).toEqual(["delayed closed", "subscription stopped", "disconnected"]);
    subscription.finished.open();
    await subscription.drained();
    await waitFor(() => steps.includes("released orders"), { what: "the name released once drained" });
  });
});
