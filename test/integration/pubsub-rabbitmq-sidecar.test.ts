import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { brokerAvailable } from "../support/brokers.js";
import { freePort, waitFor } from "../support/ports.js";
import { deleteRabbitMQ, RABBITMQ_URL, waitForConsumers } from "../support/rabbitmq.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";
import { rabbitComponent, rabbitUrl } from "./pubsub-rabbitmq-support.js";

/** The built sidecar as a process with Dapr's own `pubsub.rabbitmq` manifest: fan-out between apps, sharing between replicas, bad input. */

const rabbitUp = await brokerAvailable("rabbitmq");
const PUBSUB = "orders-bus";
const ROUTE = "/orders";

const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];
const folders: string[] = [];
const created = { exchanges: new Set<string>(), queues: new Set<string>() };

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

afterAll(async () => {
  if (rabbitUp) await deleteRabbitMQ({ exchanges: created.exchanges, queues: created.queues });
});

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await resourcesFolder(files);
  folders.push(dir);
  return dir;
}

async function sidecar(appId: string, resources: string, app?: TestApp): Promise<SidecarProcess> {
  const args = ["--resources-path", resources, "--log-level", "warn", ...(app ? ["--app-port", String(app.port)] : [])];
  const sc = await startSidecar({ appId, args });
  sidecars.push(sc);
  return sc;
}

async function publish(sc: SidecarProcess, pubsub: string, topic: string, n: number): Promise<number> {
  const res = await fetch(`${sc.url}/v1.0/publish/${pubsub}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
  await res.arrayBuffer();
  return res.status;
}

function numbers(app: TestApp): number[] {
  return app.on(ROUTE).map((r) => r.json<{ data: { n: number } }>().data.n);
}

(rabbitUp ? describe : describe.skip)("pubsub.rabbitmq: the sidecar as a process with a dapr.io/v1alpha1 manifest", () => {
  it("two apps each get every message (fan-out); two replicas of one app share them (one queue <app-id>-<topic>)", async () => {
    const topic = `rmq-sidecar-${randomUUID()}`;
    const billing = `billing-${randomUUID().slice(0, 8)}`;
    const audit = `audit-${randomUUID().slice(0, 8)}`;
    created.exchanges.add(topic);
    created.queues.add(`${billing}-${topic}`).add(`${audit}-${topic}`);
    // YAML numbers and booleans, as Dapr manifests often have them.
    const resources = await folder({ "rabbitmq.yaml": rabbitComponent(PUBSUB, { connectionString: RABBITMQ_URL, durable: true, prefetchCount: 10, publisherConfirm: true, deliveryMode: 2 }) });
    const subscriptions = [{ pubsubname: PUBSUB, topic, route: ROUTE }];
    const replicas = await Promise.all([startTestApp({ subscriptions }), startTestApp({ subscriptions })]);
    const auditApp = await startTestApp({ subscriptions });
    apps.push(...replicas, auditApp);
    await Promise.all([...replicas.map((app) => sidecar(billing, resources, app)), sidecar(audit, resources, auditApp)]);
    await waitForConsumers(`${billing}-${topic}`, 2);
    await waitForConsumers(`${audit}-${topic}`, 1);

    const publisher = sidecars[2]!;
    for (let n = 0; n < 40; n++) expect(await publish(publisher, PUBSUB, topic, n)).toBe(204);
    const all = Array.from({ length: 40 }, (_, n) => n);
    await waitFor(() => new Set(numbers(auditApp)).size === 40, { what: "the audit app to get all 40" });
    await waitFor(() => new Set([...numbers(replicas[0]!), ...numbers(replicas[1]!)]).size === 40, { what: "the billing replicas to get all 40 between them" });
    expect([...new Set(numbers(auditApp))].sort((a, b) => a - b)).toEqual(all);
    // Shared, not copied: each replica got some, and together each message once.
    expect(numbers(replicas[0]!).length).toBeGreaterThan(0);
    expect(numbers(replicas[1]!).length).toBeGreaterThan(0);
    expect(numbers(replicas[0]!).length + numbers(replicas[1]!).length).toBe(40);
  }, 40_000);

  it("a bad connectionString, an unknown exchangeKind or a negative prefetchCount fails that component with an error naming the field; the others keep serving", async () => {
    const topic = `rmq-bad-${randomUUID()}`;
    created.exchanges.add(topic);
    const closedPort = await freePort();
    const resources = await folder({
      "good.yaml": rabbitComponent("good", { connectionString: RABBITMQ_URL }),
      "scheme.yaml": rabbitComponent("scheme", { connectionString: "http://127.0.0.1:5672" }, true),
      "unreachable.yaml": rabbitComponent("unreachable", { connectionString: rabbitUrl(closedPort) }, true),
      "kind.yaml": rabbitComponent("kind", { connectionString: RABBITMQ_URL, exchangeKind: "broadcast" }, true),
      "prefetch.yaml": rabbitComponent("prefetch", { connectionString: RABBITMQ_URL, prefetchCount: -1 }, true),
    });
    const sc = await sidecar(`bad-${randomUUID().slice(0, 8)}`, resources);
    const metadata = (await (await fetch(`${sc.url}/v1.0/metadata`)).json()) as { componentErrors?: Array<{ name: string; error: string }> };
    const errors = new Map((metadata.componentErrors ?? []).map((e) => [e.name, e.error]));
    expect(errors.get("scheme")).toMatch(/metadata field "connectionString" must use amqp:\/\/ or amqps:\/\//);
    expect(errors.get("unreachable")).toMatch(/metadata field "connectionString" names a RabbitMQ that cannot be reached/);
    expect(errors.get("kind")).toMatch(/metadata field "exchangeKind" must be one of fanout, topic, direct, headers, got "broadcast"/);
    expect(errors.get("prefetch")).toMatch(/metadata field "prefetchCount" must be at least 0/);
    expect(errors.has("good")).toBe(false);
    expect(await publish(sc, "good", topic, 1)).toBe(204);
    expect(sc.child.exitCode).toBeNull();

    // Without ignoreErrors the same mistake stops startup, and says which field.
    const strict = await folder({ "prefetch.yaml": rabbitComponent("prefetch", { connectionString: RABBITMQ_URL, prefetchCount: -1 }) });
    let failing: SidecarProcess;
    // A port picked free can be taken before the sidecar binds it (loopback's ephemeral ports are shared with every test running): pick again.
    for (let attempt = 1; ; attempt++) {
      failing = await startSidecar({ appId: "strict", args: ["--resources-path", strict], waitReady: false });
      sidecars.push(failing);
      await waitFor(() => failing.child.exitCode !== null, { what: "startup failure" });
      if (attempt === 3 || !failing.output().includes("EADDRINUSE")) break;
    }
    expect(failing.child.exitCode).toBe(1);
    expect(failing.output()).toContain('metadata field "prefetchCount" must be at least 0');
  }, 40_000);
});
