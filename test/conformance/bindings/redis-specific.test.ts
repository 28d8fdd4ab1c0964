import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { RedisBinding } from "../../../pkg/components/bindings/redis/redis.js";
import { BindingRequestError } from "../../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { brokerAvailable, BROKERS } from "../../support/brokers.js";
import { waitFor } from "../../support/ports.js";
import { PrivateRedis } from "../../integration/pubsub-redis-server.js";
import { testContext } from "../context.js";

const available = await brokerAvailable("redis");
const redisHost = `${BROKERS.redis.host}:${BROKERS.redis.port}`;

(available ? describe : describe.skip)("bindings.redis against the real Redis", () => {
  let direct: Redis;
  const keys: string[] = [];
  const opened: RedisBinding[] = [];
  const key = (): string => {
    const k = `binding-redis-${randomUUID()}`;
    keys.push(k);
    return k;
  };
  async function open(metadata: Record<string, string> = { redisHost }): Promise<RedisBinding> {
    const binding = new RedisBinding(testContext("bindings.redis"));
    opened.push(binding);
    await binding.init(ComponentMetadata.of("cache", "bindings.redis", metadata));
    return binding;
  }

  beforeAll(() => {
    direct = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    if (keys.length > 0) await direct.del(...keys);
    direct.disconnect();
  });

  it("create SETs the data as it arrives (JSON from the HTTP API, bytes from gRPC) and get reads it back", async () => {
    const binding = await open();
    const [a, b] = [key(), key()];
    await binding.invoke({ operation: "create", data: "hello", metadata: { key: a } });
    await binding.invoke({ operation: "create", data: Buffer.from([0, 1, 255]), metadata: { key: b } });
    expect(await direct.get(a)).toBe('"hello"');
    expect(await direct.getBuffer(b)).toEqual(Buffer.from([0, 1, 255]));
    expect((await binding.invoke({ operation: "get", data: null, metadata: { key: a } })).data).toEqual(Buffer.from('"hello"'));
    expect(await direct.ttl(a)).toBe(-1);
  });

  it("create and increment with ttlInSeconds set the key's expiry", async () => {
    const binding = await open();
    const [a, b] = [key(), key()];
    await binding.invoke({ operation: "create", data: 1, metadata: { key: a, ttlInSeconds: "100" } });
    await binding.invoke({ operation: "increment", data: null, metadata: { key: b, ttlInSeconds: "50" } });
    expect(await direct.ttl(a)).toBeGreaterThan(90);
    expect(await direct.ttl(b)).toBeGreaterThan(40);
  });

  it("increment counts up from nothing, and fails (not as a bad request) on a value that is not a number", async () => {
    const binding = await open();
    const k = key();
    for (let i = 0; i < 3; i++) await binding.invoke({ operation: "increment", data: null, metadata: { key: k } });
    expect(await direct.get(k)).toBe("3");
    const text = key();
    await direct.set(text, "abc");
    const attempt = binding.invoke({ operation: "increment", data: null, metadata: { key: text } });
    await expect(attempt).rejects.toThrow("not an integer");
    await expect(attempt).rejects.not.toBeInstanceOf(BindingRequestError);
  });

  it("get of a missing key is an empty answer; get with delete: true removes what it reads; delete removes", async () => {
    const binding = await open();
    const k = key();
    expect(await binding.invoke({ operation: "get", data: null, metadata: { key: k } })).toEqual({});
    await direct.set(k, "v");
    expect(String((await binding.invoke({ operation: "get", data: null, metadata: { key: k, delete: "true" } })).data)).toBe("v");
    expect(await direct.exists(k)).toBe(0);
    await direct.set(k, "v");
    await binding.invoke({ operation: "delete", data: null, metadata: { key: k } });
    expect(await direct.exists(k)).toBe(0);
  });

  it("a request without metadata.key, or with a bad ttlInSeconds, is a bad request naming it", async () => {
    const binding = await open();
    await expect(binding.invoke({ operation: "get", data: null, metadata: {} })).rejects.toThrow("metadata.key is required");
    await expect(binding.invoke({ operation: "create", data: 1, metadata: { key: key(), ttlInSeconds: "soon" } })).rejects.toThrow("metadata.ttlInSeconds");
    await expect(binding.invoke({ operation: "create", data: 1, metadata: { key: key(), ttlInSeconds: "-3" } })).rejects.toBeInstanceOf(BindingRequestError);
  });

  it("reads Dapr's connection fields: redisDB selects the database", async () => {
    const binding = await open({ redisHost, redisDB: "3" });
    const k = key();
    await binding.invoke({ operation: "create", data: "in-3", metadata: { key: k } });
    expect(await direct.get(k)).toBeNull();
    const db3 = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, db: 3 });
    try {
      expect(await db3.get(k)).toBe('"in-3"');
      await db3.del(k);
    } finally {
      db3.disconnect();
    }
  });

  it.each([
    [{ redisHost, redisType: "ring" }, "redisType"],
    [{ redisHost: "127.0.0.1:99999" }, "redisHost"],
    [{ redisHost, redisDB: "x" }, "redisDB"],
  ])("bad metadata %j fails init naming %s", async (metadata, field) => {
    await expect(open(metadata)).rejects.toThrow(`metadata field "${field}"`);
  });

  it("an unreachable server fails init", async () => {
    await expect(open({ redisHost: "127.0.0.1:1", dialTimeout: "300ms" })).rejects.toThrow("cannot reach Redis");
  });
});

(available ? describe : describe.skip)("bindings.redis across a restart of its server", () => {
  let server: PrivateRedis;
  beforeAll(async () => {
    server = await PrivateRedis.start();
  });
  afterAll(() => server.kill());

  it("reports itself unhealthy while the server is down, fails requests meanwhile, and serves again once it is back", async () => {
    const binding = new RedisBinding(testContext("bindings.redis"));
    try {
      await binding.init(ComponentMetadata.of("cache", "bindings.redis", { redisHost: server.address, redisMaxRetryInterval: "100ms" }));
      expect(binding.healthy()).toBe(true);
      await server.kill();
      await waitFor(() => !binding.healthy(), { what: "the binding to see the server gone" });
      await expect(binding.invoke({ operation: "create", data: 1, metadata: { key: "k" } })).rejects.toThrow();
      await server.restart();
      await waitFor(() => binding.healthy(), { what: "the binding to reconnect" });
      await binding.invoke({ operation: "create", data: 2, metadata: { key: "k" } });
      expect(String((await binding.invoke({ operation: "get", data: null, metadata: { key: "k" } })).data)).toBe("2");
    } finally {
      await binding.close();
    }
  });
});
