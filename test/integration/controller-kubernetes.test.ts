import { afterAll, afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import { COMPONENTS, FakeApiServer, SUBSCRIPTIONS } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";
import { createRuntime, type TestRuntime } from "../support/runtime.js";
import { probes } from "../support/components.js";

/**
 * Hot reload in kubernetes mode: the Runtime in-process, its controller's informers on the
 * fake API server through the real @kubernetes/client-node, checked over the sidecar's HTTP API.
 */
const NS = "team-a";
const CONVERGE = { timeoutMs: 1000, intervalMs: 10 };

interface MetadataBody {
  components: Array<{ name: string; type: string; version: string }>;
  componentErrors: Array<{ name: string; error: string; keptPrevious: boolean }>;
}

function probe(name: string, version = "v1", metadata: Record<string, string> = {}, scopes?: string[]): { metadata: { name: string }; spec: unknown; scopes?: string[] } {
  return { metadata: { name }, spec: { type: "bindings.test.probe", version, metadata: Object.entries(metadata).map(([k, v]) => ({ name: k, value: v })) }, ...(scopes ? { scopes } : {}) };
}

describe("component controller, kubernetes mode (fake API server, real client)", () => {
  let api: FakeApiServer;
  let rt: TestRuntime;
  let starting: Promise<void>;

  const metadata = async (): Promise<MetadataBody> => (await (await fetch(`${rt.url}/v1.0/metadata`)).json()) as MetadataBody;
  const component = async (name: string): Promise<MetadataBody["components"][number] | undefined> => (await metadata()).components.find((c) => c.name === name);
  const reloadMetric = async (result: string, operation: string): Promise<number> => {
    const text = await rt.runtime.metrics.registry.getSingleMetricAsString("runtime_component_reload_total");
    const line = text.split("\n").find((l) => l.includes(`operation="${operation}"`) && l.includes(`result="${result}"`) && l.includes(`kind="Component"`));
    return line ? Number(line.split(" ").pop()) : 0;
  };

  beforeEach(async () => {
    api = await FakeApiServer.start({ token: "sa-token" });
    api.create(COMPONENTS, NS, probe("alpha", "v1", { generation: "1" }));
    rt = createRuntime(
      { mode: "kubernetes", namespace: NS, appId: "orders" },
      { kubeConfig: api.kubeConfig(), controllerTuning: { restartBackoff: { initialMs: 20, maxMs: 100 }, retryBackoff: { initialMs: 50, maxMs: 200 }, resyncIntervalMs: 60_000 } },
    );
    starting = rt.start();
    await starting;
  });

  afterEach(async () => {
    await rt.close();
    await api.close();
  });

  afterAll(() => {
    probes.length = 0;
  });

  it("loads the namespace's components plus the built-in kubernetes secret store at startup", async () => {
    const names = (await metadata()).components.map((c) => `${c.name}:${c.type}`).sort();
    expect(names).toEqual(["alpha:bindings.test.probe", "kubernetes:secretstores.kubernetes"]);
    expect((await fetch(`${rt.url}/v1.0/healthz/outbound`)).status).toBe(204);
  });

  it("creates, updates and deletes components while serving, converging within 1 s", async () => {
    api.create(COMPONENTS, NS, probe("beta"));
    await waitFor(async () => (await component("beta")) !== undefined, { ...CONVERGE, what: "beta created" });

    api.update(COMPONENTS, NS, probe("alpha", "v2", { generation: "2" }));
    await waitFor(async () => (await component("alpha"))?.version === "v2", { ...CONVERGE, what: "alpha updated" });
    const alphas = probes.filter((p) => p.context.name === "alpha" && p.metadata.generation !== undefined);
    expect(alphas.at(-1)!.metadata.generation).toBe("2");
    // The old instance was closed once the new one served.
    expect(alphas.at(-2)!.closed).toBe(true);

    api.remove(COMPONENTS, NS, "beta");
    await waitFor(async () => (await component("beta")) === undefined, { ...CONVERGE, what: "beta deleted" });
    expect(await reloadMetric("success", "create")).toBe(1);
    expect(await reloadMetric("success", "update")).toBe(1);
    expect(await reloadMetric("success", "delete")).toBe(1);
  });

  it("ignores a write that changes no spec (resourceVersion, labels) instead of re-initialising", async () => {
    const before = probes.length;
    api.update(COMPONENTS, NS, { ...probe("alpha", "v1", { generation: "1" }), metadata: { name: "alpha", labels: { touched: "yes" } } });
    api.create(COMPONENTS, NS, probe("marker"));
    await waitFor(async () => (await component("marker")) !== undefined, { ...CONVERGE, what: "marker created" });
    expect(probes.length).toBe(before + 1);
  });

  it("keeps the old instance serving when an update fails to initialise, and reports it in /v1.0/metadata and the metric", async () => {
    api.update(COMPONENTS, NS, probe("alpha", "v2", { fail: "broker unreachable" }));
    await waitFor(async () => (await metadata()).componentErrors.some((e) => e.name === "alpha"), { ...CONVERGE, what: "failure reported" });
    const body = await metadata();
    expect(body.components.find((c) => c.name === "alpha")?.version).toBe("v1");
    expect(body.componentErrors.find((e) => e.name === "alpha")).toMatchObject({ keptPrevious: true });
    expect(body.componentErrors.find((e) => e.name === "alpha")!.error).toContain("broker unreachable");
    expect(await reloadMetric("failure", "update")).toBeGreaterThanOrEqual(1);
    // Fixing the resource converges (the failed change is retried level-based; the fix is newer anyway).
    api.update(COMPONENTS, NS, probe("alpha", "v2", { generation: "3" }));
    await waitFor(async () => (await component("alpha"))?.version === "v2", { ...CONVERGE, what: "fixed update applied" });
    // No failure left: the list is left out, as daprd leaves empty lists out.
    expect((await metadata()) as object).not.toHaveProperty("componentErrors");
  });

  it("loads only components scoped to this app, and follows a scope change", async () => {
    api.create(COMPONENTS, NS, probe("scoped", "v1", {}, ["billing"]));
    api.create(COMPONENTS, NS, probe("marker2"));
    await waitFor(async () => (await component("marker2")) !== undefined, { ...CONVERGE, what: "marker2 created" });
    expect(await component("scoped")).toBeUndefined();
    api.update(COMPONENTS, NS, probe("scoped", "v1", {}, ["billing", "orders"]));
    await waitFor(async () => (await component("scoped")) !== undefined, { ...CONVERGE, what: "scoped loaded" });
    api.update(COMPONENTS, NS, probe("scoped", "v1", {}, ["billing"]));
    await waitFor(async () => (await component("scoped")) === undefined, { ...CONVERGE, what: "scoped unloaded" });
  });

  it("relists after 410 Gone and applies a deletion the broken watch missed", async () => {
    const lists = (): number => api.requests.filter((r) => r.path.endsWith("/components") && !r.watch).length;
    const listsBefore = lists();
    expect(api.breakWatches("components")).toBe(1);
    api.remove(COMPONENTS, NS, "alpha");
    api.compact();
    await waitFor(async () => (await component("alpha")) === undefined, { ...CONVERGE, what: "alpha deleted after relist" });
    expect(api.requests.some((r) => r.watch && r.status === 410)).toBe(true);
    expect(lists()).toBeGreaterThan(listsBefore);
  });

  it("restarts the informer with backoff after watch errors and converges afterwards", async () => {
    api.failNext({ plural: "components", watch: true, status: 500, count: 3 });
    expect(api.breakWatches("components")).toBe(1);
    api.create(COMPONENTS, NS, probe("after-errors"));
    await waitFor(async () => (await component("after-errors")) !== undefined, { timeoutMs: 2000, intervalMs: 10, what: "component after restarts" });
    expect(api.requests.filter((r) => r.watch && r.status === 500).length).toBe(3);
    await waitFor(() => api.watchCount("components") === 1, { timeoutMs: 2000, what: "watch re-established" });
  });

  it("hands changed declarative Subscriptions to listeners as a whole set", async () => {
    const seen: string[][] = [];
    rt.runtime.controller.addListener({ subscriptionsChanged: (subs) => void seen.push(subs.map((s) => `${s.metadata.name}:${s.spec.topic}`)) });
    api.create(SUBSCRIPTIONS, NS, { metadata: { name: "orders-sub" }, spec: { pubsubname: "pubsub", topic: "orders", routes: { default: "/orders" } } });
    await waitFor(() => seen.length === 1, { ...CONVERGE, what: "subscription created" });
    api.update(SUBSCRIPTIONS, NS, { metadata: { name: "orders-sub" }, spec: { pubsubname: "pubsub", topic: "orders-v2", routes: { default: "/orders" } } });
    await waitFor(() => seen.length === 2, { ...CONVERGE, what: "subscription updated" });
    api.remove(SUBSCRIPTIONS, NS, "orders-sub");
    await waitFor(() => seen.length === 3, { ...CONVERGE, what: "subscription deleted" });
    expect(seen).toEqual([["orders-sub:orders"], ["orders-sub:orders-v2"], []]);
    expect(rt.runtime.declarativeSubscriptions).toEqual([]);
  });
});

describe("readiness in kubernetes mode", () => {
  it("keeps /v1.0/healthz/outbound at 500 until the first list succeeds, retrying failed lists", async () => {
    const api = await FakeApiServer.start();
    api.failNext({ plural: "components", watch: false, status: 503, count: 3 });
    const rt = createRuntime({ mode: "kubernetes", namespace: NS }, { kubeConfig: api.kubeConfig(), controllerTuning: { restartBackoff: { initialMs: 100, maxMs: 100 } } });
    try {
      const starting = rt.start();
      await waitFor(async () => (await fetch(`${rt.url}/v1.0/healthz/outbound`)).status === 500, { timeoutMs: 2000, what: "probe answering 500" });
      const waiting = (await (await fetch(`${rt.url}/v1.0/healthz/outbound`)).json()) as { message: string };
      expect(waiting.message).toContain("resources-synced");
      await starting;
      expect(api.requests.filter((r) => r.path.endsWith("/components") && r.status === 503).length).toBe(3);
      expect((await fetch(`${rt.url}/v1.0/healthz/outbound`)).status).toBe(204);
    } finally {
      await rt.close();
      await api.close();
    }
  });
});
