import { describe, expect, it } from "@jest/globals";
import { CircuitState } from "cockatiel";
import type { ResiliencyResource } from "../../pkg/apis/types.js";
import { parseManifests } from "../../pkg/controller/files.js";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { ResiliencyRegistry } from "../../pkg/runtime/resiliency/index.js";

const resource = (spec: Record<string, unknown>, name = "resiliency"): ResiliencyResource => ({ apiVersion: "dapr.io/v1alpha1", kind: "Resiliency", metadata: { name }, spec });
const BREAKER = { policies: { circuitBreakers: { cb: { trip: "consecutiveFailures >= 1", timeout: "1m" } }, retries: { r: { maxRetries: 1 } } }, targets: { components: { orders: { inbound: { circuitBreaker: "cb" } } } } };

function registry(): { registry: ResiliencyRegistry; metrics: Metrics } {
  const metrics = new Metrics({ processMetrics: false });
  return { registry: new ResiliencyRegistry({ logger: createLogger({ appId: "t", level: "error", json: true }), metrics }), metrics };
}

describe("ResiliencyRegistry", () => {
  it("answers per component and direction; nothing for a target no Resiliency names; apps and actors are ignored", () => {
    const { registry: r } = registry();
    r.update([resource({ ...BREAKER, targets: { ...BREAKER.targets, apps: { other: { retry: "r" } }, actors: { a: { retry: "r" } } } })]);
    expect(r.inbound("orders")?.names).toEqual({ circuitBreaker: "cb" });
    expect(r.outbound("orders")).toBeUndefined();
    expect(r.inbound("other")).toBeUndefined();
  });

  it("keeps a target's policy, breaker state included, across a reload that does not change it, and swaps it when it changes", async () => {
    const { registry: r, metrics } = registry();
    r.update([resource(BREAKER)]);
    const before = r.inbound("orders")!;
    await expect(before.execute(() => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(before.breaker!.state).toBe(CircuitState.Open);
    expect(await metrics.registry.getSingleMetricAsString("runtime_resiliency_cb_state")).toContain('runtime_resiliency_cb_state{target="orders",direction="inbound"} 2');
    r.update([resource({ ...BREAKER, policies: { ...BREAKER.policies, timeouts: { unused: "1s" } } })]);
    expect(r.inbound("orders")).toBe(before);
    r.update([resource({ ...BREAKER, targets: { components: { orders: { inbound: { circuitBreaker: "cb", retry: "r" } } } } })]);
    expect(r.inbound("orders")).not.toBe(before);
    expect(r.inbound("orders")!.breaker!.state).toBe(CircuitState.Closed);
    r.update([]);
    expect(r.inbound("orders")).toBeUndefined();
    expect(await metrics.registry.getSingleMetricAsString("runtime_resiliency_loaded")).toContain("runtime_resiliency_loaded 0");
  });
});

describe("daprd's built-in policy names (pkg/resiliency getDefaultPolicy)", () => {
  const kinds: Record<string, "pubsub" | "bindings"> = { orders: "pubsub", named: "pubsub", hook: "bindings" };
  const withKinds = (): ResiliencyRegistry => new ResiliencyRegistry({ logger: createLogger({ appId: "t", level: "error", json: true }), metrics: new Metrics({ processMetrics: false }), kindOf: (name) => kinds[name] });
  const retry = (duration: string): Record<string, unknown> => ({ policy: "constant", duration, maxRetries: 1 });

  it("applies to every component no Resiliency names, the most specific name first, each kind of policy on its own", () => {
    const r = withKinds();
    r.update([
      resource({
        policies: {
          retries: { DefaultRetryPolicy: retry("1s"), DefaultComponentRetryPolicy: retry("2s"), DefaultComponentInboundRetryPolicy: retry("3s"), DefaultPubsubComponentInboundRetryPolicy: retry("4s"), DefaultComponentOutboundRetryPolicy: retry("5s"), own: retry("6s") },
          timeouts: { DefaultTimeoutPolicy: "7s" },
          circuitBreakers: { DefaultBindingComponentOutboundCircuitBreakerPolicy: { trip: "consecutiveFailures >= 2", timeout: "1m" } },
        },
        targets: { components: { named: { outbound: { retry: "own" } } } },
      }),
    ]);
    expect(r.inbound("orders")?.names).toEqual({ retry: "DefaultPubsubComponentInboundRetryPolicy", timeout: "DefaultTimeoutPolicy" });
    expect(r.outbound("orders")?.names).toEqual({ retry: "DefaultComponentOutboundRetryPolicy", timeout: "DefaultTimeoutPolicy" });
    expect(r.inbound("hook")?.names).toEqual({ retry: "DefaultComponentInboundRetryPolicy", timeout: "DefaultTimeoutPolicy" });
    expect(r.outbound("hook")?.names).toEqual({ retry: "DefaultComponentOutboundRetryPolicy", timeout: "DefaultTimeoutPolicy", circuitBreaker: "DefaultBindingComponentOutboundCircuitBreakerPolicy" });
    // A component some Resiliency names takes only what it names, in either direction.
    expect(r.outbound("named")?.names).toEqual({ retry: "own" });
    expect(r.inbound("named")).toBeUndefined();
  });

  it("follows a reload: a default that did not change keeps its policy object, one that changed or went away is replaced", () => {
    const r = withKinds();
    const spec = (duration: string): Record<string, unknown> => ({ policies: { retries: { DefaultComponentInboundRetryPolicy: retry(duration) } } });
    r.update([resource(spec("250ms"))]);
    const first = r.inbound("orders")!;
    r.update([resource(spec("250ms")), resource({ policies: { timeouts: { unrelated: "1s" } } }, "other")]);
    expect(r.inbound("orders")).toBe(first);
    r.update([resource(spec("50ms"))]);
    expect(r.inbound("orders")).not.toBe(first);
    r.update([]);
    expect(r.inbound("orders")).toBeUndefined();
  });
});

describe("a Resiliency manifest", () => {
  it("with a trip that does not compile or an unknown policy is reported by file and field", async () => {
    const text = `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata: {name: r}
spec:
  policies:
    circuitBreakers:
      cb: {trip: "consecutiveFailures >"}
  targets:
    components:
      orders:
        outbound: {retry: missing}
`;
    const { resources, errors } = await parseManifests(text, "/res/resiliency.yaml");
    expect(resources).toEqual([]);
    expect(errors.map((e) => [e.file, e.kind, e.name, e.field])).toEqual([
      ["/res/resiliency.yaml", "Resiliency", "r", "spec.policies.circuitBreakers.cb.trip"],
      ["/res/resiliency.yaml", "Resiliency", "r", "spec.targets.components.orders.outbound.retry"],
    ]);
    expect(errors[0]!.message).toMatch(/not a valid CEL expression/);
  });
});
