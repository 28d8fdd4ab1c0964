import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { RedisStreamsPubSub } from "../../../pkg/components/pubsub/redis/redis.js";
import type { MessageHandler } from "../../../pkg/components/pubsub/types.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { waitFor } from "../../support/ports.js";
import { PrivateRedis } from "../../integration/pubsub-redis-server.js";

/**
 * `pubsub.redis` acknowledges on the reader's connection, queued behind its next XREADGROUP, so an
 * ack costs no socket write or read of its own. Watched with MONITOR (which names the connection
 * that ran each command) on a private redis-server: riding acks must not delay an ack towards
 * processingTimeout, nor hold a handler slot, nor be lost when the component closes.
 */

// processingTimeout / 8 = 1s: how long an ack waits for a read to carry it, and then for that read to return.
const PROCESSING_TIMEOUT_MS = 8000;

let redis: PrivateRedis;
let admin: Redis;
let monitor: Awaited<ReturnType<Redis["monitor"]>>;
/** Every command Redis ran, with the address of the connection that sent it. */
const ran: Array<{ args: string[]; source: string }> = [];

beforeAll(async () => {
  redis = await PrivateRedis.start();
  admin = new Redis({ host: "127.0.0.1", port: redis.port });
  monitor = await admin.monitor();
  monitor.on("monitor", (_time: string, args: string[], source: string) => ran.push({ args, source }));
});

afterAll(async () => {
  monitor?.disconnect();
  admin?.disconnect();
  await redis?.kill();
});

const open: RedisStreamsPubSub[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

function context(): ComponentContext {
  const redactor = new SecretRedactor();
  return {
    name: "redis-pubsub",
    type: "pubsub.redis",
    appId: "acks-app",
    logger: createLogger({ appId: "acks-app", level: "warn", json: true, stream: new Writable({ write: (_c, _e, done) => done() }) }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

async function subscribed(topic: string, handler: MessageHandler, extra: Record<string, string> = {}): Promise<RedisStreamsPubSub> {
  const pubsub = new RedisStreamsPubSub(context());
  open.push(pubsub);
  await pubsub.init(ComponentMetadata.of("redis-pubsub", "pubsub.redis", { redisHost: redis.address, processingTimeout: `${PROCESSING_TIMEOUT_MS}ms`, ...extra }));
  await pubsub.subscribe({ topic, metadata: {} }, handler, new AbortController().signal);
  return pubsub;
}

const publish = (pubsub: RedisStreamsPubSub, topic: string, text: string): Promise<void> => pubsub.publish({ topic, data: Buffer.from(text), metadata: {} });
const pending = async (topic: string): Promise<number> => Number(((await admin.call("XPENDING", topic, "acks-app")) as unknown[])[0]);
/** The connection that ran XACK for `id`, and the one that ran the blocking reads of `topic`. */
const sourceOfAck = (id: string): string | undefined => ran.find((c) => c.args[0]?.toUpperCase() === "XACK" && c.args.includes(id))?.source;
/** Connections blocked in XREADGROUP (this file's components are closed after each case: only the current one's reader). */
const blockedReads = async (): Promise<number> =>
  String(await admin.call("CLIENT", "LIST", "TYPE", "normal"))
    .split("\n")
    .filter((line) => / flags=\S*b\S* /.test(line) && line.includes(" cmd=xreadgroup")).length;
const readerOf = (topic: string): Set<string> => new Set(ran.filter((c) => c.args[0]?.toUpperCase() === "XREADGROUP" && c.args.includes("BLOCK") && c.args.includes(topic)).map((c) => c.source));

describe("pubsub.redis acknowledgements", () => {
  it("acks on the reader's connection with its next read, and a clean close leaves nothing pending (one ack riding, one held)", async () => {
    const topic = `acks-${randomUUID()}`;
    const handled: string[] = [];
    const pubsub = await subscribed(topic, async (m) => void handled.push(String(m.metadata["redis.streamId"])));
    await publish(pubsub, topic, "one");
    await waitFor(() => handled.length === 1, { what: "the first delivery" });
    // The read that returns this entry carries the first one's ack, queued behind the next read.
    await publish(pubsub, topic, "two");
    await waitFor(() => handled.length === 2, { what: "the second delivery" });
    await pubsub.close();
    expect(await pending(topic)).toBe(0);
    const [first] = handled as [string, string];
    await waitFor(() => sourceOfAck(first) !== undefined, { what: "MONITOR to report the first XACK" });
    expect(readerOf(topic)).toContain(sourceOfAck(first));
  });

  it("acks a handled entry within a quarter of processingTimeout when no other message arrives to carry its ack", async () => {
    const topic = `acks-${randomUUID()}`;
    let handled = false;
    const pubsub = await subscribed(topic, async () => void (handled = true));
    await publish(pubsub, topic, "alone");
    await waitFor(() => handled, { what: "the delivery" });
    // At most 1s waiting for a read, then 1s riding behind it: XAUTOCLAIM (after processingTimeout) never sees a handled entry.
    await waitFor(async () => (await pending(topic)) === 0, { timeoutMs: PROCESSING_TIMEOUT_MS / 4, what: "the ack" });
  });

  it("frees a handler slot when the handler settles, not once its ack ran: with one slot and no read-ahead, the next read leaves with the ack", async () => {
    const topic = `acks-${randomUUID()}`;
    let handled = 0;
    const pubsub = await subscribed(topic, async () => void handled++, { concurrency: "1", queueDepth: "0" });
    await publish(pubsub, topic, "first");
    await waitFor(() => handled === 1, { what: "the first delivery" });
    // The reader blocks again while the entry is still pending: its XACK waits behind that read. Had the
    // slot waited for the XACK, no read would be issued until the ack had gone its own way.
    await waitFor(async () => (await blockedReads()) === 1 && (await pending(topic)) === 1, { what: "a blocked read carrying the ack" });
    await publish(pubsub, topic, "second");
    await waitFor(() => handled === 2, { what: "the second delivery" });
    await waitFor(async () => (await pending(topic)) === 0, { what: "both acks" });
  });
});
