import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { COMPONENTS, CONFIGURATIONS, FakeApiServer, RESILIENCIES } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";

/**
 * The built runtimed in kubernetes mode, as the injector starts it (`--mode kubernetes --config <name>`,
 * NAMESPACE from the downward API), its API server connection from KUBECONFIG: resources come from
 * the (fake) API server, hot-reload, and secretKeyRefs resolve through the built-in kubernetes store.
 */
const NS = "shop";

describe("runtimed --mode kubernetes (built binary, fake API server)", () => {
  let api: FakeApiServer;
  let sidecar: SidecarProcess;

  beforeAll(async () => {
    api = await FakeApiServer.start({ token: "service-account-token" });
    api.putSecret(NS, "broker", { password: "pw-from-kubernetes" });
    api.create(CONFIGURATIONS, NS, { metadata: { name: "appconfig" }, spec: { secrets: { scopes: [{ storeName: "kubernetes", defaultAccess: "deny", allowedSecrets: ["broker"] }] } } });
    api.create(COMPONENTS, NS, { metadata: { name: "orders" }, spec: { type: "pubsub.in-memory", version: "v1", metadata: [{ name: "note", secretKeyRef: { name: "broker", key: "password" } }] } });
    const dir = tempDir("runtimed-kube-");
    const kubeconfig = path.join(dir, "config");
    await writeFile(kubeconfig, api.kubeConfig().exportConfig());
    sidecar = await startSidecar({ appId: "checkout", args: ["--mode", "kubernetes", "--config", "appconfig", "--listen-address", "127.0.0.1"], env: { NAMESPACE: NS, KUBECONFIG: kubeconfig } });
  });

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await api?.close();
  });

  const components = async (): Promise<string[]> => {
    const body = (await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { components: Array<{ name: string }> };
    return body.components.map((c) => c.name).sort();
  };

  it("loads the namespace's components (their secretKeyRef through the kubernetes store) and the built-in store", async () => {
    expect(await components()).toEqual(["kubernetes", "orders"]);
    expect(sidecar.output()).not.toContain("pw-from-kubernetes");
    expect((await fetch(`${sidecar.url}/v1.0/publish/orders/t`, { method: "POST", body: "hi" })).status).toBe(204);
  });

  it("applies the Configuration named by --config to secret reads", async () => {
    expect(await (await fetch(`${sidecar.url}/v1.0/secrets/kubernetes/broker`)).json()).toEqual({ password: "pw-from-kubernetes" });
    api.putSecret(NS, "other", { key: "v" });
    expect((await fetch(`${sidecar.url}/v1.0/secrets/kubernetes/other`)).status).toBe(403);
  });

  it("hot-reloads a Component created through the API", async () => {
    api.create(COMPONENTS, NS, { metadata: { name: "events" }, spec: { type: "pubsub.in-memory", version: "v1", metadata: [] } });
    await waitFor(async () => (await components()).includes("events"), { timeoutMs: 5000, intervalMs: 20, what: "events to load" });
  });

  it("applies a Resiliency served by the API server to the kubernetes secret store, and a change to it", async () => {
    const resiliency = (maxRetries: number): Parameters<FakeApiServer["upsert"]>[2] => ({
      metadata: { name: "resiliency" },
      scopes: ["checkout"],
      spec: { policies: { retries: { secrets: { policy: "constant", duration: "10ms", maxRetries } } }, targets: { components: { kubernetes: { outbound: { retry: "secrets" } } } } },
    });
    api.upsert(RESILIENCIES, NS, resiliency(2));
    await waitFor(() => /resiliency policies in force: kubernetes outbound/.test(sidecar.output()), { what: "the Resiliency applied" });
    // Two failed reads of the secret, then the third answers: the policy's two retries hide them.
    api.failNext({ plural: "secrets", watch: false, count: 2, status: 500 });
    expect((await fetch(`${sidecar.url}/v1.0/secrets/kubernetes/broker`)).status).toBe(200);
    api.upsert(RESILIENCIES, NS, resiliency(0));
    await waitFor(() => sidecar.output().includes("updated Resiliency resiliency"), { what: "the change applied" });
    api.failNext({ plural: "secrets", watch: false, count: 1, status: 500 });
    expect((await fetch(`${sidecar.url}/v1.0/secrets/kubernetes/broker`)).status).toBe(500);
    expect((await fetch(`${sidecar.url}/v1.0/secrets/kubernetes/broker`)).status).toBe(200);
  });
});
