import { randomUUID } from "node:crypto";
import { expect } from "@jest/globals";
import { supportsDelayedDelivery, type MessageHandler, type PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { waitFor } from "../../support/ports.js";
import type { Case, Harness } from "./suite.js";

/**
 * Delayed delivery (`deliverAt` / `deliverAfter`) through the runtime's publish path, on every broker
 * that holds delayed messages: not before the time, within the bound after it, past times at once,
 * bulk entries each at its own time, bad values refused by field, TTL counted from the publish.
 * Real time with delays of a second or two; the injected clock where the broker's mover reads it.
 */

/**
 * How late after its time a delayed message may arrive here. The guarantee says a second under normal load;
 * these cases run in real time on a shared two-core machine (a load average near 10 is common), where the
 * subscriber's own delivery path alone can take hundreds of milliseconds, so a 1 s assertion would be a
 * timing test that fails on load. The second is measured instead by bench 23's steady phase (lag p99 of
 * 1,000 delayed publishes at 100/s, its pass condition); here the bound catches a mover that waits a poll
 * interval too many or a design with head-of-line blocking.
 */
const LATE_BOUND_MS = 1500;

interface Arrival {
  body: string;
  at: number;
  event: Record<string, unknown>;
}

function arrivals(): { list: Arrival[]; handler: MessageHandler } {
  const list: Arrival[] = [];
  return {
    list,
    handler: (m: PubSubMessage) => {
      const event = JSON.parse(m.data.toString()) as Record<string, unknown>;
      list.push({ body: String(event["data"]), at: Date.now(), event });
      return Promise.resolve();
    },
  };
}

const supported = (t: { delayedDelivery?: unknown }): boolean => t.delayedDelivery !== undefined;

async function setUp(h: Harness, metadata?: Record<string, string>) {
  const pubsub = await h.open(metadata ? { metadata: { ...h.target.metadata, ...metadata } } : undefined);
  const publisher = h.publisher(pubsub);
  const topic = h.topicName();
  const rec = arrivals();
  await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
  const publish = (body: string, md: Record<string, string>) => publisher.publish({ pubsubName: "conformance", topic, body: Buffer.from(body), contentType: "text/plain", metadata: md });
  return { pubsub, publisher, topic, rec, publish };
}

export const DELAYED_CASES: readonly Case[] = [
  {
    name: "delayed delivery: offers it (DelayedDelivery) exactly when its table entry says so",
    run: async (h) => {
      const pubsub = await h.open();
      expect(supportsDelayedDelivery(pubsub)).toBe(supported(h.target));
    },
  },
  {
    name: "delayed delivery: a broker that cannot hold a delayed message refuses every delivery time, naming the component, and publishes nothing",
    when: (t) => !supported(t),
    run: async (h) => {
      const { rec, publish, publisher, topic } = await setUp(h);
      for (const metadata of [{ deliverAfter: "10s" }, { deliverAt: "2000-01-01T00:00:00Z" }] as Array<Record<string, string>>) {
        const field = Object.keys(metadata)[0]!;
        await expect(publish("refused", metadata)).rejects.toMatchObject({ kind: "invalid-metadata", message: `metadata ${field}: pubsub conformance (${h.target.type}) cannot hold a delayed message durably, so it accepts none` });
      }
      await expect(publisher.bulkPublish("conformance", topic, [{ entryId: "a", data: Buffer.from("a"), contentType: "text/plain", metadata: { deliverAfter: "1s" } }], {})).rejects.toMatchObject({ kind: "invalid-metadata" });
      await publish("marker", {});
      await waitFor(() => rec.list.length >= 1, { timeoutMs: h.timeoutMs, what: "the marker" });
      expect(rec.list.map((a) => a.body)).toEqual(["marker"]);
    },
  },
  {
    name: "delayed delivery: delivers not before deliverAfter and within the bound after it, with the resolved time as the deliverat attribute",
    when: supported,
    run: async (h) => {
      const { rec, publish, pubsub, topic } = await setUp(h);
      const before = Date.now();
      await publish("later", { deliverAfter: "1500ms" });
      const after = Date.now();
      const pendingName = h.target.delayedDelivery?.pendingUnder ?? topic;
      const pendingCount = async (): Promise<number> => (supportsDelayedDelivery(pubsub) ? (await pubsub.delayedPending()).find((p) => p.topic === pendingName)?.count ?? 0 : 0);
      expect(await pendingCount()).toBe(1);
      await waitFor(() => rec.list.length >= 1, { timeoutMs: h.timeoutMs, what: "the delayed message" });
      const [arrival] = rec.list;
      const deliverAt = Date.parse(String(arrival!.event["deliverat"]));
      expect(deliverAt).toBeGreaterThanOrEqual(before + 1500);
      expect(deliverAt).toBeLessThanOrEqual(after + 1500);
      expect(arrival!.at).toBeGreaterThanOrEqual(deliverAt);
      expect(arrival!.at - deliverAt).toBeLessThan(LATE_BOUND_MS);
      // The count follows the move (a broker whose mover commits after producing catches up a moment later).
      await waitFor(async () => (await pendingCount()) === 0, { timeoutMs: h.timeoutMs, what: "the pending count to fall to 0" });
    },
  },
  {
    name: "delayed delivery: an RFC 3339 deliverAt ahead is kept to, one in the past is delivered at once",
    when: supported,
    run: async (h) => {
      const { rec, publish } = await setUp(h);
      const at = new Date(Date.now() + 1200);
      // A zone offset, not only Z: the time is the instant, whatever the zone it is written in.
      const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace("Z", "+02:00");
      await publish("ahead", { deliverAt: local });
      await publish("past", { deliverAt: "2001-02-03T04:05:06.789Z" });
      await waitFor(() => rec.list.some((a) => a.body === "past"), { timeoutMs: h.timeoutMs, what: "the past-time message" });
      expect(rec.list.map((a) => a.body)).toEqual(["past"]);
      expect(rec.list[0]!.event["deliverat"]).toBe("2001-02-03T04:05:06.789Z");
      await waitFor(() => rec.list.some((a) => a.body === "ahead"), { timeoutMs: h.timeoutMs, what: "the message due in 1.2s" });
      const ahead = rec.list.find((a) => a.body === "ahead")!;
      expect(ahead.at).toBeGreaterThanOrEqual(at.getTime());
      expect(ahead.at - at.getTime()).toBeLessThan(LATE_BOUND_MS);
      expect(ahead.event["deliverat"]).toBe(at.toISOString());
    },
  },
  {
    name: "delayed delivery: bulk entries each keep their own time (an entry's deliverAfter over the request's deliverAt), those without one go at once",
    when: supported,
    run: async (h) => {
      const { rec, publisher, topic } = await setUp(h);
      const entry = (id: string, metadata: Record<string, string> = {}) => ({ entryId: id, data: Buffer.from(id), contentType: "text/plain", metadata });
      const start = Date.now();
      const requestAt = new Date(start + 2000).toISOString();
      const result = await publisher.bulkPublish("conformance", topic, [entry("t2000"), entry("t600", { deliverAfter: "600ms" }), entry("t1300", { deliverAfter: "1300ms" }), entry("now", { deliverAt: "1999-01-01T00:00:00Z" })], { deliverAt: requestAt });
      expect(result.failedEntries).toEqual([]);
      await waitFor(() => rec.list.length >= 4, { timeoutMs: h.timeoutMs, what: "four bulk entries" });
      // Each at its own time; the order of two due 700ms apart is left to the bound below, not asserted.
      expect(rec.list[0]!.body).toBe("now");
      expect(new Set(rec.list.map((a) => a.body))).toEqual(new Set(["now", "t600", "t1300", "t2000"]));
      for (const arrival of rec.list) {
        const due = Date.parse(String(arrival.event["deliverat"]));
        expect(arrival.at).toBeGreaterThanOrEqual(due);
        if (arrival.body !== "now") expect(arrival.at - due).toBeLessThan(LATE_BOUND_MS);
      }
      expect(Date.parse(String(rec.list.find((a) => a.body === "t2000")!.event["deliverat"]))).toBe(Date.parse(requestAt));
    },
  },
  {
    name: "delayed delivery: refuses both fields, unreadable values and a time beyond maxDeliveryDelay with 400 naming the field; a bad bulk entry fails alone",
    when: supported,
    run: async (h) => {
      const { rec, publish, publisher, topic } = await setUp(h, { maxDeliveryDelay: "1h" });
      const refusals: Array<[Record<string, string>, string]> = [
        [{ deliverAt: "2030-01-01T00:00:00Z", deliverAfter: "1s" }, 'metadata deliverAfter must be absent when deliverAt is given (one delivery time per message), got "1s"'],
        [{ deliverAt: "tomorrow" }, 'metadata deliverAt must be an RFC 3339 time such as 2030-01-02T15:04:05Z, got "tomorrow"'],
        [{ deliverAt: "2030-02-30T00:00:00Z" }, 'metadata deliverAt must be an RFC 3339 time such as 2030-01-02T15:04:05Z, got "2030-02-30T00:00:00Z"'],
        [{ deliverAt: "2030-01-01T00:00:00" }, 'metadata deliverAt must be an RFC 3339 time such as 2030-01-02T15:04:05Z, got "2030-01-01T00:00:00"'],
        [{ deliverAfter: "10" }, 'metadata deliverAfter must be a duration such as 90s, 10m or 1h30m, got "10"'],
        [{ deliverAfter: "-5s" }, 'metadata deliverAfter must be a duration such as 90s, 10m or 1h30m, got "-5s"'],
        [{ deliverAfter: "soon" }, 'metadata deliverAfter must be a duration such as 90s, 10m or 1h30m, got "soon"'],
        [{ deliverAfter: "1h0m1s" }, `metadata deliverAfter must be at most 1h ahead (the component's maxDeliveryDelay), got "1h0m1s"`],
        [{ deliverAt: new Date(Date.now() + 2 * 3_600_000).toISOString() }, "metadata deliverAt must be at most 1h ahead (the component's maxDeliveryDelay)"],
      ];
      for (const [metadata, message] of refusals) {
        await expect(publish("refused", metadata)).rejects.toMatchObject({ kind: "invalid-metadata", message: expect.stringContaining(message) });
      }
      const entry = (id: string, metadata: Record<string, string> = {}) => ({ entryId: id, data: Buffer.from(id), contentType: "text/plain", metadata });
      const result = await publisher.bulkPublish("conformance", topic, [entry("a", { deliverAfter: "100ms" }), entry("b", { deliverAfter: "2h" }), entry("c")], {});
      expect(result.failedEntries).toEqual([{ entryId: "b", error: `metadata deliverAfter must be at most 1h ahead (the component's maxDeliveryDelay), got "2h"` }]);
      await expect(publisher.bulkPublish("conformance", topic, [entry("d")], { deliverAfter: "whenever" })).rejects.toMatchObject({ kind: "invalid-metadata" });
      await waitFor(() => rec.list.length >= 2, { timeoutMs: h.timeoutMs, what: "the two good entries" });
      expect(new Set(rec.list.map((a) => a.body))).toEqual(new Set(["a", "c"]));
    },
  },
  {
    name: "delayed delivery: the TTL counts from the publish: one shorter than the delay is never delivered, a longer one is",
    when: supported,
    run: async (h) => {
      const { rec, publish } = await setUp(h);
      await publish("expires-first", { deliverAfter: "1200ms", ttlInSeconds: "1" });
      await publish("outlives-delay", { deliverAfter: "600ms", ttlInSeconds: "30" });
      // Published last and due last: once it is here, the expired one had its chance.
      await publish("marker", { deliverAfter: "1600ms" });
      await waitFor(() => rec.list.some((a) => a.body === "marker"), { timeoutMs: h.timeoutMs, what: "the marker" });
      expect(rec.list.map((a) => a.body)).toEqual(["outlives-delay", "marker"]);
    },
  },
  {
    name: "delayed delivery: a message held for an hour is delivered once the component's clock passes its time, not before",
    when: (t) => t.delayedDelivery?.injectedClock === true,
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const rec = arrivals();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      const event = JSON.stringify({ specversion: "1.0", id: "hour", source: "conformance", type: "t", data: "an hour later" });
      await pubsub.publish({ topic, data: Buffer.from(event), contentType: "application/cloudevents+json", deliverAt: Date.now() + 3_600_000, metadata: {} });
      // A plain message published after it arrives first: the delayed one is held, not lost or early.
      await pubsub.publish({ topic, data: Buffer.from(JSON.stringify({ specversion: "1.0", id: "now", source: "conformance", type: "t", data: "now" })), contentType: "application/cloudevents+json", metadata: {} });
      await waitFor(() => rec.list.length >= 1, { timeoutMs: h.timeoutMs, what: "the undelayed message" });
      h.advanceClock(3_600_000);
      await waitFor(() => rec.list.length >= 2, { timeoutMs: h.timeoutMs, what: "the delayed message after the clock moved an hour" });
      expect(rec.list.map((a) => a.body)).toEqual(["now", "an hour later"]);
    },
  },
];
