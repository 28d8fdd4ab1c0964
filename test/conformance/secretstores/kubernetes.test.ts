import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { createKubernetesSecretStore } from "../../../pkg/components/secretstores/kubernetes/kubernetes.js";
import { FakeApiServer } from "../../support/fake-apiserver.js";
import { testContext } from "../context.js";
import { runSecretStoreTarget } from "./suite.js";

// The real @kubernetes/client-node against the in-process API server (no kube-apiserver runs here).
let api: FakeApiServer;
beforeAll(async () => {
  api = await FakeApiServer.start({ token: "sa-token" });
});
afterAll(async () => {
  await api?.close();
});

await runSecretStoreTarget("secretstores.kubernetes");

describe("secretstores.kubernetes specifics", () => {
  it("reads another namespace when the component or the request names one", async () => {
    api.putSecret("team-b", "only-in-b", { key: "value-b" });
    const store = createKubernetesSecretStore(testContext("secretstores.kubernetes", { kubeConfig: api.kubeConfig(), namespace: "team-a" }));
    await store.init(ComponentMetadata.of("k8s", "secretstores.kubernetes", {}));
    expect(await store.getSecret({ name: "only-in-b", metadata: {} })).toBeUndefined();
    expect(await store.getSecret({ name: "only-in-b", metadata: { namespace: "team-b" } })).toEqual({ key: "value-b" });
    const other = createKubernetesSecretStore(testContext("secretstores.kubernetes", { kubeConfig: api.kubeConfig(), namespace: "team-a" }));
    await other.init(ComponentMetadata.of("k8s", "secretstores.kubernetes", { namespace: "team-b" }));
    expect(Object.keys(await other.bulkGetSecret({}))).toEqual(["only-in-b"]);
  });

  it("turns an API server failure into an error naming the secret and status, not a not-found", async () => {
    const store = createKubernetesSecretStore(testContext("secretstores.kubernetes", { kubeConfig: api.kubeConfig(), namespace: "team-a" }));
    await store.init(ComponentMetadata.of("k8s", "secretstores.kubernetes", {}));
    api.failNext({ plural: "secrets", status: 500, message: "etcd is down" });
    await expect(store.getSecret({ name: "token", metadata: {} })).rejects.toThrow(/reading secret token in namespace team-a: the API server answered 500/);
  });

  it("fails init without an API server connection", async () => {
    const store = createKubernetesSecretStore(testContext("secretstores.kubernetes"));
    await expect(store.init(ComponentMetadata.of("k8s", "secretstores.kubernetes", {}))).rejects.toThrow(/needs an API server connection/);
  });
});
