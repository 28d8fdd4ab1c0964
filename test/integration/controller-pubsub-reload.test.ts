import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { parse } from "yaml";
import { brokerAvailable } from "../support/brokers.js";
import { COMPONENTS, FakeApiServer } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";

/**
 * Updating a pub/sub component while messages flow loses nothing, whether the update is an
 * edited file or a `kubectl apply` (the fake API server, through the real client's informer). The
 * processor inits the new instance, the subscription manager drains the old one's deliveries, then
 * the swap; Redis Streams keeps what was published but not yet acknowledged for the consumer group.
 */
const redisUp = await brokerAvailable("redis");

function redisComponent(redeliverInterval: string, GROUP: string): string {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata:
  name: pubsub
spec:
  type: pubsub.redis
  version: v1
  metadata:
    - name: redisHost
      value: 127.0.0.1:6379
    - name: consumerID
      value: ${GROUP}
    - name: redeliverInterval
      value: ${redeliverInterval}
`;
}

interface Source {
  start(appPort: number, manifest: string): Promise<TestRuntime>;
  update(manifest: string): Promise<void>;
  close(): Promise<void>;
}

function filesSource(): Source {
  let dir = "";
  return {
    async start(appPort, manifest) {
      dir = await resourcesFolder({ "pubsub.yaml": manifest });
      const rt = createRuntime({ resourcesPaths: [dir], appPort }, { controllerTuning: { debounceMs: 30 } });
      await rt.start();
      return rt;
    },
    update: (manifest) => writeFile(path.join(dir, "pubsub.yaml"), manifest),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

function kubernetesSource(): Source {
  const NS = "reload";
  let api: FakeApiServer | undefined;
  return {
    async start(appPort, manifest) {
      api = await FakeApiServer.start();
      api.create(COMPONENTS, NS, parse(manifest) as { metadata: { name: string } });
      const rt = createRuntime({ mode: "kubernetes", namespace: NS, appPort }, { kubeConfig: api.kubeConfig(), controllerTuning: { resyncIntervalMs: 60_000 } });
      await rt.start();
      return rt;
    },
    update: async (manifest) => void api!.update(COMPONENTS, NS, parse(manifest) as { metadata: { name: string } }),
    close: async () => api?.close(),
  };
}

(redisUp ? describe.each : describe.skip.each)([
  ["an edited file", filesSource],
  ["an update through the Kubernetes API", kubernetesSource],
])("updating a pub/sub component while messages flow (Redis): %s", (_how, makeSource) => {
  const TOPIC = `reload-${randomUUID()}`;
  const GROUP = `reload-group-${randomUUID()}`;
  const source = makeSource();
  let app: http.Server;
  let rt: TestRuntime;
  const received = new Map<string, number>();

  beforeAll(async () => {
    app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (req.method === "GET" && req.url === "/runtime/subscribe") {
          res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify([{ pubsubname: "pubsub", topic: TOPIC, route: "/orders" }]));
          return;
        }
        if (req.method === "POST" && req.url === "/orders") {
          const event = JSON.parse(Buffer.concat(chunks).toString()) as { data: { n: string } };
          received.set(event.data.n, (received.get(event.data.n) ?? 0) + 1);
          res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"SUCCESS"}');
          return;
        }
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", () => resolve()));
    rt = await source.start((app.address() as AddressInfo).port, redisComponent("2s", GROUP));
    await waitFor(async () => {
      const body = (await (await fetch(`${rt.url}/v1.0/metadata`)).json()) as { subscriptions: Array<{ topic: string }> };
      return body.subscriptions.some((s) => s.topic === TOPIC);
    }, { timeoutMs: 10_000, what: "subscription started" });
  });

  afterAll(async () => {
    await rt?.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
    await source.close();
    const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true });
    await redis.connect();
    await redis.del(TOPIC);
    await redis.quit();
  });

  it("delivers every accepted message once the swapped component serves, none lost", async () => {
    const total = 300;
    let publishRetries = 0;
    const publish = async (n: number): Promise<void> => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await fetch(`${rt.url}/v1.0/publish/pubsub/${TOPIC}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ n: String(n) }) });
        await res.arrayBuffer();
        if (res.status === 204) return;
        publishRetries++;
      }
      throw new Error(`message ${n} was never accepted`);
    };
    const reloads = async (): Promise<string> => rt.runtime.metrics.registry.getSingleMetricAsString("runtime_component_reload_total");
    let receivedAtSwap = -1;
    for (let n = 0; n < total; n++) {
      if (n === 100) await source.update(redisComponent("3s", GROUP));
      // The last third is published only once the new instance serves: messages flow before, during and after the swap.
      if (n === 200) {
        await waitFor(async () => /operation="update",result="success"\} 1/.test(await reloads()), { timeoutMs: 5000, what: "the update applied" });
        receivedAtSwap = received.size;
      }
      await publish(n);
    }
    expect(receivedAtSwap).toBeGreaterThan(0);
    await waitFor(() => received.size === total, { timeoutMs: 15_000, what: `all ${total} messages delivered (got ${received.size})` });
    const missing = [...Array(total).keys()].filter((n) => !received.has(String(n)));
    expect(missing).toEqual([]);
    const duplicates = [...received.values()].filter((count) => count > 1).length;
    process.stdout.write(`pubsub reload under load: ${total} published, ${received.size} distinct delivered, ${duplicates} redelivered, ${publishRetries} publish retries, ${receivedAtSwap} delivered when the swap was seen\n`);
    // componentErrors is left out while no component failed (daprd leaves empty lists out).
    expect((await (await fetch(`${rt.url}/v1.0/metadata`)).json()) as object).not.toHaveProperty("componentErrors");
  });
});
