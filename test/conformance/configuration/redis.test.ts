import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { createRedisConfigurationStore } from "../../../pkg/components/configuration/redis/redis.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { BROKERS, brokerAvailable, tcpReachable } from "../../support/brokers.js";
import { freePort, waitFor } from "../../support/ports.js";
import { runConfigurationConformance, testContext } from "./suite.js";

// The real Redis on 127.0.0.1:6379 (db 9, keys prefixed per run); skipped outside CI when it is down.
const redisUp = await brokerAvailable("redis");

if (redisUp) {
  runConfigurationConformance({
    type: "configuration.redis",
    create: createRedisConfigurationStore,
    backend: async () => {
      const client = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, db: 9 });
      const prefix = `conf-${randomUUID().slice(0, 8)}:`;
      return {
        metadata: { redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}`, redisDB: "9" },
        prefix,
        set: async (key, item) => {
          await client.set(key, item.version ? `${item.value}||${item.version}` : item.value);
        },
        del: async (key) => {
          await client.del(key);
        },
        teardown: async () => {
          const keys = await client.keys(`${prefix}*`);
          if (keys.length > 0) await client.del(...keys);
          await client.quit();
        },
      };
    },
  });
}

describe("configuration.redis: keyspace notifications", () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server?.pid) process.kill(server.pid, "SIGKILL");
  });

  it("says clearly in the log when the server refuses CONFIG SET notify-keyspace-events", async () => {
    const port = await freePort();
    // Its own server (never the shared one): CONFIG disabled, as managed Redis services do.
    server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--rename-command", "CONFIG", ""], { stdio: "ignore" });
    await waitFor(() => tcpReachable("127.0.0.1", port), { timeoutMs: 5000, what: "redis-server to listen" });
    const context = testContext("configuration.redis");
    const store = createRedisConfigurationStore(context);
    try {
      await store.init(ComponentMetadata.of("refused", "configuration.redis", { redisHost: `127.0.0.1:${port}` }));
      expect(context.logs()).toMatch(/could not enable Redis keyspace notifications.*notify-keyspace-events to include \\"K\$gx\\"/);
    } finally {
      await store.close();
    }
  });
});
