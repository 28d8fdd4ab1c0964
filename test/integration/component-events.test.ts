import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ComponentResource } from "../../pkg/apis/types.js";
import { ComponentEventReporter } from "../../pkg/controller/events.js";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { EVENTS, FakeApiServer } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";

/** The sidecar's Event reporter against the fake API server: aggregation and the per-Component rate limit. */
describe("Events on Components: aggregated and rate-limited", () => {
  let api: FakeApiServer;
  let clock = 0;
  beforeAll(async () => {
    api = await FakeApiServer.start();
  });
  afterAll(async () => {
    await api.close();
  });

  const component = (name: string): ComponentResource => ({ apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name, uid: `uid-${name}`, generation: 3 }, spec: { type: "pubsub.redis", version: "v1", metadata: [] } });

  it("writes a burst, holds back the rest and adds them to one later write; other components have their own budget", async () => {
    const reporter = new ComponentEventReporter({
      kubeConfig: api.kubeConfig(),
      namespace: "shop",
      podName: "pod-a",
      logger: createLogger({ appId: "t", level: "error", json: true, stream: new PassThrough() }),
      metrics: new Metrics({ processMetrics: false }),
      burst: 2,
      refillMs: 300,
      now: () => clock,
    });
    const writes = (): number => api.requests.filter((r) => r.path.endsWith("/events") || r.path.includes("/events/")).filter((r) => r.method !== "GET").length;
    for (let i = 0; i < 6; i++) {
      reporter.report(component("orders"), "ReloadFailed", "WRONGPASS invalid username-password pair");
      await reporter.flush();
    }
    expect(writes()).toBe(2);
    const [event] = api.list(EVENTS, "shop");
    expect(event).toMatchObject({ reason: "ReloadFailed", type: "Warning", count: 2, message: "pod-a: WRONGPASS invalid username-password pair; the old instance keeps serving", metadata: { annotations: { "runtime.io/generation": "3" } } });

    reporter.report(component("payments"), "Loaded", "");
    await reporter.flush();
    expect(api.list(EVENTS, "shop").map((e) => e.reason).sort()).toEqual(["Loaded", "ReloadFailed"]);

    // After the refill, one write carries the four held back.
    clock += 1000;
    await waitFor(() => Number(api.list(EVENTS, "shop").find((e) => e.reason === "ReloadFailed")!.count) === 6, { what: "the held-back occurrences written" });
    expect(api.list(EVENTS, "shop").filter((e) => e.reason === "ReloadFailed")).toHaveLength(1);
    await reporter.close();
  });
});
