import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { isBulkPublisher, type ActiveSubscription, type MessageHandler, type PubSub, type PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { waitFor } from "../../support/ports.js";
import { createThroughRegistry, findTarget, targetAvailable, targetTitle, testContext } from "../context.js";
import { ComponentStore } from "../../../pkg/runtime/store.js";
import { PubSubMetrics } from "../../../pkg/runtime/pubsub/metrics.js";
import { PubSubPublisher } from "../../../pkg/runtime/pubsub/publisher.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { KIT_CASES } from "./kit-cases.js";
import { DELAYED_CASES } from "./delayed-cases.js";
import { PUBSUB_TARGETS, type Outage, type PubSubTarget } from "./targets.js";

interface Recorder {
  messages: PubSubMessage[];
  bodies(): string[];
  handler: MessageHandler;
}

/** What a case gets: components made through the registry, topics unique to the run, a clock it may move. */
export interface Harness {
  target: PubSubTarget;
  timeoutMs: number;
  /** A fresh component, initialised with the target's metadata (or `metadata`); closed after the case. */
  open(options?: { metadata?: Record<string, string>; gracefulShutdownMs?: number }): Promise<PubSub>;
  /** The runtime's publish path (one reader of request metadata, the envelope) in front of `pubsub`, named "conformance". */
  publisher(pubsub: PubSub): PubSubPublisher;
  /** A private broker of the target's kind that the case may stop and start; removed after the case. */
  outage(): Promise<Outage>;
  /** Moves the clock the components read (ComponentContext.now) forward, so a TTL passes without waiting. */
  advanceClock(ms: number): void;
  subscribe(pubsub: PubSub, topic: string, consumerID: string, handler: MessageHandler): Promise<{ controller: AbortController; active: ActiveSubscription }>;
  topicName(): string;
  publishAll(pubsub: PubSub, topic: string, bodies: string[], metadata?: Record<string, string>): Promise<void>;
}

export interface Case {
  name: string;
  /** Registered only when the target declares what the case tests: a case that cannot assert is no case. */
  when?: (target: PubSubTarget) => boolean;
  run(h: Harness): Promise<void>;
}

export function recorder(): Recorder {
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

export const distinct = (values: string[]): Set<string> => new Set(values);
export const range = (n: number, prefix: string): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const declares = (feature: PubSubTarget["features"][number]) => (t: PubSubTarget): boolean => t.features.includes(feature);

/**
 * The pub/sub conformance suite (after components-contrib's conformance tests): one list of cases, each run
 * against every target in targets.ts that declares what it tests. Each case uses its own random
 * topics and consumerIDs, so a shared broker serves every case and leftover data does not interfere.
 * Subscriptions pass `consumerID` (as the runtime does, with the app-id); two subscriptions with
 * different consumerIDs each get every message (fan-out).
 */
const CORE_CASES: readonly Case[] = [
  {
    name: "declares exactly the features its table entry lists",
    run: async (h) => {
      const pubsub = await h.open();
      expect([...pubsub.features()].sort()).toEqual([...h.target.features].sort());
      expect(isBulkPublisher(pubsub)).toBe(h.target.features.includes("BULK_PUBLISH"));
    },
  },
  {
    name: "delivers published bytes, unchanged, to a subscriber of the topic and not to others",
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const other = h.topicName();
      const rec = recorder();
      const stray = recorder();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      await h.subscribe(pubsub, other, `g-${randomUUID()}`, stray.handler);
      const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await pubsub.publish({ topic, data: binary, contentType: "application/octet-stream", metadata: {} });
      await h.publishAll(pubsub, topic, range(5, "m"));
      await waitFor(() => rec.messages.length >= 6, { timeoutMs: h.timeoutMs, what: "6 messages" });
      expect(rec.messages.some((m) => m.data.equals(binary))).toBe(true);
      expect(distinct(rec.bodies())).toEqual(new Set([binary.toString(), ...range(5, "m")]));
      expect(rec.messages.every((m) => m.topic === topic)).toBe(true);
      expect(stray.messages).toHaveLength(0);
    },
  },
  {
    name: "fans out: every subscription (distinct consumerID) gets every message",
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const a = recorder();
      const b = recorder();
      await h.subscribe(pubsub, topic, `a-${randomUUID()}`, a.handler);
      await h.subscribe(pubsub, topic, `b-${randomUUID()}`, b.handler);
      await h.publishAll(pubsub, topic, range(10, "f"));
      await waitFor(() => distinct(a.bodies()).size === 10 && distinct(b.bodies()).size === 10, { timeoutMs: h.timeoutMs, what: "both subscriptions to get 10" });
      expect(distinct(a.bodies())).toEqual(new Set(range(10, "f")));
      expect(distinct(b.bodies())).toEqual(new Set(range(10, "f")));
    },
  },
  {
    name: "shares the messages of one consumerID between its subscribers: each gets some, together all, none twice (COMPETING_CONSUMERS)",
    when: declares("COMPETING_CONSUMERS"),
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const group = `g-${randomUUID()}`;
      const a = recorder();
      const b = recorder();
      await h.subscribe(pubsub, topic, group, a.handler);
      await h.subscribe(pubsub, topic, group, b.handler);
      // A broker may hand a burst to whichever reader asks first: publish in rounds until both have had some.
      const sent: string[] = [];
      for (let round = 0; round < 10 && (a.messages.length === 0 || b.messages.length === 0); round++) {
        const batch = range(10, `c${round}`);
        sent.push(...batch);
        await h.publishAll(pubsub, topic, batch);
        await waitFor(() => distinct([...a.bodies(), ...b.bodies()]).size === sent.length, { timeoutMs: h.timeoutMs, what: `${sent.length} messages across the group` });
      }
      expect(a.messages.length).toBeGreaterThan(0);
      expect(b.messages.length).toBeGreaterThan(0);
      expect(distinct([...a.bodies(), ...b.bodies()])).toEqual(new Set(sent));
      expect(a.messages.length + b.messages.length).toBe(sent.length);
    },
  },
  {
    name: "keeps publish order within a topic (declared: ordering)",
    when: (t) => t.ordering === true,
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const rec = recorder();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      await h.publishAll(pubsub, topic, range(50, "o"));
      await waitFor(() => rec.messages.length >= 50, { timeoutMs: h.timeoutMs, what: "50 messages" });
      expect(rec.bodies()).toEqual(range(50, "o"));
    },
  },
  {
    name: "redelivers a message whose handler rejected, until it is accepted",
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const attempts = new Map<string, number>();
      const accepted = new Set<string>();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, (m) => {
        const body = m.data.toString();
        const n = (attempts.get(body) ?? 0) + 1;
        attempts.set(body, n);
        if (n < 3) return Promise.reject(new Error(`reject attempt ${n}`));
        accepted.add(body);
        return Promise.resolve();
      });
      await h.publishAll(pubsub, topic, range(5, "r"));
      await waitFor(() => accepted.size === 5, { timeoutMs: h.timeoutMs, what: "5 messages accepted on the third attempt" });
      expect([...attempts.values()].every((n) => n >= 3)).toBe(true);
    },
  },
  {
    // Without a durable group there is no way to hold a message unread until it expires.
    name: "never delivers a message whose ttlInSeconds expired before it was read (MESSAGE_TTL, durable groups)",
    when: (t) => t.features.includes("MESSAGE_TTL") && t.durableGroups === true,
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const group = `g-${randomUUID()}`;
      const first = await h.subscribe(pubsub, topic, group, () => Promise.resolve());
      first.controller.abort();
      await first.active.drained();
      await pubsub.publish({ topic, data: Buffer.from("short-lived"), ttlMs: 1000, metadata: {} });
      await pubsub.publish({ topic, data: Buffer.from("long-lived"), ttlMs: 60_000, metadata: {} });
      h.advanceClock(2000);
      const rec = recorder();
      await h.subscribe(pubsub, topic, group, rec.handler);
      await waitFor(() => rec.bodies().includes("long-lived"), { timeoutMs: h.timeoutMs, what: "the unexpired message" });
      expect(rec.bodies()).not.toContain("short-lived");
    },
  },
  {
    name: "bulk-publishes every entry in one call and reports no failures (BULK_PUBLISH)",
    when: declares("BULK_PUBLISH"),
    run: async (h) => {
      const pubsub = await h.open();
      if (!isBulkPublisher(pubsub)) throw new Error(`${h.target.type} declares BULK_PUBLISH but has no bulkPublish()`);
      const topic = h.topicName();
      const rec = recorder();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      const entries = range(20, "b").map((body) => ({ entryId: body, data: Buffer.from(body), contentType: "text/plain", metadata: {} }));
      const result = await pubsub.bulkPublish({ topic, entries, metadata: {} });
      expect(result.failedEntries).toEqual([]);
      await waitFor(() => distinct(rec.bodies()).size === 20, { timeoutMs: h.timeoutMs, what: "20 bulk messages" });
      expect(distinct(rec.bodies())).toEqual(new Set(range(20, "b")));
    },
  },
  {
    name: "stops on abort and lets in-flight handlers finish (drained); a durable group's resubscription loses nothing",
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
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
        // Work that takes a while, so some handlers are in flight when the stop comes.
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        done.add(m.data.toString());
      };
      const controller = new AbortController();
      const active = await pubsub.subscribe({ topic, metadata: { consumerID: group } }, slow(controller.signal), controller.signal);
      const bodies = range(30, "d");
      await h.publishAll(pubsub, topic, bodies);
      await waitFor(() => done.size >= 3, { timeoutMs: h.timeoutMs, what: "some messages handled" });
      controller.abort();
      await active.drained();
      drainedAt = true;
      expect(inFlight).toBe(0);
      const countAtDrain = done.size;
      if (!h.target.durableGroups) {
        await h.publishAll(pubsub, topic, range(3, "late"));
        expect(done.size).toBe(countAtDrain);
        return;
      }
      await h.subscribe(pubsub, topic, group, slow(new AbortController().signal));
      await waitFor(() => bodies.every((b) => done.has(b)), { timeoutMs: h.timeoutMs, what: "all 30 messages after resubscribing" });
      expect(startedAfterDrain).toBeGreaterThanOrEqual(30 - countAtDrain);
    },
  },
  {
    name: "closes while a subscription is active, and its drained() then resolves",
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const rec = recorder();
      const { active } = await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      await h.publishAll(pubsub, topic, ["before-close"]);
      await waitFor(() => rec.messages.length === 1, { timeoutMs: h.timeoutMs, what: "one message" });
      await pubsub.close();
      await active.drained();
      expect(rec.bodies()).toEqual(["before-close"]);
    },
  },
];

/** Every case: the contract's, then what the kit gives every broker (kit-cases.ts), then delayed delivery (delayed-cases.ts). */
export const PUBSUB_CASES: readonly Case[] = [...CORE_CASES, ...KIT_CASES, ...DELAYED_CASES];

/** The cases a target runs: those whose features it declares. */
export function casesFor(target: PubSubTarget): Case[] {
  return PUBSUB_CASES.filter((c) => c.when?.(target) ?? true);
}

/**
 * Registers the suite for one target: a title from targets.ts, or an entry (a fake broker in a test).
 * Per-target test files keep jest's parallelism: `await runPubSubTarget("pubsub.redis")`.
 */
export async function runPubSubTarget(which: string | PubSubTarget): Promise<void> {
  const target = typeof which === "string" ? findTarget(PUBSUB_TARGETS, which) : which;
  const available = await targetAvailable(target);
  (available ? describe : describe.skip)(`pubsub conformance: ${targetTitle(target)}`, () => {
    const opened: PubSub[] = [];
    const outages: Outage[] = [];
    const controllers: AbortController[] = [];
    const topicsUsed: string[] = [];
    let clockOffset = 0;

    afterEach(async () => {
      for (const c of controllers.splice(0)) c.abort();
      await Promise.all(opened.splice(0).map((p) => p.close().catch(() => undefined)));
      await Promise.all(outages.splice(0).map((o) => o.remove()));
      clockOffset = 0;
    });

    afterAll(async () => {
      await target.dropTopics?.(topicsUsed);
    });

    const harness: Harness = {
      target,
      timeoutMs: target.timeoutMs ?? 10_000,
      open: async ({ metadata = target.metadata, gracefulShutdownMs } = {}) => {
        const context = testContext(target.type, { now: () => Date.now() + clockOffset, gracefulShutdownMs });
        const pubsub = await createThroughRegistry("pubsub", target, context);
        opened.push(pubsub);
        await pubsub.init(ComponentMetadata.of("conformance", target.type, metadata));
        return pubsub;
      },
      publisher: (pubsub) => {
        const store = new ComponentStore();
        const resource = { apiVersion: "runtime.io/v1alpha1", kind: "Component" as const, metadata: { name: "conformance" }, spec: { type: target.type, version: "v1", metadata: [] } };
        store.set({ kind: "pubsub", name: "conformance", resource, instance: pubsub });
        return new PubSubPublisher({ appId: "conformance-app", store, metrics: new PubSubMetrics(new Metrics({ processMetrics: false })) });
      },
      outage: async () => {
        if (!target.outage) throw new Error(`${targetTitle(target)} has no private broker for outages`);
        const outage = await target.outage();
        outages.push(outage);
        return outage;
      },
      advanceClock: (ms) => {
        clockOffset += ms;
      },
      subscribe: async (pubsub, topic, consumerID, handler) => {
        const controller = new AbortController();
        controllers.push(controller);
        const active = await pubsub.subscribe({ topic, metadata: { consumerID } }, handler, controller.signal);
        return { controller, active };
      },
      topicName: () => {
        const topic = `conf-${randomUUID()}`;
        topicsUsed.push(topic);
        return topic;
      },
      publishAll: async (pubsub, topic, bodies, metadata = {}) => {
        for (const body of bodies) await pubsub.publish({ topic, data: Buffer.from(body), contentType: "text/plain", metadata });
      },
    };

    // A case waits up to the target's timeoutMs at each step (an outage case: init, down, up at twice it, a publish):
    // Jest's own limit is set past the sum, so a slow step fails with its own message, not Jest's bare timeout.
    const caseTimeoutMs = Math.max(20_000, harness.timeoutMs * 6);
    for (const c of casesFor(target)) it(c.name, () => c.run(harness), caseTimeoutMs);
  });
}
