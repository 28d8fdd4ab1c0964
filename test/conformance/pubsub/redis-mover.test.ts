import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { RedisStreamsPubSub } from "../../../pkg/components/pubsub/redis/redis.js";
import { DELAYED_TOPICS_KEY } from "../../../pkg/components/pubsub/redis/delayed.js";
import { waitFor } from "../../support/ports.js";
import { testContext } from "../context.js";
import { PrivateRedis } from "../../integration/pubsub-redis-server.js";

/**
 * Every live sidecar of a `pubsub.redis` component polls the delay sets for messages another sidecar
 * published. While the component writes to Redis anyway (publishes, acks), the poll leaves with one of
 * those writes instead of on its own, in the last part of the interval; the interval still bounds how
 * late a due message is moved. Watched with MONITOR on a private redis-server (it names the connection
 * and timestamps each command): a poll that rode arrives in the same socket write as a publish, so Redis
 * runs the two in one pass of its event loop.
 */

const POLL_MS = 400;
/** How late after its time a message may be moved here, beyond the poll interval (a loaded two-core machine). */
const LATE_MARGIN_MS = 1500;

let redis: PrivateRedis;
let admin: Redis;
let monitor: Awaited<ReturnType<Redis["monitor"]>>;
const ran: Array<{ args: string[]; source: string; at: number }> = [];

beforeAll(async () => {
  redis = await PrivateRedis.start();
  admin = new Redis({ host: "127.0.0.1", port: redis.port });
  monitor = await admin.monitor();
  monitor.on("monitor", (time: string, args: string[], source: string) => ran.push({ args, source, at: Number(time) * 1000 }));
});

afterAll(async () => {
  monitor?.disconnect();
  admin?.disconnect();
  await redis?.kill();
});

function context(appId: string): ComponentContext {
  return testContext("pubsub.redis", { name: "redis-pubsub", appId });
}

async function component(appId: string): Promise<RedisStreamsPubSub> {
  const pubsub = new RedisStreamsPubSub(context(appId));
  await pubsub.init(ComponentMetadata.of("redis-pubsub", "pubsub.redis", { redisHost: redis.address, delayedPollInterval: `${POLL_MS}ms` }));
  return pubsub;
}

/** A message held for `topic` by a sidecar that then goes away: only another sidecar's mover can move it. */
async function heldByAnother(topic: string, deliverAt: number): Promise<void> {
  const holder = await component("holder");
  await holder.publish({ topic, data: Buffer.from("later"), metadata: {}, deliverAt });
  await holder.close();
}

const streamLength = async (topic: string): Promise<number> => Number(await admin.call("XLEN", topic));

describe("pubsub.redis delayed mover", () => {
  it("polls with its publishes while it publishes, alone while idle, and moves another sidecar's due messages within the interval either way", async () => {
    const mover = await component("mover");
    try {
      const busyTopic = `mover-busy-${randomUUID()}`;
      const dueWhileBusy = `mover-due-${randomUUID()}`;
      const dueWhileIdle = `mover-idle-${randomUUID()}`;
      const from = ran.length;
      let publishing = true;
      const publisher = (async () => {
        while (publishing) {
          await mover.publish({ topic: busyTopic, data: Buffer.from("tick"), metadata: {} });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const due = Date.now() + 600;
      await heldByAnother(dueWhileBusy, due);
      await waitFor(async () => (await streamLength(dueWhileBusy)) === 1, { timeoutMs: POLL_MS + LATE_MARGIN_MS + 600, intervalMs: 20, what: "the due message moved while publishing" });
      expect(Date.now() - due).toBeLessThanOrEqual(POLL_MS + LATE_MARGIN_MS);
      // Several polls while publishing, then stop.
      await waitFor(() => polls(ran.slice(from), sourceOf(ran.slice(from), busyTopic)).length >= 4, { timeoutMs: 10 * POLL_MS + LATE_MARGIN_MS, what: "four polls while publishing" });
      publishing = false;
      await publisher;

      const seen = ran.slice(from);
      const source = sourceOf(seen, busyTopic);
      const whilePublishing = polls(seen, source);
      // Each poll that rode ran right after a publish of the same write (one pass of Redis' loop).
      const rode = whilePublishing.filter((i) => {
        const before = seen.slice(0, i).reverse().find((c) => c.source === source);
        return before?.args[0]?.toUpperCase() === "XADD" && seen[i]!.at - before.at < 2;
      });
      expect(rode.length).toBeGreaterThanOrEqual(Math.ceil(whilePublishing.length / 2));

      // Idle: the poll goes on its own, as often.
      const idleDue = Date.now() + 300;
      await heldByAnother(dueWhileIdle, idleDue);
      await waitFor(async () => (await streamLength(dueWhileIdle)) === 1, { timeoutMs: POLL_MS + LATE_MARGIN_MS + 300, intervalMs: 20, what: "the due message moved while idle" });
      expect(Date.now() - idleDue).toBeLessThanOrEqual(POLL_MS + LATE_MARGIN_MS);
    } finally {
      await mover.close();
    }
  });
});

/** The connection that ran the XADDs to `topic`: the mover's command connection. */
function sourceOf(seen: typeof ran, topic: string): string | undefined {
  return seen.find((c) => c.args[0]?.toUpperCase() === "XADD" && c.args[1] === topic)?.source;
}

/** Indexes in `seen` of the topic-index polls `source` ran. */
function polls(seen: typeof ran, source: string | undefined): number[] {
  const found: number[] = [];
  seen.forEach((c, i) => {
    if (c.source === source && c.args[0]?.toUpperCase() === "SMEMBERS" && c.args[1] === DELAYED_TOPICS_KEY) found.push(i);
  });
  return found;
}
