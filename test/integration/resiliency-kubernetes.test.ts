import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { FakeApiServer, RESILIENCIES } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";
import { startRuntime, type TestRuntime } from "../support/runtime.js";

/**
 * A cluster whose CRDs predate Resiliency (helm does not upgrade crds/): the resiliencies list answers
 * 404. The sidecar still starts, without policies, and picks a Resiliency up once the CRD is served.
 */
const NS = "legacy";

describe("kubernetes mode without the Resiliency CRD", () => {
  let api: FakeApiServer;
  let rt: TestRuntime;

  beforeAll(async () => {
    api = await FakeApiServer.start({ token: "sa-token" });
    // The first few lists of resiliencies answer 404, as an API server without the CRD does.
    api.failNext({ plural: "resiliencies", status: 404, count: 5, message: "the server could not find the requested resource" });
    rt = await startRuntime({ mode: "kubernetes", namespace: NS, appId: "orders" }, { kubeConfig: api.kubeConfig(), controllerTuning: { restartBackoff: { initialMs: 20, maxMs: 100 } } });
  });

  afterAll(async () => {
    await rt?.close();
    await api?.close();
  });

  it("starts without policies, warns once, and applies a Resiliency once the CRD answers", async () => {
    expect((await fetch(`${rt.url}/v1.0/healthz/outbound`)).status).toBe(204);
    expect(rt.logs()).toContain("resiliencies.runtime.io is not served (404: its CRD is not installed)");
    expect(rt.runtime.resiliency.outbound("kubernetes")).toBeUndefined();
    api.create(RESILIENCIES, NS, { metadata: { name: "r" }, spec: { policies: { timeouts: { t: "1s" } }, targets: { components: { kubernetes: { outbound: { timeout: "t" } } } } } });
    await waitFor(() => rt.runtime.resiliency.outbound("kubernetes") !== undefined, { what: "the Resiliency applied" });
    expect(rt.runtime.resiliency.outbound("kubernetes")!.names).toEqual({ timeout: "t" });
  });
});
