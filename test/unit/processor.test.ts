import { beforeEach, describe, expect, it } from "@jest/globals";
import type { ComponentResource } from "../../pkg/apis/types.js";
import { createLogger, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { ComponentInitError, Processor } from "../../pkg/runtime/processor.js";
import { ComponentStore } from "../../pkg/runtime/store.js";
import { probes, testRegistries, type ProbeComponent } from "../support/components.js";
import { Writable } from "node:stream";

function component(name: string, type: string, metadata: Record<string, string> = {}, extra: Partial<ComponentResource["spec"]> & { auth?: ComponentResource["auth"] } = {}): ComponentResource {
  const { auth, ...spec } = extra;
  return {
    apiVersion: "runtime.io/v1alpha1",
    kind: "Component",
    metadata: { name },
    spec: { type, version: "v1", metadata: Object.entries(metadata).map(([n, value]) => ({ name: n, value })), ...spec },
    auth,
  };
}

function setup() {
  let logs = "";
  const stream = new Writable({ write: (chunk, _enc, done) => ((logs += chunk.toString()), done()) });
  const redactor = new SecretRedactor();
  const logger = createLogger({ appId: "app", level: "debug", json: true, stream }, redactor);
  const metrics = new Metrics({ processMetrics: false });
  const store = new ComponentStore();
  const processor = new Processor({
    registries: testRegistries(),
    store,
    logger,
    metrics,
    context: { appId: "app", metrics, redactor, env: {}, protectedEnv: [] },
  });
  return { processor, store, metrics, logs: () => logs };
}

const latestProbe = (): ProbeComponent => probes[probes.length - 1]!;

describe("the component processor", () => {
  beforeEach(() => void probes.splice(0));

  it("initialises a component and puts it in the store", async () => {
    const { processor, store } = setup();
    await processor.apply(component("p", "bindings.test.probe", { a: "1" }));
    expect(store.get("bindings", "p")).toBe(latestProbe());
    expect(latestProbe().metadata).toEqual({ a: "1" });
  });

  it("names the unknown type and the known ones", async () => {
    const { processor } = setup();
    await expect(processor.apply(component("x", "bindings.kafka"))).rejects.toThrow(/unknown bindings component type bindings.kafka\/v1; known types: .*bindings\.test\.probe\/v1, bindings\.test\.probe\/v2/);
    await expect(processor.apply(component("y", "state.redis"))).rejects.toThrow(/unknown component kind "state"/);
  });

  it("keeps a component whose init failed out of the store and records the failure", async () => {
    const { processor, store } = setup();
    await expect(processor.apply(component("bad", "bindings.test.probe", { fail: "boom" }))).rejects.toThrow(ComponentInitError);
    await processor.apply(component("good", "bindings.test.probe"));
    expect(store.get("bindings", "good")).toBeDefined();
    expect(store.get("bindings", "bad")).toBeUndefined();
    expect(store.failures().map((f) => f.name)).toEqual(["bad"]);
  });

  it("fails an init that outlasts spec.initTimeout and closes the instance", async () => {
    const { processor } = setup();
    await expect(processor.apply(component("slow", "bindings.test.probe", { hangMs: "400" }, { initTimeout: "50ms" }))).rejects.toThrow(/within 50ms/);
    expect(latestProbe().closed).toBe(true);
  });

  it("resolves secretKeyRef through auth.secretStore and redacts the value from logs", async () => {
    const { processor, logs } = setup();
    const user: ComponentResource = {
      ...component("user", "bindings.test.probe", { fail: "cannot connect with s3cr3t-pass" }, { ignoreErrors: true, auth: { secretStore: "vault" } }),
    };
    user.spec.metadata.push({ name: "password", secretKeyRef: { name: "dbpass" } });
    await processor.apply(component("vault", "secretstores.test.map", { dbpass: "s3cr3t-pass" }));
    await expect(processor.apply(user)).rejects.toThrow(ComponentInitError);
    expect(latestProbe().metadata.password).toBe("s3cr3t-pass");
    expect(logs()).toContain("cannot connect with ***");
    expect(logs()).not.toContain("s3cr3t-pass");
  });

  it("names the field when a secretKeyRef cannot be resolved", async () => {
    const { processor } = setup();
    const noStore = component("a", "bindings.test.probe");
    noStore.spec.metadata.push({ name: "password", secretKeyRef: { name: "x" } });
    await expect(processor.apply(noStore)).rejects.toThrow(/metadata field "password" uses secretKeyRef but the component names no auth.secretStore/);
    await processor.apply(component("vault", "secretstores.test.map", {}));
    await expect(processor.apply({ ...noStore, auth: { secretStore: "vault" } })).rejects.toThrow(/secret "x" key "x" not found in store "vault"/);
  });

  it("keeps the old instance serving when an update fails, and swaps it when the update succeeds", async () => {
    const { processor, store, metrics } = setup();
    const events: string[] = [];
    processor.addListener({
      beforeDetach: async (e) => void events.push(`detach ${e.name}`),
      afterAttach: async (e) => void events.push(`attach ${e.name}`),
    });
    await processor.apply(component("p", "bindings.test.probe", { generation: "1" }));
    const first = latestProbe();
    await expect(processor.apply(component("p", "bindings.test.probe", { generation: "2", fail: "bad config" }))).rejects.toThrow(/bad config/);
    expect(store.get("bindings", "p")).toBe(first);
    expect(first.closed).toBe(false);
    expect(store.failures()).toEqual([expect.objectContaining({ name: "p", keptPrevious: true })]);

    await processor.apply(component("p", "bindings.test.probe", { generation: "3" }));
    expect(store.get("bindings", "p")).toBe(latestProbe());
    expect(first.closed).toBe(true);
    expect(store.failures()).toEqual([]);
    expect(events).toEqual(["attach p", "detach p", "attach p"]);
    const text = await metrics.registry.getSingleMetricAsString("runtime_component_init_total");
    expect(text).toContain('runtime_component_init_total{type="bindings.test.probe",success="false"} 1');
    expect(text).toContain('runtime_component_init_total{type="bindings.test.probe",success="true"} 2');
  });

  it("closes every component on closeAll", async () => {
    const { processor, store } = setup();
    await processor.apply(component("a", "bindings.test.probe"));
    await processor.apply(component("b", "bindings.test.probe"));
    await processor.closeAll();
    expect(probes.every((p) => p.closed)).toBe(true);
    expect(store.list()).toEqual([]);
  });
});
