import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { PassThrough } from "node:stream";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import type { Condition } from "../../pkg/statuscontroller/conditions.js";
import { StatusController } from "../../pkg/statuscontroller/controller.js";
import { COMPONENTS, FakeApiServer, LEASES, RESILIENCIES, SUBSCRIPTIONS, type KubeObject } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";

const NS = "shop";
const registries = builtinRegistries();

function controller(api: FakeApiServer, identity: string): StatusController {
  return new StatusController({
    // Each replica its own token, so the test can tell whose requests the fake served.
    kubeConfig: api.kubeConfig(identity),
    namespaces: [NS],
    registries,
    logger: createLogger({ appId: "status-controller", level: "error", json: true, stream: new PassThrough() }),
    metrics: new Metrics({ processMetrics: false }),
    leaderElection: { namespace: "runtime-system", leaseName: "runtime-status-controller", identity, leaseDurationMs: 1000, retryPeriodMs: 100 },
    retry: { initialMs: 50, maxMs: 500 },
  });
}

const condition = (o: KubeObject | undefined, type: string): Condition | undefined => ((o?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === type);
const component = (name: string, spec: Record<string, unknown>): KubeObject => ({ metadata: { name }, spec });

describe("the status controller against the fake API server (real @kubernetes/client-node)", () => {
  let api: FakeApiServer;
  const running: StatusController[] = [];

  beforeAll(async () => {
    api = await FakeApiServer.start();
  });
  afterEach(async () => {
    for (const c of running.splice(0)) await c.close();
  });
  afterAll(async () => {
    await api.close();
  });

  it("writes Valid, Ready and observedGeneration: a valid, an invalid and then a fixed Component", async () => {
    api.create(COMPONENTS, NS, component("orders", { type: "pubsub.in-memory", version: "v1", metadata: [] }));
    api.create(COMPONENTS, NS, component("broken", { type: "pubsub.nope", version: "v1", metadata: [] }));
    api.create(SUBSCRIPTIONS, NS, { metadata: { name: "no-route" }, spec: { pubsubname: "orders", topic: "t" } });
    const c = controller(api, "replica-a");
    running.push(c);
    await c.start();

    await waitFor(() => condition(api.get(COMPONENTS, NS, "orders"), "Ready") !== undefined && condition(api.get(COMPONENTS, NS, "broken"), "Ready") !== undefined, { what: "both statuses" });
    const orders = api.get(COMPONENTS, NS, "orders")!;
    expect(orders.status).toMatchObject({ observedGeneration: 1 });
    expect(condition(orders, "Valid")).toMatchObject({ status: "True", reason: "Valid", observedGeneration: 1 });
    expect(condition(orders, "Ready")).toMatchObject({ status: "True" });
    // No sidecar has reported yet: Loaded is Unknown, which does not make the resource un-ready.
    expect(condition(orders, "Loaded")).toMatchObject({ status: "Unknown", reason: "NoSidecarReports" });

    const broken = api.get(COMPONENTS, NS, "broken")!;
    expect(condition(broken, "Valid")).toMatchObject({ status: "False", reason: "InvalidSpec" });
    expect(condition(broken, "Valid")!.message).toMatch(/^spec\.type: unknown pubsub component type "pubsub\.nope"/);
    expect(condition(broken, "Ready")).toMatchObject({ status: "False", reason: "InvalidSpec" });
    await waitFor(() => condition(api.get(SUBSCRIPTIONS, NS, "no-route"), "Valid") !== undefined, { what: "the subscription's status" });
    expect(condition(api.get(SUBSCRIPTIONS, NS, "no-route"), "Valid")!.message).toMatch(/route/);

    const brokenSince = condition(broken, "Valid")!.lastTransitionTime;
    api.update(COMPONENTS, NS, component("broken", { type: "pubsub.in-memory", version: "v1", metadata: [] }));
    await waitFor(() => api.get(COMPONENTS, NS, "broken")!.status !== undefined && (api.get(COMPONENTS, NS, "broken")!.status as { observedGeneration?: number }).observedGeneration === 2, { what: "the fixed component's status" });
    const fixed = api.get(COMPONENTS, NS, "broken")!;
    expect(fixed.metadata.generation).toBe(2);
    expect(condition(fixed, "Valid")).toMatchObject({ status: "True", observedGeneration: 2 });
    expect(condition(fixed, "Ready")).toMatchObject({ status: "True" });
    expect(condition(fixed, "Valid")!.lastTransitionTime).toBeDefined();
    expect(brokenSince).toBeDefined();

    // Converged: its own status writes (watch events) do not make it write again.
    const writes = (): number => api.requests.filter((r) => r.method === "PUT" && r.path.endsWith("/status")).length;
    const settled = writes();
    api.create(RESILIENCIES, NS, { metadata: { name: "res" }, spec: { policies: { timeouts: { general: "5s" } }, targets: {} } });
    await waitFor(() => condition(api.get(RESILIENCIES, NS, "res"), "Ready") !== undefined, { what: "the resiliency's status" });
    expect(writes()).toBe(settled + 1);
  });

  it("elects one leader through a Lease: only it writes, and the other takes over when it stops", async () => {
    api.create(COMPONENTS, NS, component("payments", { type: "pubsub.in-memory", version: "v1", metadata: [] }));
    const a = controller(api, "replica-a");
    const b = controller(api, "replica-b");
    running.push(a, b);
    await Promise.all([a.start(), b.start()]);
    await waitFor(() => a.isLeader || b.isLeader, { what: "a leader" });
    const [leader, follower] = a.isLeader ? [a, b] : [b, a];
    const leaderId = leader === a ? "replica-a" : "replica-b";
    const followerId = leader === a ? "replica-b" : "replica-a";
    expect(api.get(LEASES, "runtime-system", "runtime-status-controller")!.spec).toMatchObject({ holderIdentity: leaderId });
    // Several renewals later the follower still follows.
    const renewals = api.requests.length;
    await waitFor(() => api.requests.filter((r, i) => i >= renewals && r.token === leaderId && r.method === "PUT" && r.path.includes("/leases/")).length >= 3, { what: "three renewals" });
    expect(follower.isLeader).toBe(false);

    api.update(COMPONENTS, NS, component("payments", { type: "pubsub.in-memory", version: "v2", metadata: [] }));
    await waitFor(() => condition(api.get(COMPONENTS, NS, "payments"), "Valid")?.observedGeneration === 2, { what: "the leader's write" });
    const statusWriters = new Set(api.requests.filter((r) => r.method === "PUT" && r.path.endsWith("/status")).map((r) => r.token));
    expect(statusWriters.has(followerId)).toBe(false);

    const transitions = Number((api.get(LEASES, "runtime-system", "runtime-status-controller")!.spec as { leaseTransitions: number }).leaseTransitions);
    await leader.close();
    running.splice(running.indexOf(leader), 1);
    await waitFor(() => follower.isLeader, { what: "the follower taking over" });
    expect(api.get(LEASES, "runtime-system", "runtime-status-controller")!.spec).toMatchObject({ holderIdentity: followerId, leaseTransitions: transitions + 1 });
    api.update(COMPONENTS, NS, component("payments", { type: "pubsub.in-memory", version: "v1", metadata: [] }));
    await waitFor(() => condition(api.get(COMPONENTS, NS, "payments"), "Valid")?.observedGeneration === 3, { what: "the new leader's write" });
    expect(condition(api.get(COMPONENTS, NS, "payments"), "Valid")).toMatchObject({ status: "True" });
  });
});
