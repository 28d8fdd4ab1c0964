import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { parseRedisMetadata, REDIS_DEFAULTS } from "../../../pkg/components/pubsub/redis/metadata.js";
import { RedisStreamsPubSub } from "../../../pkg/components/pubsub/redis/redis.js";
import type { BulkPublishEntry, MessageHandler, PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { BROKERS, brokerAvailable } from "../../support/brokers.js";
import { freePort, waitFor } from "../../support/ports.js";
import { PrivateRedis } from "../../integration/pubsub-redis-server.js";

const redisUp = await brokerAvailable("redis");
const SHARED = `${BROKERS.redis.host}:${BROKERS.redis.port}`;

function context(logs: string[] = [], appId = "specific-app"): ComponentContext {
  const redactor = new SecretRedactor();
  const sink = new Writable({ write: (chunk: Buffer, _e, done) => (logs.push(chunk.toString()), done()) });
  return {
    name: "redis-pubsub",
    type: "pubsub.redis",
    appId,
    logger: createLogger({ appId, level: "debug", json: true, stream: sink }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
  };
}

const md = (values: Record<string, string>): ComponentMetadata => ComponentMetadata.of("redis-pubsub", "pubsub.redis", values);

describe("pubsub.redis metadata", () => {
  it("applies the documented defaults and takes the app-id as consumer group", () => {
    const s = parseRedisMetadata(md({ redisHost: "localhost:6380" }), "orders");
    expect(s).toMatchObject({ ...REDIS_DEFAULTS, connection: { mode: "node", addresses: [{ host: "localhost", port: 6380 }], db: 0, enableTLS: false }, consumerGroup: "orders" });
    expect(s.processingTimeoutMs).toBe(60_000);
    expect(s.redeliverIntervalMs).toBe(15_000);
    expect(s.concurrency).toBe(100);
  });

  it("parses every field, with Go durations, consumerID overriding the app-id, and IPv6 hosts", () => {
    const s = parseRedisMetadata(
      md({ redisHost: "[::1]:7000", redisPassword: "pw", redisUsername: "u", redisDB: "3", enableTLS: "TRUE", consumerID: "group-x", processingTimeout: "1m30s", redeliverInterval: "500ms", concurrency: "4", maxLenApprox: "1000", queueDepth: "7", streamTTL: "1h", maxDeliveryDelay: "2h", delayedPollInterval: "250ms" }),
      "app",
    );
    expect(s).toEqual({
      connection: { mode: "node", addresses: [{ host: "::1", port: 7000 }], password: "pw", username: "u", db: 3, enableTLS: true },
      consumerGroup: "group-x",
      processingTimeoutMs: 90_000,
      redeliverIntervalMs: 500,
      concurrency: 4,
      maxLenApprox: 1000,
      streamTTLMs: 3_600_000,
      queueDepth: 7,
      maxDeliveryDelayMs: 2 * 3_600_000,
      delayedPollIntervalMs: 250,
    });
  });

  it("reads a cluster's seed nodes, Sentinels with their master name, retries and timeouts (Dapr's names)", () => {
    const cluster = parseRedisMetadata(md({ redisHost: "a:7000, b:7001,c", redisType: "cluster", redisMaxRetries: "5", redisMinRetryInterval: "10ms", redisMaxRetryInterval: "1s", dialTimeout: "2s", readTimeout: "3s", writeTimeout: "4s" }), "app");
    expect(cluster.connection).toMatchObject({
      mode: "cluster",
      addresses: [{ host: "a", port: 7000 }, { host: "b", port: 7001 }, { host: "c", port: 6379 }],
      maxRetries: 5,
      minRetryIntervalMs: 10,
      maxRetryIntervalMs: 1000,
      dialTimeoutMs: 2000,
      readTimeoutMs: 3000,
      writeTimeoutMs: 4000,
    });
    const sentinel = parseRedisMetadata(md({ redisHost: "s1:26379,s2:26379", failover: "true", sentinelMasterName: "mymaster", sentinelUsername: "su", sentinelPassword: "sp", redisMaxRetries: "-1", readTimeout: "-1" }), "app");
    expect(sentinel.connection).toMatchObject({ mode: "sentinel", sentinelMasterName: "mymaster", sentinelUsername: "su", sentinelPassword: "sp", maxRetries: 0, readTimeoutMs: undefined });
    expect(sentinel.connection.addresses).toHaveLength(2);
  });

  it.each([
    [{}, "redisHost", "is required"],
    [{ redisHost: "host:99999" }, "redisHost", "invalid port"],
    [{ redisHost: "redis://host:6379" }, "redisHost", "host:port"],
    [{ redisHost: "h:1", processingTimeout: "soon" }, "processingTimeout", "duration"],
    [{ redisHost: "h:1", redeliverInterval: "0" }, "redeliverInterval", "greater than 0"],
    [{ redisHost: "h:1", concurrency: "0" }, "concurrency", "at least 1"],
    [{ redisHost: "h:1", redisDB: "x" }, "redisDB", "integer"],
    [{ redisHost: "h:1", enableTLS: "yes" }, "enableTLS", "true or false"],
    [{ redisHost: "h:1", maxLenApprox: "-1" }, "maxLenApprox", "at least 0"],
    [{ redisHost: "h:1", redisType: "clusterr" }, "redisType", `must be "node" or "cluster", got "clusterr"`],
    [{ redisHost: "h:1", failover: "true" }, "sentinelMasterName", "is required with failover: true"],
    [{ redisHost: "h:1", failover: "true", sentinelMasterName: "m", redisType: "cluster" }, "failover", "cannot be combined with redisType: cluster"],
    [{ redisHost: "h:1,h:2" }, "redisHost", "set redisType: cluster"],
    [{ redisHost: "h:1,h:2", redisType: "cluster", redisDB: "2" }, "redisDB", "must be 0"],
    [{ redisHost: "h:1", streamTTL: "a day" }, "streamTTL", "duration"],
    [{ redisHost: "h:1", dialTimeout: "soon" }, "dialTimeout", "duration"],
    [{ redisHost: "h:1", redisMaxRetries: "-2" }, "redisMaxRetries", "at least -1"],
  ] as Array<[Record<string, string>, string, string]>)("rejects %j naming the component and the field %s", (values, field, problem) => {
    expect(() => parseRedisMetadata(md(values), "app")).toThrow(new RegExp(`"redis-pubsub" \\(pubsub.redis\\).*"${field}".*${problem}`));
  });
});

(redisUp ? describe : describe.skip)("pubsub.redis against real Redis", () => {
  const admin = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, lazyConnect: true });
  const open: RedisStreamsPubSub[] = [];
  const controllers: AbortController[] = [];
  const streams: string[] = [];

  beforeAll(async () => {
    await admin.connect();
  });
  afterEach(async () => {
    for (const c of controllers.splice(0)) c.abort();
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    if (streams.length > 0) await admin.del(...streams);
    admin.disconnect();
  });

  function topic(): string {
    const name = `redis-specific-${randomUUID()}`;
    streams.push(name);
    return name;
  }

  async function component(values: Record<string, string>, logs: string[] = []): Promise<RedisStreamsPubSub> {
    const pubsub = new RedisStreamsPubSub(context(logs));
    open.push(pubsub);
    await pubsub.init(md({ redisHost: SHARED, ...values }));
    return pubsub;
  }

  async function subscribe(pubsub: RedisStreamsPubSub, t: string, group: string, handler: MessageHandler): Promise<AbortController> {
    const controller = new AbortController();
    controllers.push(controller);
    await pubsub.subscribe({ topic: t, metadata: { consumerID: group } }, handler, controller.signal);
    return controller;
  }

  const pending = async (t: string, group: string): Promise<number> => Number(((await admin.call("XPENDING", t, group)) as unknown[])[0]);

  it("reads as the component's consumerID, not the app-id the runtime passes by default; a subscription's own consumerID wins", async () => {
    // Two apps whose manifests name one consumerID share one group (they compete), as with daprd.
    const pubsub = await component({ consumerID: "grp-shared" });
    const [defaulted, named] = [topic(), topic()];
    await subscribe(pubsub, defaulted, "specific-app", () => Promise.resolve());
    await subscribe(pubsub, named, "its-own", () => Promise.resolve());
    const groups = async (t: string): Promise<string[]> => ((await admin.call("XINFO", "GROUPS", t)) as unknown[][]).map((g) => String(g[1]));
    expect(await groups(defaulted)).toEqual(["grp-shared"]);
    expect(await groups(named)).toEqual(["its-own"]);
  });

  it("fails init with a message naming the address when Redis is not reachable", async () => {
    const port = await freePort();
    const pubsub = new RedisStreamsPubSub(context());
    open.push(pubsub);
    await expect(pubsub.init(md({ redisHost: `127.0.0.1:${port}` }))).rejects.toThrow(`cannot reach Redis at 127.0.0.1:${port}`);
  });

  it("acknowledges an entry only after the handler resolved; it is pending while the handler runs", async () => {
    const pubsub = await component({});
    const t = topic();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: PubSubMessage[] = [];
    await subscribe(pubsub, t, "g", async (m) => {
      seen.push(m);
      await gate;
    });
    await pubsub.publish({ topic: t, data: Buffer.from("one"), metadata: {} });
    await waitFor(() => seen.length === 1, { what: "delivery" });
    expect(await pending(t, "g")).toBe(1);
    release();
    await waitFor(async () => (await pending(t, "g")) === 0, { what: "the ack" });
    expect(seen[0]!.data.toString()).toBe("one");
  });

  it("reclaims (XAUTOCLAIM) entries a crashed consumer left pending once processingTimeout passed, and acks them", async () => {
    const t = topic();
    await admin.call("XGROUP", "CREATE", t, "app", "0", "MKSTREAM");
    for (let i = 0; i < 5; i++) await admin.call("XADD", t, "*", "data", `orphan-${i}`);
    // A consumer that read and died without acknowledging.
    await admin.call("XREADGROUP", "GROUP", "app", "crashed-sidecar", "COUNT", 10, "STREAMS", t, ">");
    expect(await pending(t, "app")).toBe(5);
    const started = Date.now();
    const got = new Set<string>();
    const pubsub = await component({ processingTimeout: "700ms", redeliverInterval: "100ms" });
    await subscribe(pubsub, t, "app", (m) => (got.add(m.data.toString()), Promise.resolve()));
    await waitFor(() => got.size === 5, { what: "5 reclaimed entries" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    await waitFor(async () => (await pending(t, "app")) === 0, { what: "acks of the reclaimed entries" });
  });

  it("redelivers a rejected entry after redeliverInterval, not before", async () => {
    const pubsub = await component({ redeliverInterval: "400ms", processingTimeout: "30s" });
    const t = topic();
    const times: number[] = [];
    await subscribe(pubsub, t, "g", () => {
      times.push(Date.now());
      return times.length === 1 ? Promise.reject(new Error("not yet")) : Promise.resolve();
    });
    await pubsub.publish({ topic: t, data: Buffer.from("x"), metadata: {} });
    await waitFor(() => times.length === 2, { what: "the redelivery" });
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(350);
    await waitFor(async () => (await pending(t, "g")) === 0, { what: "the ack" });
  });

  it("bounds the handlers in flight by concurrency", async () => {
    const pubsub = await component({ concurrency: "3" });
    const t = topic();
    let inFlight = 0;
    let peak = 0;
    let handled = 0;
    await subscribe(pubsub, t, "g", async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 30));
      inFlight--;
      handled++;
    });
    await Promise.all(Array.from({ length: 30 }, (_, i) => pubsub.publish({ topic: t, data: Buffer.from(`c${i}`), metadata: {} })));
    await waitFor(() => handled === 30, { what: "30 handled" });
    expect(peak).toBe(3);
  });

  it("trims the stream to about maxLenApprox entries", async () => {
    const pubsub = await component({ maxLenApprox: "100" });
    const t = topic();
    await Promise.all(Array.from({ length: 1000 }, (_, i) => pubsub.publish({ topic: t, data: Buffer.from(`t${i}`), metadata: {} })));
    const length = Number(await admin.call("XLEN", t));
    expect(length).toBeGreaterThanOrEqual(100);
    expect(length).toBeLessThan(300);
  });

  it("trims entries older than streamTTL (MINID ~, as Dapr) when publishing", async () => {
    const pubsub = await component({ streamTTL: "1m" });
    const t = topic();
    const old = Date.now() - 10 * 60_000;
    // Entries ten minutes old, by their ids; approximate trimming drops whole nodes of 100 entries.
    for (let i = 0; i < 250; i++) await admin.call("XADD", t, `${old}-${i}`, "data", `old-${i}`);
    await pubsub.publish({ topic: t, data: Buffer.from("new"), metadata: {} });
    const length = Number(await admin.call("XLEN", t));
    expect(length).toBeLessThanOrEqual(51);
    const [[, fields]] = (await admin.call("XREVRANGE", t, "+", "-", "COUNT", 1)) as Array<[string, string[]]>;
    expect(fields[1]).toBe("new");
  });

  it("stores a publish's TTL as an absolute expiry beside the entry (Dapr subscribers ignore the extra field)", async () => {
    const pubsub = await component({});
    const t = topic();
    await pubsub.publish({ topic: t, data: Buffer.from("ttl"), ttlMs: 30_000, metadata: {} });
    const [[, fields]] = (await admin.call("XRANGE", t, "-", "+")) as Array<[string, string[]]>;
    const expiresAt = Number(fields[fields.indexOf("expiresAt") + 1]);
    expect(expiresAt - Date.now()).toBeGreaterThan(25_000);
  });

  it("bulk-publishes with Redis' own error for each entry it refused", async () => {
    const pubsub = await component({});
    const notAStream = topic();
    await admin.set(notAStream, "a plain string: XADD answers WRONGTYPE");
    const entries: BulkPublishEntry[] = ["a", "b"].map((id) => ({ entryId: id, data: Buffer.from(id), metadata: {} }));
    const result = await pubsub.bulkPublish({ topic: notAStream, entries, metadata: {} });
    expect(result.failedEntries).toEqual(["a", "b"].map((entryId) => ({ entryId, error: expect.stringContaining("WRONGTYPE") })));
  });

  it("bulk-publishes as a pipeline of XADD, warning once, where the user may not run scripts", async () => {
    const server = await PrivateRedis.start();
    const setup = new Redis(server.address);
    try {
      await setup.call("ACL", "SETUSER", "noscripts", "on", ">pw", "~*", "&*", "+@all", "-@scripting");
      const logs: string[] = [];
      const pubsub = new RedisStreamsPubSub(context(logs));
      open.push(pubsub);
      await pubsub.init(md({ redisHost: server.address, redisUsername: "noscripts", redisPassword: "pw" }));
      for (const round of [1, 2]) {
        const entries: BulkPublishEntry[] = ["a", "b", "c"].map((id) => ({ entryId: `${id}${round}`, data: Buffer.from(id), metadata: {} }));
        expect((await pubsub.bulkPublish({ topic: "no-scripts", entries, metadata: {} })).failedEntries).toEqual([]);
      }
      expect(Number(await setup.call("XLEN", "no-scripts"))).toBe(6);
      expect(logs.join("").match(/refused the bulk publish script/g)).toHaveLength(1);
    } finally {
      await Promise.all(open.splice(0).map((p) => p.close()));
      setup.disconnect();
      await server.kill();
    }
  });

  it("bulk-publishes through the script again after Redis refused one call for want of memory", async () => {
    const server = await PrivateRedis.start();
    const setup = new Redis(server.address);
    try {
      const logs: string[] = [];
      const pubsub = new RedisStreamsPubSub(context(logs));
      open.push(pubsub);
      await pubsub.init(md({ redisHost: server.address }));
      const entries = (round: string): BulkPublishEntry[] => ["a", "b"].map((id) => ({ entryId: `${id}${round}`, data: Buffer.from(id), metadata: {} }));
      await setup.call("CONFIG", "SET", "maxmemory", "1");
      const refused = await pubsub.bulkPublish({ topic: "oom", entries: entries("1"), metadata: {} });
      expect(refused.failedEntries).toEqual(["a1", "b1"].map((entryId) => ({ entryId, error: expect.stringContaining("OOM") })));
      await setup.call("CONFIG", "SET", "maxmemory", "0");
      expect((await pubsub.bulkPublish({ topic: "oom", entries: entries("2"), metadata: {} })).failedEntries).toEqual([]);
      expect(logs.join("")).not.toContain("refused the bulk publish script");
    } finally {
      await Promise.all(open.splice(0).map((p) => p.close()));
      setup.disconnect();
      await server.kill();
    }
  });

  it("sends concurrent publishes as one pipeline, each succeeding or failing on its own", async () => {
    const pubsub = await component({});
    const good = topic();
    const notAStream = topic();
    await admin.set(notAStream, "a plain string: XADD answers WRONGTYPE");
    const results = await Promise.allSettled([
      pubsub.publish({ topic: good, data: Buffer.from("1"), metadata: {} }),
      pubsub.publish({ topic: notAStream, data: Buffer.from("2"), metadata: {} }),
      pubsub.publish({ topic: good, data: Buffer.from("3"), metadata: {} }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain("WRONGTYPE");
    expect(Number(await admin.call("XLEN", good))).toBe(2);
  });

  it("fails a publish Redis leaves unanswered within writeTimeout (ioredis' error), and publishes again once it answers", async () => {
    const server = await PrivateRedis.start();
    const setup = new Redis(server.address);
    try {
      const pubsub = new RedisStreamsPubSub(context());
      open.push(pubsub);
      await pubsub.init(md({ redisHost: server.address, writeTimeout: "800ms" }));
      // Redis holds every write command (the XADD) until the pause ends, well past the timeout.
      await setup.call("CLIENT", "PAUSE", "3000", "WRITE");
      const started = performance.now();
      await expect(pubsub.publish({ topic: "held", data: Buffer.from("1"), metadata: {} })).rejects.toThrow("Command timed out");
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(800 - 200 - 20);
      expect(waited).toBeLessThan(800 + 400);
      await setup.call("CLIENT", "UNPAUSE");
      await pubsub.publish({ topic: "held", data: Buffer.from("2"), metadata: {} });
      // The held XADD ran too once Redis answered (its reply dropped): at-least-once, as with ioredis' own timeout.
      expect(Number(await setup.call("XLEN", "held"))).toBe(2);
    } finally {
      await Promise.all(open.splice(0).map((p) => p.close()));
      setup.disconnect();
      await server.kill();
    }
  });

  it("fails within writeTimeout a publish issued while Redis is away and the client still retries", async () => {
    const server = await PrivateRedis.start();
    const pubsub = new RedisStreamsPubSub(context());
    open.push(pubsub);
    try {
      await pubsub.init(md({ redisHost: server.address, writeTimeout: "800ms", redisMaxRetries: "1000" }));
      await server.kill();
      await waitFor(() => !pubsub.healthy(), { what: "the command connection down" });
      const started = performance.now();
      await expect(pubsub.publish({ topic: "away", data: Buffer.from("1"), metadata: {} })).rejects.toThrow("Command timed out");
      expect(performance.now() - started).toBeLessThan(800 + 400);
    } finally {
      await Promise.all(open.splice(0).map((p) => p.close()));
    }
  });

  it("authenticates with redisUsername/redisPassword and never logs the password", async () => {
    const secured = await PrivateRedis.start(["--requirepass", "s3cret-pass"]);
    try {
      const logs: string[] = [];
      const wrong = new RedisStreamsPubSub(context(logs));
      open.push(wrong);
      await expect(wrong.init(md({ redisHost: secured.address, redisPassword: "wrong-pass" }))).rejects.toThrow(/WRONGPASS|invalid/i);
      const right = new RedisStreamsPubSub(context(logs));
      open.push(right);
      await right.init(md({ redisHost: secured.address, redisUsername: "default", redisPassword: "s3cret-pass" }));
      await right.publish({ topic: "auth-topic", data: Buffer.from("ok"), metadata: {} });
      expect(logs.join("")).not.toContain("s3cret-pass");
    } finally {
      await Promise.all(open.splice(0).map((p) => p.close()));
      await secured.kill();
    }
  });

  it("keeps consuming after Redis restarts and loses its groups (NOGROUP: recreated)", async () => {
    const server = await PrivateRedis.start();
    try {
      const pubsub = new RedisStreamsPubSub(context());
      open.push(pubsub);
      await pubsub.init(md({ redisHost: server.address, redeliverInterval: "100ms", processingTimeout: "1s" }));
      const t = "restart-topic";
      const got = new Set<string>();
      await subscribe(pubsub, t, "g", (m) => (got.add(m.data.toString()), Promise.resolve()));
      await pubsub.publish({ topic: t, data: Buffer.from("before"), metadata: {} });
      await waitFor(() => got.has("before"), { what: "the message before the restart" });
      await server.kill();
      await expect(pubsub.publish({ topic: t, data: Buffer.from("while-down"), metadata: {} })).rejects.toThrow();
      await server.restart();
      // Publishing until Redis accepts: a 204 is only promised once XADD succeeded.
      await waitFor(async () => (await pubsub.publish({ topic: t, data: Buffer.from("after"), metadata: {} }).then(() => true)), { timeoutMs: 10_000, what: "a publish after the restart" });
      await waitFor(() => got.has("after"), { timeoutMs: 15_000, what: "the message after the restart" });
    } finally {
      for (const c of controllers.splice(0)) c.abort();
      await Promise.all(open.splice(0).map((p) => p.close()));
      await server.kill();
    }
  });
});
