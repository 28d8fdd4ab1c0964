import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { RedisStreamsPubSub } from "../../../pkg/components/pubsub/redis/redis.js";
import type { PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { waitFor } from "../../support/ports.js";
import { PrivateRedis } from "../../integration/pubsub-redis-server.js";

/**
 * A `pubsub.redis` component holds O(1) Redis connections whatever its topic count (one command
 * connection, one blocking reader per consumer group): 100 subscribed topics must not mean 101
 * connections. Counted on a private redis-server, by the component's client name in CLIENT LIST.
 */

const TOPICS = 100;
let redis: PrivateRedis;
let admin: Redis;

beforeAll(async () => {
  redis = await PrivateRedis.start();
  admin = new Redis({ host: "127.0.0.1", port: redis.port });
});

afterAll(async () => {
  admin?.disconnect();
  await redis?.kill();
});

function context(appId: string): ComponentContext {
  const redactor = new SecretRedactor();
  return {
    name: "redis-pubsub",
    type: "pubsub.redis",
    appId,
    logger: createLogger({ appId, level: "warn", json: true, stream: new Writable({ write: (_c, _e, done) => done() }) }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

async function connectionsNamed(name: string): Promise<number> {
  const list = String(await admin.call("CLIENT", "LIST", "TYPE", "normal"));
  return list.split("\n").filter((line) => line.includes(` name=${name} `)).length;
}

describe("pubsub.redis connections", () => {
  it(`serves ${TOPICS} subscribed topics with at most 3 connections, delivering on each, and drops the reader when the last one is unsubscribed`, async () => {
    const appId = `conn-${randomUUID().slice(0, 8)}`;
    const pubsub = new RedisStreamsPubSub(context(appId));
    await pubsub.init(ComponentMetadata.of("redis-pubsub", "pubsub.redis", { redisHost: redis.address }));
    const received = new Set<string>();
    const controllers = Array.from({ length: TOPICS }, () => new AbortController());
    const topics = Array.from({ length: TOPICS }, (_, i) => `conn-topic-${i}`);
    try {
      await Promise.all(
        topics.map((topic, i) =>
          pubsub.subscribe({ topic, metadata: {} }, async (m: PubSubMessage) => void received.add(`${m.topic}:${m.data.toString()}`), controllers[i]!.signal),
        ),
      );
      await Promise.all(topics.map((topic) => pubsub.publish({ topic, data: Buffer.from("hello"), contentType: "text/plain", metadata: {} })));
      await waitFor(() => received.size === TOPICS, { timeoutMs: 15_000, what: "a delivery on every topic" });
      expect(await connectionsNamed(`runtime-${appId}`)).toBeLessThanOrEqual(3);

      // Unsubscribing half the topics re-issues the read over the others: they still deliver.
      for (const c of controllers.slice(0, TOPICS / 2)) c.abort();
      received.clear();
      await Promise.all(topics.slice(TOPICS / 2).map((topic) => pubsub.publish({ topic, data: Buffer.from("again"), contentType: "text/plain", metadata: {} })));
      await waitFor(() => received.size === TOPICS / 2, { timeoutMs: 15_000, what: "a delivery on every remaining topic" });

      for (const c of controllers) c.abort();
      await waitFor(async () => (await connectionsNamed(`runtime-${appId}`)) === 1, { timeoutMs: 10_000, what: "the reader connection closed" });
    } finally {
      for (const c of controllers) c.abort();
      await pubsub.close();
    }
  });
});
