import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { CoreV1Api, CustomObjectsApi, makeInformer, type KubernetesObject, type ListWatch } from "@kubernetes/client-node";
import { COMPONENTS, FakeApiServer, SECRETS } from "../support/fake-apiserver.js";
import { waitFor } from "../support/ports.js";

const NS = "team-a";

function componentInformer(api: FakeApiServer): ListWatch<KubernetesObject> {
  const kc = api.kubeConfig();
  const custom = kc.makeApiClient(CustomObjectsApi);
  return makeInformer(kc, `/apis/runtime.io/v1alpha1/namespaces/${NS}/components`, () =>
    custom.listNamespacedCustomObject({ group: "runtime.io", version: "v1alpha1", namespace: NS, plural: "components" }) as never,
  ) as ListWatch<KubernetesObject>;
}

describe("the fake API server driven by the real @kubernetes/client-node", () => {
  let api: FakeApiServer;
  const informers: Array<ListWatch<KubernetesObject>> = [];

  beforeAll(async () => {
    api = await FakeApiServer.start({ historyLimit: 50, token: "t0ken" });
  });
  afterAll(async () => {
    for (const i of informers) await i.stop();
    await api.close();
  });

  it("serves secrets to CoreV1Api with base64 data and answers 404 as a Status", async () => {
    api.putSecret(NS, "db", { password: "s3cret" });
    const core = api.kubeConfig().makeApiClient(CoreV1Api);
    const secret = await core.readNamespacedSecret({ name: "db", namespace: NS });
    expect(Buffer.from(secret.data!.password!, "base64").toString()).toBe("s3cret");
    const list = await core.listNamespacedSecret({ namespace: NS });
    expect(list.items.map((s) => s.metadata?.name)).toEqual(["db"]);
    expect(Number(list.metadata?.resourceVersion)).toBeGreaterThan(0);
    await expect(core.readNamespacedSecret({ name: "nope", namespace: NS })).rejects.toMatchObject({ code: 404 });
  });

  it("refuses a request without the bearer token", async () => {
    const core = api.kubeConfig("wrong").makeApiClient(CoreV1Api);
    await expect(core.readNamespacedSecret({ name: "db", namespace: NS })).rejects.toMatchObject({ code: 401 });
  });

  it("does CRUD over HTTP with increasing resourceVersions and 409 on a duplicate or stale write", async () => {
    const custom = api.kubeConfig().makeApiClient(CustomObjectsApi);
    const ref = { group: "runtime.io", version: "v1alpha1", namespace: NS, plural: "components" };
    const body = { apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name: "crud" }, spec: { type: "pubsub.in-memory", version: "v1", metadata: [] } };
    const created = (await custom.createNamespacedCustomObject({ ...ref, body })) as { metadata: { resourceVersion: string } };
    await expect(custom.createNamespacedCustomObject({ ...ref, body })).rejects.toMatchObject({ code: 409 });
    const replaced = (await custom.replaceNamespacedCustomObject({ ...ref, name: "crud", body: { ...body, metadata: { name: "crud", resourceVersion: created.metadata.resourceVersion } } })) as { metadata: { resourceVersion: string } };
    expect(Number(replaced.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
    await expect(custom.replaceNamespacedCustomObject({ ...ref, name: "crud", body: { ...body, metadata: { name: "crud", resourceVersion: created.metadata.resourceVersion } } })).rejects.toMatchObject({ code: 409 });
    await custom.deleteNamespacedCustomObject({ ...ref, name: "crud" });
    await expect(custom.getNamespacedCustomObject({ ...ref, name: "crud" })).rejects.toMatchObject({ code: 404 });
  });

  it("streams ADDED, MODIFIED and DELETED to an informer and resumes after a clean end without relisting", async () => {
    const informer = componentInformer(api);
    informers.push(informer);
    const seen: string[] = [];
    informer.on("add", (o) => seen.push(`add ${o.metadata!.name}`));
    informer.on("update", (o) => seen.push(`update ${o.metadata!.name}`));
    informer.on("delete", (o) => seen.push(`delete ${o.metadata!.name}`));
    api.create(COMPONENTS, NS, { metadata: { name: "a" }, spec: { type: "pubsub.in-memory", version: "v1" } });
    await informer.start();
    expect(seen).toEqual(["add a"]);
    api.update(COMPONENTS, NS, { metadata: { name: "a" }, spec: { type: "pubsub.in-memory", version: "v2" } });
    api.create(COMPONENTS, NS, { metadata: { name: "b" }, spec: { type: "pubsub.in-memory", version: "v1" } });
    api.remove(COMPONENTS, NS, "a");
    await waitFor(() => seen.length === 4, { timeoutMs: 2000, what: "watch events" });
    expect(seen).toEqual(["add a", "update a", "add b", "delete a"]);

    const lists = api.requests.filter((r) => r.path.endsWith("/components") && !r.watch).length;
    expect(api.endWatches("components")).toBe(1);
    api.create(COMPONENTS, NS, { metadata: { name: "c" }, spec: { type: "pubsub.in-memory", version: "v1" } });
    await waitFor(() => seen.includes("add c"), { timeoutMs: 2000, what: "event after reconnect" });
    expect(api.requests.filter((r) => r.path.endsWith("/components") && !r.watch).length).toBe(lists);
  });

  it("answers a watch from a compacted resourceVersion with 410 Expired, and the informer relists", async () => {
    const informer = informers[0]!;
    const lists = api.requests.filter((r) => r.path.endsWith("/components") && !r.watch).length;
    const deleted: string[] = [];
    informer.on("delete", (o) => deleted.push(o.metadata!.name!));
    // Break the watch (the informer stops), change things, compact: the resume must get 410 and relist to see the deletion.
    expect(api.breakWatches("components")).toBe(1);
    api.remove(COMPONENTS, NS, "b");
    api.compact();
    await informer.start();
    await waitFor(() => api.requests.some((r) => r.watch && r.status === 410), { timeoutMs: 2000, what: "a 410 watch" });
    await waitFor(() => api.requests.filter((r) => r.path.endsWith("/components") && !r.watch).length > lists, { timeoutMs: 2000, what: "relist" });
    await waitFor(() => informer.list(NS).map((o) => o.metadata!.name).join() === "c", { timeoutMs: 2000, what: "cache converged" });
    expect(deleted).toContain("b");
  });

  it("reports a broken watch and an injected watch failure as informer errors", async () => {
    const informer = informers[0]!;
    const errors: unknown[] = [];
    informer.on("error", (e) => errors.push(e));
    // The relist of the test before may converge the cache before its new watch request reaches the server.
    await waitFor(() => api.watchCount("components") === 1, { timeoutMs: 2000, what: "the informer watching" });
    expect(api.breakWatches("components")).toBe(1);
    await waitFor(() => errors.length === 1, { timeoutMs: 2000, what: "error after a broken watch" });
    api.failNext({ plural: "components", watch: true, status: 503 });
    await informer.start();
    expect(errors.length).toBe(2);
    // The failure was consumed: a restart now lists and watches again.
    await informer.start();
    await waitFor(() => api.watchCount("components") === 1, { timeoutMs: 2000, what: "watch re-established" });
    expect(api.get(SECRETS, NS, "db")).toBeDefined();
  });
});
