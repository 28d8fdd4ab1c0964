import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Cluster } from "ioredis";
import { createRedisConfigurationStore } from "../../pkg/components/configuration/redis/redis.js";
import type { ConfigurationStore } from "../../pkg/components/configuration/types.js";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { RedisStreamsPubSub } from "../../pkg/components/pubsub/redis/redis.js";
import { runConfigurationTarget } from "../conformance/configuration/suite.js";
import { testContext } from "../conformance/context.js";
import { runPubSubTarget } from "../conformance/pubsub/suite.js";
import { waitFor } from "../support/ports.js";
import { RedisClusterUnderTest } from "../support/redis-topologies.js";
import { failoverDrillCases, publishThroughFailover } from "./redis-drills.js";

/**
 * Both Redis components against a private Redis Cluster (3 primaries, one replica each), started
 * once for this file: the conformance suites unchanged, then a drill that kills the primary serving
 * a topic's slot (and a configuration key's: the same hash tag) while messages flow.
 */

let cluster: RedisClusterUnderTest;
const admins: Cluster[] = [];

beforeAll(async () => {
  cluster = await RedisClusterUnderTest.start({ primaries: 3, replicasPerPrimary: 1 });
}, 60_000);

afterAll(async () => {
  for (const admin of admins) admin.disconnect();
  await cluster?.stop();
});

function admin(): Cluster {
  const client = cluster.client();
  admins.push(client);
  return client;
}

const clusterMetadata = (type: string, extra: Record<string, string> = {}): ComponentMetadata => ComponentMetadata.of("cluster", type, { redisHost: cluster.seeds, redisType: "cluster", ...extra });

// The conformance suites, unchanged, against this file's cluster (entries "(cluster)" of the targets tables).
await runPubSubTarget("pubsub.redis (cluster)");
await runConfigurationTarget("configuration.redis (cluster)");

describe("configuration.redis on a Redis Cluster: every primary", () => {
  it("notifies a keyless subscriber of writes on each primary, and get() without keys reads them all", async () => {
    const store = createRedisConfigurationStore(testContext("configuration.redis"));
    const controller = new AbortController();
    try {
      await store.init(clusterMetadata("configuration.redis"));
      // One key served by each primary.
      const byPrimary = new Map<number, string>();
      for (let i = 0; byPrimary.size < 3; i++) {
        const port = (await cluster.primaryOf(`every-${i}`)).port;
        if (!byPrimary.has(port)) byPrimary.set(port, `every-${i}`);
      }
      const keys = [...byPrimary.values()];
      const seen = new Map<string, string>();
      await store.subscribe([], {}, (items) => (items.forEach((item, key) => seen.set(key, item.value)), Promise.resolve()), controller.signal);
      const client = admin();
      for (const key of keys) await client.set(key, `on-${key}`);
      await waitFor(() => keys.every((k) => seen.get(k) === `on-${k}`), { timeoutMs: 5000, what: "a notification from every primary" });
      const all = await store.get([], {});
      for (const key of keys) expect(all.get(key)?.value).toBe(`on-${key}`);
    } finally {
      controller.abort();
      await store.close();
    }
  });
});

describe("drill: the primary serving a topic's slot is killed while publishing and delivering", () => {
  const topic = `drill-${randomUUID()}`;
  // The same hash tag: the configuration key lives in the topic's slot, on the primary that is killed.
  const configKey = `{${topic}}:setting`;
  const pubsub = new RedisStreamsPubSub(testContext("pubsub.redis"));
  const store: ConfigurationStore = createRedisConfigurationStore(testContext("configuration.redis"));
  const controller = new AbortController();
  const notified: string[] = [];
  let outcome: Awaited<ReturnType<typeof publishThroughFailover>>;
  let ports: { killed: number; promoted: number };

  beforeAll(async () => {
    await pubsub.init(clusterMetadata("pubsub.redis", { processingTimeout: "1s", redeliverInterval: "200ms" }));
    await store.init(clusterMetadata("configuration.redis"));
    const client = admin();
    await client.set(configKey, "before");
    await store.subscribe([configKey], {}, (items) => (notified.push(items.get(configKey)?.value ?? "?"), Promise.resolve()), controller.signal);
    outcome = await publishThroughFailover(pubsub, topic, controller.signal, async () => {
      const { killed, promoted } = await cluster.killPrimaryOf(topic);
      ports = { killed: killed.port, promoted: promoted.port };
      // Right after the failover: a write the store's old subscription could not see.
      await waitFor(() => client.set(configKey, "after-failover").then(() => true), { timeoutMs: 10_000, what: "a write to the promoted primary" });
    });
  }, 60_000);

  afterAll(async () => {
    controller.abort();
    await Promise.all([pubsub.close(), store.close()]);
  });

  it("moved the slot to the replica", () => {
    expect(ports.promoted).not.toBe(ports.killed);
  });

  failoverDrillCases(() => outcome, () => notified);
});

describe("bad Redis topology metadata fails init naming the field", () => {
  it.each([
    [{ redisHost: "127.0.0.1:1", redisType: "clusterr" }, "redisType", `must be "node" or "cluster", got "clusterr"`],
    [{ redisHost: "127.0.0.1:1", failover: "true" }, "sentinelMasterName", "is required with failover: true"],
  ] as Array<[Record<string, string>, string, string]>)("%j -> %s", async (values, field, problem) => {
    for (const [type, component] of [
      ["pubsub.redis", new RedisStreamsPubSub(testContext("pubsub.redis"))],
      ["configuration.redis", createRedisConfigurationStore(testContext("configuration.redis"))],
    ] as const) {
      const init = component.init(ComponentMetadata.of("bad", type, values));
      await expect(init).rejects.toThrow(`component "bad" (${type}): metadata field "${field}" ${problem}`);
      await component.close();
    }
  });
});
