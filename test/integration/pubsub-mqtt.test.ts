import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { brokerAvailable } from "../support/brokers.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";
import { PrivateMosquitto } from "./pubsub-mqtt-server.js";

/**
 * pubsub.mqtt3 with the BUILT sidecar as a process, a real app and real Mosquitto: wildcard routing,
 * the Dapr JS SDK's own manifest, bad metadata, and at-least-once under faults on a private broker
 * (started once for the file; the shared one on 1883 is never stopped), counted by message number.
 */

const mqttUp = await brokerAvailable("mqtt");
const PUBSUB = "mqttbus";

function component(url: string, extra = ""): string {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${PUBSUB}}
spec:
  type: pubsub.mqtt3
  version: v1
  metadata:
  - {name: url, value: "${url}"}
  - {name: reconnectMaxInterval, value: "300ms"}
${extra}`;
}

const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];
const folders: string[] = [];
let broker: PrivateMosquitto;

beforeAll(async () => {
  if (mqttUp) broker = await PrivateMosquitto.start();
});

afterAll(async () => {
  await broker?.remove();
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function resources(files: Record<string, string>): Promise<string> {
  const dir = await resourcesFolder(files);
  folders.push(dir);
  return dir;
}

async function app(subscriptions: unknown[]): Promise<TestApp> {
  const a = await startTestApp({ subscriptions });
  apps.push(a);
  return a;
}

/** startSidecar, once more when the free port it picked was taken meanwhile (other sessions share the machine). */
async function sidecarOnFreePorts(options: Parameters<typeof startSidecar>[0]): Promise<SidecarProcess> {
  try {
    return await startSidecar(options);
  } catch (error) {
    if (!String((error as Error).message).includes("EADDRINUSE")) throw error;
    return startSidecar(options);
  }
}

/** A subscriber sidecar, returned once its subscriptions are live (a publish after that is delivered). */
async function subscriber(appId: string, a: TestApp, folder: string): Promise<SidecarProcess> {
  const sc = await sidecarOnFreePorts({ appId, args: ["--app-port", String(a.port), "--resources-path", folder, "--log-level", "info"] });
  sidecars.push(sc);
  await waitFor(() => sc.output().includes("subscriptions started"), { timeoutMs: 10_000, what: "subscriptions started" });
  return sc;
}

/** A sidecar without an app: it only publishes. */
async function publisher(folder: string): Promise<SidecarProcess> {
  const sc = await sidecarOnFreePorts({ appId: `pub-${randomUUID().slice(0, 8)}`, args: ["--resources-path", folder, "--log-level", "warn"] });
  sidecars.push(sc);
  return sc;
}

/** POSTs `body` to `topic`; the status (0 when the request itself failed) and how long it took. */
async function publish(sc: SidecarProcess, topic: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  try {
    const res = await fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}

/** Scripts `route`: `fail(n, attempt)` decides a 500 (or waits, when it returns a promise); records the numbers answered 200. */
function script(a: TestApp, route: string, fail: (n: number, attempt: number) => boolean | Promise<boolean>): Set<number> {
  const ok = new Set<number>();
  const attempts = new Map<number, number>();
  a.respond(route, async (req) => {
    const n = req.json<{ data: { n: number } }>().data.n;
    const attempt = (attempts.get(n) ?? 0) + 1;
    attempts.set(n, attempt);
    if (await fail(n, attempt)) return { status: 500 };
    ok.add(n);
    return { status: 200, body: { status: "SUCCESS" } };
  });
  return ok;
}

async function expectAllDelivered(accepted: number[], ok: Set<number>, timeoutMs = 20_000): Promise<void> {
  await waitFor(() => accepted.every((n) => ok.has(n)), { timeoutMs, what: `${accepted.length} accepted messages delivered` }).catch(() => undefined);
  expect(accepted.filter((n) => !ok.has(n))).toEqual([]);
}

(mqttUp ? describe : describe.skip)("pubsub.mqtt3 with the sidecar as a process", () => {
  it("routes wildcard subscriptions (sensors/+/temp, sensors/#): each concrete topic once, to the right route, with its topic in the CloudEvent", async () => {
    const a = await app([
      { pubsubname: PUBSUB, topic: "sensors/+/temp", route: "/temp" },
      { pubsubname: PUBSUB, topic: "sensors/#", route: "/all" },
    ]);
    const sc = await subscriber(`wild-${randomUUID().slice(0, 8)}`, a, await resources({ "mqtt.yaml": component(broker.url) }));
    for (const topic of ["sensors/kitchen/temp", "sensors/hall/temp", "sensors/kitchen/humidity", "other/kitchen/temp", "sensors/zzz/temp"]) {
      expect((await publish(sc, topic, { topic })).status).toBe(204);
    }
    // The last one published reaches both routes after the others (one connection, in order).
    const topicsOn = (route: string): string[] => a.on(route).map((r) => r.json<{ topic: string }>().topic);
    await waitFor(() => topicsOn("/temp").includes("sensors/zzz/temp") && topicsOn("/all").includes("sensors/zzz/temp"), { timeoutMs: 10_000, what: "the last message on both routes" });
    expect(topicsOn("/temp").sort()).toEqual(["sensors/hall/temp", "sensors/kitchen/temp", "sensors/zzz/temp"]);
    expect(topicsOn("/all").sort()).toEqual(["sensors/hall/temp", "sensors/kitchen/humidity", "sensors/kitchen/temp", "sensors/zzz/temp"]);
    for (const r of [...a.on("/temp"), ...a.on("/all")]) {
      const event = r.json<{ topic: string; data: { topic: string }; pubsubname: string }>();
      expect(event.data.topic).toBe(event.topic);
      expect(event.pubsubname).toBe(PUBSUB);
      expect(r.headers["pubsubname"]).toBe(PUBSUB);
    }
  }, 30_000);

  it("loads the Dapr JS SDK's dapr.io manifest unchanged (type pubsub.mqtt, qos as a YAML number, credentials in the URL) and delivers through it", async () => {
    const topic = `dapr-manifest-${randomUUID()}`;
    const a = await app([{ pubsubname: "pubsub-mqtt", topic, route: "/orders" }]);
    const manifest = `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: pubsub-mqtt
  namespace: default
spec:
  type: pubsub.mqtt
  version: v1
  metadata:
  - name: url
    value: "tcp://admin:public@localhost:1883"
  - name: qos
    value: 1
  - name: cleanSession
    value: "true"
  - name: backOffMaxRetries
    value: "0"
`;
    const sc = await subscriber(`sdk-${randomUUID().slice(0, 8)}`, a, await resources({ "pubsub-mqtt.yaml": manifest }));
    const metadata = (await (await fetch(`${sc.url}/v1.0/metadata`)).json()) as { components: Array<{ name: string; type: string }> };
    expect(metadata.components).toContainEqual(expect.objectContaining({ name: "pubsub-mqtt", type: "pubsub.mqtt" }));
    const res = await fetch(`${sc.url}/v1.0/publish/pubsub-mqtt/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ hello: "mqtt" }) });
    expect(res.status).toBe(204);
    const [delivered] = await a.waitForRequests("/orders", 1);
    expect(delivered!.json<{ data: unknown; topic: string }>()).toEqual(expect.objectContaining({ data: { hello: "mqtt" }, topic }));
    // backOffMaxRetries "0" is the runtime's retry limit: a refused message is not tried again.
    a.respond("/orders", () => ({ status: 500 }));
    expect((await fetch(`${sc.url}/v1.0/publish/pubsub-mqtt/${topic}`, { method: "POST", body: "refused" })).status).toBe(204);
    await waitFor(() => sc.output().includes("gave up after 0 retries"), { timeoutMs: 10_000, what: "the message dropped after its only attempt" });
    expect(a.on("/orders")).toHaveLength(2);
  }, 30_000);

  it("refuses bad metadata at init with the field named: a URL scheme it cannot speak, qos 3", async () => {
    const cases = [
      { extra: "", url: "http://127.0.0.1:1883", field: /metadata field "url" has scheme "http"/ },
      { extra: `  - {name: qos, value: 3}\n`, url: broker.url, field: /metadata field "qos" must be at most 2/ },
    ];
    await Promise.all(
      cases.map(async ({ extra, url, field }) => {
        const sc = await startSidecar({ appId: `bad-${randomUUID().slice(0, 8)}`, waitReady: false, args: ["--resources-path", await resources({ "mqtt.yaml": component(url, extra) })] });
        sidecars.push(sc);
        await waitFor(() => field.test(sc.output()), { timeoutMs: 10_000, what: `an init error matching ${String(field)}` });
        expect(sc.output()).toMatch(/component "mqttbus" \(pubsub\.mqtt3\)/);
      }),
    );
  }, 30_000);

  describe("faults on a private Mosquitto: published vs delivered, none lost", () => {
    async function setup(extra = ""): Promise<{ topic: string; appId: string; a: TestApp; folder: string }> {
      const topic = `faults/${randomUUID()}`;
      // Retries back off to at most 300ms, so a recovered app is reached quickly.
      const a = await app([{ pubsubname: PUBSUB, topic, route: "/orders", metadata: { retryMaxInterval: "300ms" } }]);
      return { topic, appId: `faults-${randomUUID().slice(0, 8)}`, a, folder: await resources({ "mqtt.yaml": component(broker.url, extra) }) };
    }

    it("the app answers 500 for a while: every accepted message is delivered once it recovers", async () => {
      const s = await setup();
      let failing = true;
      const ok = script(s.a, "/orders", () => failing);
      const sc = await subscriber(s.appId, s.a, s.folder);
      const accepted: number[] = [];
      for (let n = 0; n < 40; n++) if ((await publish(sc, s.topic, { n })).status === 204) accepted.push(n);
      expect(accepted).toHaveLength(40);
      // Refused attempts, several per message held, while the broker keeps the rest back (its in-flight limit).
      await s.a.waitForRequests("/orders", 60, 15_000);
      expect(ok.size).toBe(0);
      failing = false;
      await expectAllDelivered(accepted, ok);
    }, 40_000);

    it("poison messages beyond the broker's in-flight limit (20) do not stall the topic: the retry limit moves them to the dead-letter topic", async () => {
      const topic = `poison/${randomUUID()}`;
      const dead = `${topic}/dead`;
      const a = await app([
        { pubsubname: PUBSUB, topic, route: "/orders", deadLetterTopic: dead, metadata: { maxRetries: "2", retryInitialInterval: "50ms", retryMaxInterval: "100ms" } },
        { pubsubname: PUBSUB, topic: dead, route: "/dead" },
      ]);
      const ok = script(a, "/orders", (n) => n < 25);
      const sc = await subscriber(`poison-${randomUUID().slice(0, 8)}`, a, await resources({ "mqtt.yaml": component(broker.url) }));
      const healthy: number[] = [];
      for (let n = 0; n < 25; n++) expect((await publish(sc, topic, { n })).status).toBe(204);
      for (let n = 100; n < 120; n++) if ((await publish(sc, topic, { n })).status === 204) healthy.push(n);
      await expectAllDelivered(healthy, ok);
      await a.waitForRequests("/dead", 25);
      expect(new Set(a.on("/dead").map((r) => r.json<{ data: { n: number } }>().data.n)).size).toBe(25);
    }, 40_000);

    /**
     * Mosquitto 2.0 restores a persistent session after a restart but not its `$share` subscriptions:
     * until the sidecar subscribes again, messages for a shared group have no subscriber and are
     * dropped by the broker. So "none lost" is counted with plain subscriptions (sharedSubscriptions:
     * false), and the shared case checks that the subscription resumes.
     */
    async function restartMidStream(shared: boolean): Promise<{ accepted: number[]; ok: Set<number>; refused: Array<{ status: number; ms: number }> }> {
      const s = await setup(shared ? "" : `  - {name: sharedSubscriptions, value: "false"}\n`);
      const ok = script(s.a, "/orders", () => false);
      const sc = await subscriber(s.appId, s.a, s.folder);
      const accepted: number[] = [];
      const refused: Array<{ status: number; ms: number }> = [];
      let n = 0;
      const send = async (): Promise<void> => {
        const result = await publish(sc, s.topic, { n });
        if (result.status === 204) accepted.push(n);
        else refused.push(result);
        n++;
      };
      while (accepted.length < 20) await send();
      await broker.stop();
      await send();
      await waitFor(async () => (await fetch(`${sc.url}/v1.0/healthz/outbound`)).status === 500, { timeoutMs: 5000, what: "outbound health to report the component" });
      await broker.restart();
      // The publisher reconnects with backoff; keep publishing until 20 more went through.
      while (accepted.length < 40) await send();
      await waitFor(async () => (await fetch(`${sc.url}/v1.0/healthz/outbound`)).status === 204, { timeoutMs: 10_000, what: "outbound health to recover" });
      return { accepted, ok, refused };
    }

    it("the broker restarts mid-stream: publishes while it is down fail promptly (500), every accepted one is delivered", async () => {
      const { accepted, ok, refused } = await restartMidStream(false);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((r) => r.status === 500 && r.ms < 2000)).toBe(true);
      await expectAllDelivered(accepted, ok);
    }, 40_000);

    it("the broker restarts mid-stream with a shared subscription: the subscription resumes, what came before and after is delivered", async () => {
      const { accepted, ok } = await restartMidStream(true);
      await waitFor(() => ok.has(accepted.at(-1)!), { timeoutMs: 10_000, what: "the last message after the restart" });
      await expectAllDelivered(accepted.filter((n) => n < 20 || n >= accepted.at(-1)! - 10), ok);
    }, 40_000);

    it("the subscriber sidecar is SIGKILLed holding unacknowledged messages: a restarted one gets them and what came meanwhile", async () => {
      const s = await setup();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let first = true;
      // The first sidecar's deliveries hang (so nothing is acknowledged), then count as failed.
      const ok = script(s.a, "/orders", async () => {
        if (!first) return false;
        await gate;
        return true;
      });
      const pub = await publisher(s.folder);
      const sc = await subscriber(s.appId, s.a, s.folder);
      const accepted: number[] = [];
      for (let n = 0; n < 10; n++) if ((await publish(pub, s.topic, { n })).status === 204) accepted.push(n);
      await s.a.waitForRequests("/orders", 10);
      await sc.stop("SIGKILL");
      first = false;
      release();
      for (let n = 10; n < 20; n++) if ((await publish(pub, s.topic, { n })).status === 204) accepted.push(n);
      expect(accepted).toHaveLength(20);
      await subscriber(s.appId, s.a, s.folder);
      await expectAllDelivered(accepted, ok);
    }, 40_000);
  });
});
