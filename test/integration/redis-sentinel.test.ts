import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Redis } from "ioredis";
import { createRedisConfigurationStore } from "../../pkg/components/configuration/redis/redis.js";
import type { ConfigurationStore } from "../../pkg/components/configuration/types.js";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { RedisStreamsPubSub } from "../../pkg/components/pubsub/redis/redis.js";
import { runConfigurationTarget } from "../conformance/configuration/suite.js";
import { testContext } from "../conformance/context.js";
import { waitFor } from "../support/ports.js";
import { RedisSentinelUnderTest } from "../support/redis-topologies.js";
import { failoverDrillCases, publishThroughFailover } from "./redis-drills.js";

/**
 * Both Redis components against a private primary, its replica and three Sentinels, started once
 * for this file: the configuration conformance suite unchanged, then SENTINEL FAILOVER while
 * messages flow, and a configuration change made right after it.
 */

let deployment: RedisSentinelUnderTest;
const admins: Redis[] = [];

beforeAll(async () => {
  deployment = await RedisSentinelUnderTest.start();
}, 60_000);

afterAll(async () => {
  for (const admin of admins) admin.disconnect();
  await deployment?.stop();
});

function admin(): Redis {
  const client = deployment.client();
  admins.push(client);
  return client;
}

const sentinelMetadata = (type: string, extra: Record<string, string> = {}): ComponentMetadata =>
  ComponentMetadata.of("sentinel", type, { redisHost: deployment.sentinelHosts, failover: "true", sentinelMasterName: deployment.masterName, ...extra });

// The configuration conformance suite, unchanged, against this file's deployment (entry "(sentinel)" of the targets table).
await runConfigurationTarget("configuration.redis (sentinel)");

describe("drill: SENTINEL FAILOVER mid-stream", () => {
  const topic = `drill-${randomUUID()}`;
  const configKey = `setting-${randomUUID()}`;
  const pubsub = new RedisStreamsPubSub(testContext("pubsub.redis"));
  const store: ConfigurationStore = createRedisConfigurationStore(testContext("configuration.redis"));
  const controller = new AbortController();
  const notified: string[] = [];
  let outcome: Awaited<ReturnType<typeof publishThroughFailover>>;
  let ports: { from: number; to: number };

  beforeAll(async () => {
    await pubsub.init(sentinelMetadata("pubsub.redis", { processingTimeout: "1s", redeliverInterval: "200ms" }));
    await store.init(sentinelMetadata("configuration.redis"));
    const client = admin();
    await client.set(configKey, "before");
    await store.subscribe([configKey], {}, (items) => (notified.push(items.get(configKey)?.value ?? "?"), Promise.resolve()), controller.signal);
    outcome = await publishThroughFailover(pubsub, topic, controller.signal, async () => {
      ports = await deployment.failover();
      // Right after the failover: a write on the promoted primary, where the store did not listen before.
      await waitFor(() => client.set(configKey, "after-failover").then(() => true), { timeoutMs: 10_000, what: "a write to the promoted primary" });
    });
  }, 60_000);

  afterAll(async () => {
    controller.abort();
    await Promise.all([pubsub.close(), store.close()]);
  });

  it("promoted the replica", () => {
    expect(ports.to).not.toBe(ports.from);
  });

  failoverDrillCases(() => outcome, () => notified);
});
