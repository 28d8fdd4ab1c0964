import { randomUUID } from "node:crypto";
import { expect } from "@jest/globals";
import { reportsHealth } from "../../../pkg/components/component.js";
import type { MessageHandler, PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { waitFor } from "../../support/ports.js";
import { recorder, type Case } from "./suite.js";

/**
 * What every broker must share because the kit at pkg/components/pubsub gives it to them: the one
 * reading of request metadata (through the runtime's publish path, so the answer is the API's), the
 * connection reported to outbound health, a close bounded in time that loses nothing, and the one
 * mapping of a handler's answer onto the broker.
 */

const TTL_RULE = "a positive whole number of seconds or a duration such as 90s";

/** Request metadata no broker may accept, and the one message every broker answers it with (400 ERR_PUBSUB_REQUEST_METADATA). */
const UNREADABLE: Array<[Record<string, string>, string]> = [
  [{ ttlInSeconds: "0" }, `metadata ttlInSeconds must be ${TTL_RULE}, got "0"`],
  [{ ttlInSeconds: "-1" }, `metadata ttlInSeconds must be ${TTL_RULE}, got "-1"`],
  [{ ttlInSeconds: "1.5" }, `metadata ttlInSeconds must be ${TTL_RULE}, got "1.5"`],
  [{ ttlInSeconds: "1e2" }, `metadata ttlInSeconds must be ${TTL_RULE}, got "1e2"`],
  [{ ttl: "-5s" }, `metadata ttl must be ${TTL_RULE}, got "-5s"`],
  [{ rawPayload: "yes" }, 'metadata rawPayload must be true or false, got "yes"'],
];

/** The CloudEvent the runtime's publish path put on the broker. */
const eventOf = (message: PubSubMessage): Record<string, unknown> => JSON.parse(message.data.toString()) as Record<string, unknown>;
const dataOf = (message: PubSubMessage): unknown => eventOf(message)["data"];

export const KIT_CASES: readonly Case[] = [
  {
    name: "refuses request metadata it cannot read with the same invalid-metadata answer as every broker, and publishes nothing",
    run: async (h) => {
      const pubsub = await h.open();
      const publisher = h.publisher(pubsub);
      const topic = h.topicName();
      const rec = recorder();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      for (const [metadata, message] of UNREADABLE) {
        await expect(publisher.publish({ pubsubName: "conformance", topic, body: Buffer.from("refused"), contentType: "text/plain", metadata })).rejects.toMatchObject({ kind: "invalid-metadata", message });
      }
      await publisher.publish({ pubsubName: "conformance", topic, body: Buffer.from("marker"), contentType: "text/plain", metadata: {} });
      await waitFor(() => rec.messages.length >= 1, { timeoutMs: h.timeoutMs, what: "the marker" });
      expect(rec.messages.map(dataOf)).toEqual(["marker"]);
    },
  },
  {
    name: "accepts Dapr's TTL forms (whole seconds, a Go duration under ttl, a huge value clamped) and delivers each with its expiration",
    run: async (h) => {
      const pubsub = await h.open();
      const publisher = h.publisher(pubsub);
      const topic = h.topicName();
      const rec = recorder();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      const forms: Array<Record<string, string>> = [{ ttlInSeconds: "30" }, { ttl: "1m30s" }, { TTLInSeconds: "99999999999999999999" }];
      for (const [i, metadata] of forms.entries()) await publisher.publish({ pubsubName: "conformance", topic, body: Buffer.from(`ttl-${i}`), contentType: "text/plain", metadata });
      await waitFor(() => rec.messages.length >= forms.length, { timeoutMs: h.timeoutMs, what: `${forms.length} messages with a TTL` });
      const now = Date.now();
      for (const message of rec.messages) expect(Date.parse(String(eventOf(message)["expiration"]))).toBeGreaterThan(now + 25_000);
    },
  },
  {
    name: "fails only the bulk entry whose own metadata cannot be read, with the same message on every broker; an unreadable request-level value refuses the whole request",
    run: async (h) => {
      const pubsub = await h.open();
      const publisher = h.publisher(pubsub);
      const topic = h.topicName();
      const rec = recorder();
      await h.subscribe(pubsub, topic, `g-${randomUUID()}`, rec.handler);
      const entry = (id: string, metadata: Record<string, string> = {}) => ({ entryId: id, data: Buffer.from(id), contentType: "text/plain", metadata });
      const result = await publisher.bulkPublish("conformance", topic, [entry("a"), entry("b", { ttlInSeconds: "0" }), entry("c")], {});
      expect(result.failedEntries).toEqual([{ entryId: "b", error: `metadata ttlInSeconds must be ${TTL_RULE}, got "0"` }]);
      await waitFor(() => rec.messages.length >= 2, { timeoutMs: h.timeoutMs, what: "the two readable entries" });
      expect(new Set(rec.messages.map(dataOf))).toEqual(new Set(["a", "c"]));
      for (const metadata of [{ maxBulkPubBytes: "0" }, { rawPayload: "maybe" }] as Array<Record<string, string>>) {
        await expect(publisher.bulkPublish("conformance", topic, [entry("d")], metadata)).rejects.toMatchObject({ kind: "invalid-metadata" });
      }
    },
  },
  {
    name: "reports its broker connection through HealthReporter: down while the broker is away (outbound health 500), up once it is back",
    when: (t) => t.outage !== undefined,
    run: async (h) => {
      const outage = await h.outage();
      const pubsub = await h.open({ metadata: outage.metadata });
      if (!reportsHealth(pubsub)) throw new Error(`${h.target.type} holds a broker connection but does not implement HealthReporter`);
      await waitFor(() => pubsub.healthy(), { timeoutMs: h.timeoutMs, what: "healthy after init" });
      await outage.down();
      await waitFor(() => !pubsub.healthy(), { timeoutMs: h.timeoutMs, what: "unhealthy while the broker is down" });
      await outage.up();
      await waitFor(() => pubsub.healthy(), { timeoutMs: h.timeoutMs * 2, what: "healthy again once the broker is back" });
      const topic = h.topicName();
      await waitFor(() => pubsub.publish({ topic, data: Buffer.from("after"), metadata: {} }).then(() => true, () => false), { timeoutMs: h.timeoutMs, what: "a publish after the outage" });
    },
  },
  {
    name: "closes within the graceful-shutdown time while a handler hangs, and the message it held comes back to the group (PERSISTENT)",
    when: (t) => t.features.includes("PERSISTENT") && t.durableGroups === true,
    run: async (h) => {
      const graceMs = 300;
      const pubsub = await h.open({ gracefulShutdownMs: graceMs });
      const topic = h.topicName();
      const group = `g-${randomUUID()}`;
      const release = Promise.withResolvers<void>();
      let held = 0;
      const hanging: MessageHandler = async () => {
        held++;
        await release.promise;
        // What the runtime does with a delivery cut short by shutdown: it refuses it, so the broker keeps it.
        throw new Error("the sidecar stopped before the app answered");
      };
      const first = await h.subscribe(pubsub, topic, group, hanging);
      await h.publishAll(pubsub, topic, ["held"]);
      await waitFor(() => held === 1, { timeoutMs: h.timeoutMs, what: "the handler holding the message" });
      const started = Date.now();
      await pubsub.close();
      // The drain is bounded by the grace period; closing the connections after it takes a moment more.
      expect(Date.now() - started).toBeLessThan(graceMs + 3000);
      release.resolve();
      await first.active.drained();
      const again = recorder();
      await h.subscribe(await h.open(), topic, group, again.handler);
      await waitFor(() => again.bodies().includes("held"), { timeoutMs: h.timeoutMs, what: "the held message redelivered to the group" });
    },
  },
  {
    name: "settles each answer once: resolved and given-up ('dropped') messages never come back, a rejected one does",
    when: (t) => t.durableGroups === true && t.ordering === true,
    run: async (h) => {
      const pubsub = await h.open();
      const topic = h.topicName();
      const group = `g-${randomUUID()}`;
      const seen: string[] = [];
      const settleBy: MessageHandler = (m) => {
        const body = m.data.toString();
        seen.push(body);
        if (body === "gone") return Promise.resolve("dropped");
        if (body === "again" && seen.filter((b) => b === "again").length === 1) return Promise.reject(new Error("not yet"));
        return Promise.resolve();
      };
      const first = await h.subscribe(pubsub, topic, group, settleBy);
      await h.publishAll(pubsub, topic, ["ok", "gone", "again"]);
      await waitFor(() => seen.filter((b) => b === "again").length === 2, { timeoutMs: h.timeoutMs, what: "the rejected message delivered again" });
      first.controller.abort();
      await first.active.drained();
      const later = recorder();
      await h.subscribe(pubsub, topic, group, later.handler);
      await h.publishAll(pubsub, topic, ["marker"]);
      await waitFor(() => later.bodies().includes("marker"), { timeoutMs: h.timeoutMs, what: "the marker" });
      expect(later.bodies()).toEqual(["marker"]);
      expect(seen.filter((b) => b === "ok")).toHaveLength(1);
      expect(seen.filter((b) => b === "gone")).toHaveLength(1);
    },
  },
];
