import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import type { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { isBulkPublisher, type ActiveSubscription, type MessageHandler, type PubSub, type PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { waitFor } from "../../support/ports.js";

/**
 * What an implementation promises beyond what `pubsub.features()` declares. MESSAGE_TTL and
 * BULK_PUBLISH / `isBulkPublisher` / COMPETING_CONSUMERS are read from the component itself.
 */
export interface ConformanceFeatures {
  /** One subscription of a topic sees messages in publish order (when no handler rejects). */
  ordering?: boolean;
  /**
   * A subscription named by `consumerID` in its subscribe metadata is a durable consumer group: what
   * is published, or rejected, while it has no subscriber is delivered when it subscribes again.
   * Needed by the stop+resubscribe and TTL tests.
   */
  durableGroups?: boolean;
  /** Upper bound for each wait (ms); a broker with slow redelivery (Redis' redeliverInterval) wants more. Default 10000. */
  timeoutMs?: number;
  /** Removes what the suite's topics left on a shared broker (called once, after the last test). */
  dropTopics?: (topics: string[]) => Promise<void>;
}

export interface ComponentUnderTest {
  /** A fresh, NOT yet initialised instance; the suite calls init(metadata) and close(). */
  pubsub: PubSub;
  metadata: ComponentMetadata;
}

interface Recorder {
  messages: PubSubMessage[];
  bodies(): string[];
}

/**
 * The pub/sub conformance suite (STYLE.md, after components-contrib): one suite run against every
 * implementation, gated by what each declares.
 *
 *   runPubSubConformance("pubsub.redis", async () => ({ pubsub: new RedisPubSub(ctx), metadata: ComponentMetadata.of(...) }),
 *                        { ordering: true, durableGroups: true, timeoutMs: 15000 });
 *
 * - `name` titles the describe block.
 * - `makeComponent` is called once per test; each test uses its own random topics and consumerIDs, so
 *   a shared broker (the real Redis on 6379) can serve every test and leftover data does not interfere.
 * - `features`: see ConformanceFeatures.
 * Subscriptions pass `consumerID` in the subscribe metadata (as the runtime does, with the app-id);
 * two subscriptions with different consumerIDs must each get every message (fan-out).
 */
export function runPubSubConformance(name: string, makeComponent: () => Promise<ComponentUnderTest>, features: ConformanceFeatures = {}): void {
  const timeoutMs = features.timeoutMs ?? 10_000;

  describe(`pubsub conformance: ${name}`, () => {
    const opened: PubSub[] = [];
    const controllers: AbortController[] = [];

    const topicsUsed: string[] = [];

    afterEach(async () => {
      for (const c of controllers.splice(0)) c.abort();
      await Promise.all(opened.splice(0).map((p) => p.close().catch(() => undefined)));
    });

    afterAll(async () => {
      await features.dropTopics?.(topicsUsed);
    });

    async function open(): Promise<PubSub> {
      const { pubsub, metadata } = await makeComponent();
      opened.push(pubsub);
      await pubsub.init(metadata);
      return pubsub;
    }

    function recorder(): Recorder & { handler: MessageHandler } {
      const messages: PubSubMessage[] = [];
      return {
        messages,
        bodies: () => messages.map((m) => m.data.toString()),
        handler: (m) => {
          messages.push(m);
          return Promise.resolve();
        },
      };
    }

    async function subscribe(pubsub: PubSub, topic: string, consumerID: string, handler: MessageHandler): Promise<{ controller: AbortController; active: ActiveSubscription }> {
      const controller = new AbortController();
      controllers.push(controller);
      const active = await pubsub.subscribe({ topic, metadata: { consumerID } }, handler, controller.signal);
      return { controller, active };
    }

    const topicName = (): string => {
      const topic = `conf-${randomUUID()}`;
      topicsUsed.push(topic);
      return topic;
    };
    const publishAll = async (pubsub: PubSub, topic: string, bodies: string[], metadata: Record<string, string> = {}): Promise<void> => {
      for (const body of bodies) await pubsub.publish({ topic, data: Buffer.from(body), contentType: "text/plain", metadata });
    };
    const distinct = (values: string[]): Set<string> => new Set(values);
    const range = (n: number, prefix: string): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

    it("delivers published bytes, unchanged, to a subscriber of the topic and not to others", async () => {
      const pubsub = await open();
      const topic = topicName();
      const other = topicName();
      const rec = recorder();
      const stray = recorder();
      await subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      await subscribe(pubsub, other, `g-${randomUUID()}`, stray.handler);
      const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await pubsub.publish({ topic, data: binary, contentType: "application/octet-stream", metadata: {} });
      await publishAll(pubsub, topic, range(5, "m"));
      await waitFor(() => rec.messages.length >= 6, { timeoutMs, what: "6 messages" });
      expect(rec.messages.some((m) => m.data.equals(binary))).toBe(true);
      expect(distinct(rec.bodies())).toEqual(new Set([binary.toString(), ...range(5, "m")]));
      expect(rec.messages.every((m) => m.topic === topic)).toBe(true);
      expect(stray.messages).toHaveLength(0);
    });

    it("fans out: every subscription (distinct consumerID) gets every message", async () => {
      const pubsub = await open();
      const topic = topicName();
      const a = recorder();
      const b = recorder();
      await subscribe(pubsub, topic, `a-${randomUUID()}`, a.handler);
      await subscribe(pubsub, topic, `b-${randomUUID()}`, b.handler);
      await publishAll(pubsub, topic, range(10, "f"));
      await waitFor(() => distinct(a.bodies()).size === 10 && distinct(b.bodies()).size === 10, { timeoutMs, what: "both subscriptions to get 10" });
      expect(distinct(a.bodies())).toEqual(new Set(range(10, "f")));
      expect(distinct(b.bodies())).toEqual(new Set(range(10, "f")));
    });

    it("shares the messages of one consumerID between its subscribers (competing consumers), if declared", async () => {
      const pubsub = await open();
      if (!pubsub.features().includes("COMPETING_CONSUMERS")) return expectNotDeclared(pubsub, "COMPETING_CONSUMERS");
      const topic = topicName();
      const group = `g-${randomUUID()}`;
      const a = recorder();
      const b = recorder();
      await subscribe(pubsub, topic, group, a.handler);
      await subscribe(pubsub, topic, group, b.handler);
      await publishAll(pubsub, topic, range(20, "c"));
      await waitFor(() => distinct([...a.bodies(), ...b.bodies()]).size === 20, { timeoutMs, what: "20 messages across the group" });
      expect(a.messages.length + b.messages.length).toBe(20);
    });

    // Defined only when declared: a test that asserts nothing is no test.
    if (features.ordering) it("keeps publish order within a topic (declared: ordering)", async () => {
      const pubsub = await open();
      const topic = topicName();
      const rec = recorder();
      await subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      await publishAll(pubsub, topic, range(50, "o"));
      await waitFor(() => rec.messages.length >= 50, { timeoutMs, what: "50 messages" });
      expect(rec.bodies()).toEqual(range(50, "o"));
    });

    it("redelivers a message whose handler rejected, until it is accepted", async () => {
      const pubsub = await open();
      const topic = topicName();
      const attempts = new Map<string, number>();
      const accepted = new Set<string>();
      await subscribe(pubsub, topic, `g-${randomUUID()}`, (m) => {
        const body = m.data.toString();
        const n = (attempts.get(body) ?? 0) + 1;
        attempts.set(body, n);
        if (n < 3) return Promise.reject(new Error(`reject attempt ${n}`));
        accepted.add(body);
        return Promise.resolve();
      });
      await publishAll(pubsub, topic, range(5, "r"));
      await waitFor(() => accepted.size === 5, { timeoutMs, what: "5 messages accepted on the third attempt" });
      expect([...attempts.values()].every((n) => n >= 3)).toBe(true);
    });

    it("never delivers a message whose ttlInSeconds expired before it was read, if MESSAGE_TTL", async () => {
      const pubsub = await open();
      if (!pubsub.features().includes("MESSAGE_TTL")) return expectNotDeclared(pubsub, "MESSAGE_TTL");
      // Without a durable group there is no way to hold a message unread until it expires.
      if (!features.durableGroups) return expect(features.durableGroups).toBeFalsy();
      const topic = topicName();
      const group = `g-${randomUUID()}`;
      const first = await subscribe(pubsub, topic, group, () => Promise.resolve());
      first.controller.abort();
      await first.active.drained();
      await pubsub.publish({ topic, data: Buffer.from("short-lived"), metadata: { ttlInSeconds: "1" } });
      await pubsub.publish({ topic, data: Buffer.from("long-lived"), metadata: { ttlInSeconds: "60" } });
      const expiredAt = Date.now() + 1100;
      await waitFor(() => Date.now() > expiredAt, { timeoutMs: 3000, what: "the TTL to pass" });
      const rec = recorder();
      await subscribe(pubsub, topic, group, rec.handler);
      await waitFor(() => rec.bodies().includes("long-lived"), { timeoutMs, what: "the unexpired message" });
      expect(rec.bodies()).not.toContain("short-lived");
    });

    it("bulk-publishes every entry in one call and reports no failures, if it is a BulkPublisher", async () => {
      const pubsub = await open();
      if (!isBulkPublisher(pubsub)) return expectNotDeclared(pubsub, "BULK_PUBLISH");
      const topic = topicName();
      const rec = recorder();
      await subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      const entries = range(20, "b").map((body) => ({ entryId: body, data: Buffer.from(body), contentType: "text/plain", metadata: {} }));
      const result = await pubsub.bulkPublish({ topic, entries, metadata: {} });
      expect(result.failedEntries).toEqual([]);
      await waitFor(() => distinct(rec.bodies()).size === 20, { timeoutMs, what: "20 bulk messages" });
      expect(distinct(rec.bodies())).toEqual(new Set(range(20, "b")));
    });

    it("stops on abort, lets in-flight handlers finish (drained), and a resubscription loses nothing", async () => {
      const pubsub = await open();
      const topic = topicName();
      const group = `g-${randomUUID()}`;
      const done = new Set<string>();
      let inFlight = 0;
      let startedAfterDrain = 0;
      let drainedAt = false;
      const slow = (signal: AbortSignal): MessageHandler => async (m) => {
        // What the runtime does: a message handed over after the stop is refused, so the broker keeps it.
        if (signal.aborted) throw new Error("subscription stopping");
        if (drainedAt) startedAfterDrain++;
        inFlight++;
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        done.add(m.data.toString());
      };
      const controller = new AbortController();
      controllers.push(controller);
      const active = await pubsub.subscribe({ topic, metadata: { consumerID: group } }, slow(controller.signal), controller.signal);
      const bodies = range(30, "d");
      await publishAll(pubsub, topic, bodies);
      await waitFor(() => done.size >= 3, { timeoutMs, what: "some messages handled" });
      controller.abort();
      await active.drained();
      drainedAt = true;
      expect(inFlight).toBe(0);
      const countAtDrain = done.size;
      if (!features.durableGroups) {
        await publishAll(pubsub, topic, range(3, "late"));
        expect(done.size).toBe(countAtDrain);
        return;
      }
      const again = new AbortController();
      controllers.push(again);
      await pubsub.subscribe({ topic, metadata: { consumerID: group } }, slow(again.signal), again.signal);
      await waitFor(() => bodies.every((b) => done.has(b)), { timeoutMs, what: "all 30 messages after resubscribing" });
      expect(startedAfterDrain).toBeGreaterThanOrEqual(30 - countAtDrain);
    });

    it("closes while a subscription is active, and its drained() then resolves", async () => {
      const pubsub = await open();
      const topic = topicName();
      const rec = recorder();
      const { active } = await subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      await publishAll(pubsub, topic, ["before-close"]);
      await waitFor(() => rec.messages.length === 1, { timeoutMs, what: "one message" });
      await pubsub.close();
      opened.splice(opened.indexOf(pubsub), 1);
      await active.drained();
      expect(rec.bodies()).toEqual(["before-close"]);
    });
  });
}

function expectNotDeclared(pubsub: PubSub, feature: string): void {
  expect(pubsub.features()).not.toContain(feature);
}
