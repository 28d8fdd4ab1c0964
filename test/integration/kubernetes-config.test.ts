import { afterEach, describe, expect, it } from "@jest/globals";
import { CONFIGURATIONS, FakeApiServer } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";
import { createRuntime, type TestRuntime } from "../support/runtime.js";

/**
 * Kubernetes mode: `--config <name>` names a Configuration resource in the namespace (the injector
 * passes the runtime.io/config annotation), read before components load and hot-reloaded on edit.
 */
const NS = "shop";

function configuration(allowed: string[]): { metadata: { name: string }; spec: unknown } {
  return { metadata: { name: "appconfig" }, spec: { secrets: { scopes: [{ storeName: "kubernetes", defaultAccess: "deny", allowedSecrets: allowed }] } } };
}

describe("--config in kubernetes mode", () => {
  let api: FakeApiServer;
  let rt: TestRuntime | undefined;

  afterEach(async () => {
    await rt?.close();
    rt = undefined;
    await api.close();
  });

  async function start(): Promise<TestRuntime> {
    rt = createRuntime({ mode: "kubernetes", namespace: NS, configPath: "appconfig" }, { kubeConfig: api.kubeConfig(), controllerTuning: { resyncIntervalMs: 60_000 } });
    await rt.start();
    return rt;
  }

  it("applies the named Configuration's secret scopes from the first request and follows its edits", async () => {
    api = await FakeApiServer.start();
    api.putSecret(NS, "db", { password: "pw-db" });
    api.putSecret(NS, "payments", { key: "pw-payments" });
    api.create(CONFIGURATIONS, NS, configuration(["db"]));
    const { url } = await start();

    expect((await fetch(`${url}/v1.0/secrets/kubernetes/db`)).status).toBe(200);
    const denied = await fetch(`${url}/v1.0/secrets/kubernetes/payments`);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { errorCode: string }).errorCode).toBe("ERR_PERMISSION_DENIED");

    api.update(CONFIGURATIONS, NS, configuration(["db", "payments"]));
    await waitFor(async () => (await fetch(`${url}/v1.0/secrets/kubernetes/payments`)).status === 200, { timeoutMs: 2000, what: "the edited Configuration to apply" });
  });

  it("fails startup with a clear message when the named Configuration does not exist", async () => {
    api = await FakeApiServer.start();
    await expect(start()).rejects.toThrow('--config: Configuration "appconfig" not found in namespace shop');
  });
});
