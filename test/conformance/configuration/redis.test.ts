import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "@jest/globals";
import { createRedisConfigurationStore } from "../../../pkg/components/configuration/redis/redis.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { tcpReachable } from "../../support/brokers.js";
import { freePort, waitFor } from "../../support/ports.js";
import { runConfigurationTarget, testContext } from "./suite.js";

// The real Redis on 127.0.0.1:6379 (db 9, keys prefixed per run); skipped outside CI when it is down.
await runConfigurationTarget("configuration.redis");

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
