import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm, truncate, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { brokerAvailable } from "../support/brokers.js";
import { componentYaml } from "../support/manifests.js";
import { waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * Hot reloads of pub/sub components while an app publishes without pause, in standalone mode (files under
 * --resources-path), over Redis Streams and RabbitMQ in one sidecar, as `make soak` runs them: every publish
 * is answered 204 (no retry hides a refusal), every message accepted is delivered, and a reload leaves no
 * broker connection behind.
 */
const brokersUp = (await brokerAvailable("redis")) && (await brokerAvailable("rabbitmq"));
const run = promisify(execFile);

const BROKERS = [
  { name: "reload-redis", type: "pubsub.redis", metadata: { redisHost: "127.0.0.1:6379" }, toggle: "redeliverInterval", values: ["60s", "61s"] },
  { name: "reload-rabbit", type: "pubsub.rabbitmq", metadata: { connectionString: "amqp://guest:guest@127.0.0.1:5672" }, toggle: "reconnectWaitSeconds", values: ["3", "4"] },
] as const;

type Broker = (typeof BROKERS)[number];

/** The component with its reload toggle at `variant`: a changed field the differ sees, delivery unchanged. */
function manifest(broker: Broker, variant: number): string {
  return componentYaml(broker.name, broker.type, { ...broker.metadata, [broker.toggle]: broker.values[variant % 2]! });
}

/** Connections the broker holds from this sidecar: Redis clients named `runtime-<app-id>`, RabbitMQ ones `runtimed-<app-id>`. */
async function brokerConnections(appId: string): Promise<{ redis: number; rabbitmq: number }> {
  const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true });
  await redis.connect();
  const clients = (await redis.client("LIST")) as string;
  await redis.quit();
  const { stdout } = await run("rabbitmqctl", ["-q", "list_connections", "--no-table-headers", "client_properties"]);
  return {
    redis: clients.split("\n").filter((line) => line.includes(` name=runtime-${appId} `)).length,
    rabbitmq: stdout.split("\n").filter((line) => line.includes(`{"connection_name","runtimed-${appId}"}`)).length,
  };
}

(brokersUp ? describe : describe.skip)("hot reloads of pub/sub files while the app publishes (Redis Streams and RabbitMQ)", () => {
  const appId = `reload-${randomUUID().slice(0, 8)}`;
  const topic = `reload-${randomUUID()}`;
  const received = new Set<string>();
  let dir: string;
  let app: TestApp;
  let rt: TestRuntime;
  let variant = 0;

  const file = (broker: Broker): string => path.join(dir, `${broker.name}.yaml`);
  /** Components the controller (re)applied since start-up: updated, or created again after a removal. */
  const updates = async (): Promise<number> => {
    const text = await rt.runtime.metrics.registry.getSingleMetricAsString("runtime_component_reload_total");
    return [...text.matchAll(/kind="Component",operation="(?:update|create)",result="success"\} (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  /** Rewrites both files (writeFile: truncate, then write) and resolves once both updates were applied. */
  const reloadBoth = async (): Promise<void> => {
    const before = await updates();
    variant++;
    await Promise.all(BROKERS.map((broker) => writeFile(file(broker), manifest(broker, variant))));
    await waitFor(async () => (await updates()) >= before + BROKERS.length, { timeoutMs: 15_000, what: "both components reloaded" });
  };

  beforeAll(async () => {
    app = await startTestApp({ subscriptions: BROKERS.map((b) => ({ pubsubname: b.name, topic, route: `/deliver/${b.name}` })) });
    for (const broker of BROKERS) {
      app.respond(`/deliver/${broker.name}`, (request) => {
        received.add(request.json<{ data: { id: string } }>().data.id);
        return { status: 200, body: { status: "SUCCESS" } };
      });
    }
    dir = await resourcesFolder(Object.fromEntries(BROKERS.map((b) => [`${b.name}.yaml`, manifest(b, 0)])));
    rt = createRuntime({ appId, resourcesPaths: [dir], appPort: app.port }, { controllerTuning: { debounceMs: 30 } });
    await rt.start();
    await waitFor(async () => {
      const body = (await (await fetch(`${rt.url}/v1.0/metadata`)).json()) as { subscriptions?: Array<{ pubsubname: string }> };
      return BROKERS.every((b) => body.subscriptions?.some((s) => s.pubsubname === b.name));
    }, { timeoutMs: 15_000, what: "both subscriptions live" });
  });

  afterAll(async () => {
    await rt?.close();
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true });
    await redis.connect();
    await redis.del(topic);
    await redis.quit();
  });

  it("answers every publish 204 and delivers every message through rewrites of both files, one of them read empty with an old mtime", async () => {
    const answers = new Map<string, number>();
    const accepted: string[] = [];
    let publishing = true;
    const publisher = async (broker: Broker, lane: number): Promise<void> => {
      for (let n = 0; publishing; n++) {
        const id = `${broker.name}-${lane}-${n}`;
        const res = await fetch(`${rt.url}/v1.0/publish/${broker.name}/${topic}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id }) });
        const body = await res.text();
        const answer = res.status === 204 ? "204" : `${res.status} ${(JSON.parse(body) as { errorCode?: string }).errorCode ?? body}`;
        answers.set(answer, (answers.get(answer) ?? 0) + 1);
        if (res.status === 204) accepted.push(id);
      }
    };
    const lanes = BROKERS.flatMap((broker) => [0, 1].map((lane) => publisher(broker, lane)));
    try {
      await waitFor(() => accepted.length >= 50, { timeoutMs: 10_000, what: "publishes flowing" });
      await reloadBoth();
      // A rewrite whose first read lands while the file is empty, with an mtime long past: what the loader sees when
      // its read comes between a truncate and the write and its stat after a timestamp-preserving copy (cp -p), or
      // when the loaded sidecar reaches the stat seconds later. The components keep serving through it.
      const before = await updates();
      const past = new Date(Date.now() - 3_600_000);
      await Promise.all(BROKERS.map(async (broker) => {
        await truncate(file(broker));
        await utimes(file(broker), past, past);
      }));
      // The writer's pause between truncate and write: a second, inside the loader's 2 s settle.
      await sleep(1000);
      variant++;
      await Promise.all(BROKERS.map(async (broker) => {
        await writeFile(file(broker), manifest(broker, variant));
        await utimes(file(broker), past, past);
      }));
      await waitFor(async () => (await updates()) >= before + BROKERS.length, { timeoutMs: 15_000, what: "both components reloaded after the copy" });
      await reloadBoth();
      const last = accepted.length;
      await waitFor(() => accepted.length >= last + 50, { timeoutMs: 10_000, what: "publishes after the reloads" });
    } finally {
      publishing = false;
      await Promise.all(lanes);
    }
    expect(Object.fromEntries(answers)).toEqual({ "204": accepted.length });
    await waitFor(() => accepted.every((id) => received.has(id)), { timeoutMs: 20_000, what: `every accepted message delivered (${accepted.filter((id) => !received.has(id)).length} of ${accepted.length} missing)` });
  });

  it("leaves the broker connections where they started after 10 hot reloads", async () => {
    const start = await brokerConnections(appId);
    expect(start.redis).toBeGreaterThan(0);
    expect(start.rabbitmq).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await reloadBoth();
    // The old instances close once their in-flight calls finished: wait for the counts rather than sample once.
    let now = await brokerConnections(appId);
    await waitFor(async () => {
      now = await brokerConnections(appId);
      return now.redis === start.redis && now.rabbitmq === start.rabbitmq;
    }, { timeoutMs: 15_000, intervalMs: 500, what: `connections back to ${JSON.stringify(start)}` }).catch(() => undefined);
    expect(now).toEqual(start);
  });
});
