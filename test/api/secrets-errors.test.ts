import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { FakeApiServer } from "../support/fake-apiserver.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { component } from "./configuration-support.js";
import { tempDir } from "../support/tempdirs.js";

// Every row of the spec's Errors table for secrets (endpoints 6, 7) and the scoping rules, over HTTP.

const CONFIG = `apiVersion: runtime.io/v1alpha1
kind: Configuration
metadata:
  name: scoping
spec:
  secrets:
    scopes:
      - storeName: files
        defaultAccess: allow
        deniedSecrets: ["denied"]
      - storeName: strict
        defaultAccess: deny
        allowedSecrets: ["token"]
      - storeName: both
        allowedSecrets: ["token"]
        deniedSecrets: ["token", "other"]
      - storeName: closed
        defaultAccess: deny
`;

async function secretsFile(): Promise<string> {
  const dir = tempDir("secrets-api-");
  const file = path.join(dir, "secrets.json");
  await writeFile(file, JSON.stringify({ token: "tok-value-1", denied: "denied-value-1", other: "other-value-1" }));
  await writeFile(path.join(dir, "config.yaml"), CONFIG);
  return file;
}

describe("secrets API without any secret store", () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = createRuntime();
    await rt.start();
  });
  afterAll(() => rt.close());

  it.each([["get", "/v1.0/secrets/files/token"], ["bulk", "/v1.0/secrets/files/bulk"]])("%s answers 500 ERR_SECRET_STORES_NOT_CONFIGURED", async (_n, url) => {
    const res = await request(rt.url).get(url);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errorCode: "ERR_SECRET_STORES_NOT_CONFIGURED", message: "secret store is not configured" });
  });
});

describe("secrets API with stores and scoping", () => {
  let rt: TestRuntime;
  let api: FakeApiServer;

  beforeAll(async () => {
    api = await FakeApiServer.start();
    api.putSecret("team-a", "db", { user: "alice", password: "k8s-pass-1" });
    api.putSecret("team-b", "elsewhere", { key: "b-value-1" });
    const file = await secretsFile();
    const stores = Object.fromEntries(["files", "strict", "both", "closed"].map((name) => [`${name}.yaml`, component(name, "secretstores.local.file", { secretsFile: file })]));
    const resources = await resourcesFolder({ ...stores, "k8s.yaml": component("k8s", "secretstores.kubernetes", { namespace: "team-a" }) });
    rt = createRuntime({ resourcesPaths: [resources], configPath: path.join(path.dirname(file), "config.yaml") }, { kubeConfig: api.kubeConfig() });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
    await api?.close();
  });

  it("200 with {name: value} for a name/value store", async () => {
    const res = await request(rt.url).get("/v1.0/secrets/files/token");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: "tok-value-1" });
  });

  it("200 with key -> value for a multi-key store; metadata.namespace reaches the store", async () => {
    expect((await request(rt.url).get("/v1.0/secrets/k8s/db")).body).toEqual({ user: "alice", password: "k8s-pass-1" });
    const other = await request(rt.url).get("/v1.0/secrets/k8s/elsewhere?metadata.namespace=team-b");
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ key: "b-value-1" });
  });

  it("204 with no body when the secret does not exist", async () => {
    const res = await request(rt.url).get("/v1.0/secrets/files/missing");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
  });

  it.each([["get", "/v1.0/secrets/nostore/token"], ["bulk", "/v1.0/secrets/nostore/bulk"]])("%s of a missing store answers 400 ERR_SECRET_STORE_NOT_FOUND", async (_n, url) => {
    const res = await request(rt.url).get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorCode: "ERR_SECRET_STORE_NOT_FOUND", message: "failed finding secret store with key nostore" });
  });

  it("403 ERR_PERMISSION_DENIED for a secret in deniedSecrets", async () => {
    const res = await request(rt.url).get("/v1.0/secrets/files/denied");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errorCode: "ERR_PERMISSION_DENIED", message: "access denied by policy to get denied from files" });
  });

  it("follows Dapr's precedence: allowedSecrets decides alone, then deniedSecrets, then defaultAccess", async () => {
    const status = async (store: string, name: string): Promise<number> => (await request(rt.url).get(`/v1.0/secrets/${store}/${name}`)).status;
    expect(await status("strict", "token")).toBe(200);
    expect(await status("strict", "other")).toBe(403);
    expect(await status("both", "token")).toBe(200);
    expect(await status("both", "other")).toBe(403);
    expect(await status("closed", "token")).toBe(403);
    expect(await status("files", "other")).toBe(200);
    expect(await status("k8s", "db")).toBe(200);
  });

  it("bulk answers 200 with every allowed secret and silently omits denied ones", async () => {
    expect((await request(rt.url).get("/v1.0/secrets/files/bulk")).body).toEqual({ token: { token: "tok-value-1" }, other: { other: "other-value-1" } });
    expect((await request(rt.url).get("/v1.0/secrets/strict/bulk")).body).toEqual({ token: { token: "tok-value-1" } });
    const closed = await request(rt.url).get("/v1.0/secrets/closed/bulk");
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({});
  });

  it("500 ERR_SECRET_GET when the store fails, for get and bulk", async () => {
    api.failNext({ plural: "secrets", status: 500, message: "etcd is down" });
    const get = await request(rt.url).get("/v1.0/secrets/k8s/db");
    expect(get.status).toBe(500);
    expect(get.body.errorCode).toBe("ERR_SECRET_GET");
    expect(get.body.message).toMatch(/^failed getting secret with key db from secret store k8s: reading secret db in namespace team-a: the API server answered 500/);
    api.failNext({ plural: "secrets", status: 500, message: "etcd is down" });
    const bulk = await request(rt.url).get("/v1.0/secrets/k8s/bulk");
    expect(bulk.status).toBe(500);
    expect(bulk.body.errorCode).toBe("ERR_SECRET_GET");
  });

  it("records runtime_secret_* metrics by component, operation and success", async () => {
    const text = await rt.runtime.metrics.registry.metrics();
    expect(text).toMatch(/runtime_secret_operation_count\{component="files",operation="get",success="true"\} \d+/);
    expect(text).toMatch(/runtime_secret_operation_count\{component="k8s",operation="get",success="false"\} 1/);
    expect(text).toMatch(/runtime_secret_operation_count\{component="k8s",operation="bulk_get",success="false"\} 1/);
  });
});

describe("kubernetes mode", () => {
  it("has a built-in secret store named kubernetes, through which secretKeyRefs resolve", async () => {
    const api = await FakeApiServer.start();
    const dir = tempDir("k8s-mode-");
    const configFile = path.join(dir, "config.yaml");
    await writeFile(configFile, "fromk8s: yes-indeed\n");
    api.putSecret("team-a", "conf-path", { path: configFile });
    api.create({ group: "runtime.io", version: "v1alpha1", plural: "components", kind: "Component" }, "team-a", {
      metadata: { name: "files" },
      spec: { type: "configuration.local.file", version: "v1", metadata: [{ name: "path", secretKeyRef: { name: "conf-path", key: "path" } }] },
    });
    const rt = createRuntime({ mode: "kubernetes", namespace: "team-a" }, { kubeConfig: api.kubeConfig() });
    try {
      await rt.start();
      expect((await request(rt.url).get("/v1.0/secrets/kubernetes/conf-path")).body).toEqual({ path: configFile });
      expect((await request(rt.url).get("/v1.0/configuration/files")).body).toEqual({ fromk8s: { value: "yes-indeed" } });
    } finally {
      await rt.close();
      await api.close();
    }
  });
});
