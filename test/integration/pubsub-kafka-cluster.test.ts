import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "@jest/globals";
import { usePrivateKafka } from "../support/kafka.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * A broker of a private 3-node KRaft cluster (3 controller+broker nodes, replication factor 3,
 * min.insync.replicas=2) is SIGKILLed and restarted while the sidecar publishes: publishes answer 204 or 500,
 * every accepted one is delivered, and outbound health reports the outage and its end.
 */

const kafka = usePrivateKafka(3);
const PUBSUB = "events";
const ROUTE = "/events";
let sidecar: SidecarProcess | undefined;
let app: TestApp | undefined;

afterAll(async () => {
  await sidecar?.stop("SIGKILL");
  await app?.close();
});

const outbound = async (sc: SidecarProcess): Promise<number> => (await fetch(`${sc.url}/v1.0/healthz/outbound`)).status;

it("a broker killed and restarted under load: publishes answer 204 or 500, every accepted one is delivered, outbound health reports the outage", async () => {
  const topic = `failover-${randomUUID()}`;
  app = await startTestApp({ subscriptions: [{ pubsubname: PUBSUB, topic, route: ROUTE }] });
  const ok = new Set<number>();
  app.respond(ROUTE, (req) => {
    ok.add(req.json<{ data: { n: number } }>().data.n);
    return { status: 200 };
  });
  const resources = await resourcesFolder({
    "kafka.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${PUBSUB}}
spec:
  type: pubsub.kafka
  version: v1
  metadata:
  - {name: brokers, value: "${kafka().bootstrap}"}
  - {name: authType, value: none}
  - {name: disableTls, value: "true"}
  - {name: topicPartitions, value: "3"}
  - {name: sessionTimeout, value: "6s"}
  - {name: heartbeatInterval, value: "1s"}
`,
  });
  sidecar = await startSidecar({ appId: "failover", args: ["--app-port", String(app.port), "--resources-path", resources, "--log-level", "warn"] });
  const sc = sidecar;
  await waitFor(async () => ((await (await fetch(`${sc.url}/v1.0/metadata`)).json()) as { subscriptions?: Array<{ topic: string }> }).subscriptions?.some((s) => s.topic === topic) ?? false, { timeoutMs: 30_000, what: "the subscription" });

  const accepted: number[] = [];
  const statuses = new Map<number, number>();
  let publishing = true;
  const load = (async () => {
    for (let n = 0; publishing; n++) {
      const res = await fetch(`${sc.url}/v1.0/publish/${PUBSUB}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }), signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 204) accepted.push(n);
    }
  })();
  await waitFor(() => accepted.length >= 50, { timeoutMs: 20_000, what: "50 publishes before the kill" });
  const victim = kafka().nodes[1]!;
  await victim.kill();
  // The controller fences the dead broker after its session (9 s): the census sees 2 of 3 and health reports it.
  await waitFor(async () => (await outbound(sc)) === 500, { timeoutMs: 40_000, what: "outbound health to report the lost broker" });
  const beforeRestart = accepted.length;
  await victim.start();
  await waitFor(async () => (await outbound(sc)) === 204, { timeoutMs: 40_000, what: "outbound health to recover" });
  await waitFor(() => accepted.length >= beforeRestart + 50, { timeoutMs: 30_000, what: "50 publishes after the restart" });
  publishing = false;
  await load;
  await waitFor(() => accepted.every((n) => ok.has(n)), { timeoutMs: 60_000, what: `all ${accepted.length} accepted messages delivered` });
  expect(accepted.length).toBeGreaterThan(100);
  // While a partition's leader moves a publish either waits for the new leader (204) or answers 500: nothing else.
  expect([...statuses.keys()].filter((status) => status !== 204 && status !== 500)).toEqual([]);
  expect(sc.child.exitCode).toBeNull();
}, 240_000);
