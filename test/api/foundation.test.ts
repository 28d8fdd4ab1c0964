import http from "node:http";
import { afterEach, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { freePort, waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, startRuntime, type TestRuntime } from "../support/runtime.js";

const PROBE = (name: string, extra = ""): string => `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: bindings.test.probe
  version: v1
  metadata: [{name: a, value: "1"}${extra}]
`;

let running: TestRuntime[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function start(...args: Parameters<typeof startRuntime>): Promise<TestRuntime> {
  const rt = await startRuntime(...args);
  running.push(rt);
  return rt;
}

describe("health probes (spec endpoints 8 and 9, note 8)", () => {
  it("reports outbound healthy without the app, and healthz only once the app's port answers", async () => {
    const appPort = await freePort();
    const rt = await start({ appPort, resourcesPaths: [await resourcesFolder({ "p.yaml": PROBE("p") })] });
    await request(rt.url).get("/v1.0/healthz/outbound").expect(204);
    const notReady = await request(rt.url).get("/v1.0/healthz").expect(500);
    expect(notReady.body).toEqual({ errorCode: "ERR_HEALTH_NOT_READY", message: expect.stringContaining("app-channel") });

    const app = http.createServer((_req, res) => res.end()).listen(appPort, "127.0.0.1");
    servers.push(app);
    await waitFor(async () => (await request(rt.url).get("/v1.0/healthz")).status === 204, { what: "healthz 204" });
  });

  it("answers 500 on both probes while components are still initialising, then 204", async () => {
    const folder = await resourcesFolder({ "slow.yaml": PROBE("slow", ', {name: hangMs, value: "800"}') });
    const rt = createRuntime({ resourcesPaths: [folder] });
    running.push(rt);
    const started = rt.start();
    await waitFor(() => rt.runtime.httpPort > 0, { what: "the API to listen" });
    const outbound = await request(rt.url).get("/v1.0/healthz/outbound").expect(500);
    expect(outbound.body).toEqual({ errorCode: "ERR_OUTBOUND_HEALTH_NOT_READY", message: expect.stringContaining("components") });
    await request(rt.url).get("/v1.0/healthz").expect(500);
    await started;
    await request(rt.url).get("/v1.0/healthz/outbound").expect(204);
    await request(rt.url).get("/v1.0/healthz").expect(204);
  });
});

describe("metadata (GET /v1.0/metadata, PUT /v1.0/metadata/<key>)", () => {
  it("lists the loaded components with capabilities, the app connection and extended attributes", async () => {
    const appPort = await freePort();
    const rt = await start({ appPort, resourcesPaths: [await resourcesFolder({ "a.yaml": PROBE("alpha"), "b.yaml": PROBE("beta") })] });
    await request(rt.url).put("/v1.0/metadata/team").set("content-type", "text/plain").send("payments").expect(204);
    const { body } = await request(rt.url).get("/v1.0/metadata").expect(200);
    expect(body).toMatchObject({
      id: "test-app",
      runtimeVersion: expect.any(String),
      components: [
        { name: "alpha", type: "bindings.test.probe", version: "v1", capabilities: ["PROBE"] },
        { name: "beta", type: "bindings.test.probe", version: "v1", capabilities: ["PROBE"] },
      ],
      extended: { team: "payments", daprRuntimeVersion: expect.any(String) },
      appConnectionProperties: { port: appPort, channelAddress: "127.0.0.1", protocol: "http" },
    });
    // daprd leaves an empty list out (Go's omitempty).
    expect(body).not.toHaveProperty("subscriptions");
  });

  it("refuses a metadata key that is not a plain name", async () => {
    const rt = await start();
    const res = await request(rt.url).put("/v1.0/metadata/a%20b").send("x").expect(400);
    expect(res.body.errorCode).toBe("ERR_METADATA_SET");
  });

  it("skips components scoped to other apps", async () => {
    const scoped = `${PROBE("mine")}scopes: [test-app]\n---\n${PROBE("theirs")}scopes: [other-app]\n`;
    const rt = await start({ resourcesPaths: [await resourcesFolder({ "s.yaml": scoped })] });
    const { body } = await request(rt.url).get("/v1.0/metadata").expect(200);
    expect(body.components.map((c: { name: string }) => c.name)).toEqual(["mine"]);
  });

  it("reports an invalid manifest by file and field, and loads the valid ones", async () => {
    const folder = await resourcesFolder({ "good.yaml": PROBE("good"), "bad.yaml": "apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: bad}\nspec: {version: v1}\n" });
    const rt = await start({ resourcesPaths: [folder] });
    const { body } = await request(rt.url).get("/v1.0/metadata").expect(200);
    expect(body.components.map((c: { name: string }) => c.name)).toEqual(["good"]);
    expect(rt.logs()).toContain(`${folder}/bad.yaml: Component \\"bad\\": spec.type: is required`);
  });
});

describe("API token (RUNTIME_API_TOKEN)", () => {
  const token = "t0ken-value-123";

  it("answers 401 without the token on every route but exactly the two GET health probes", async () => {
    const rt = await start({ apiToken: token });
    await request(rt.url).get("/v1.0/healthz").expect(204);
    await request(rt.url).get("/v1.0/healthz/outbound").expect(204);
    for (const [method, path] of [["get", "/v1.0/metadata"], ["post", "/v1.0/healthz"], ["get", "/v1.0/healthzx"], ["get", "/v1.0/healthz/outbound/x"], ["get", "/v1.0/metadata?p=/v1.0/healthz"], ["get", "/nothing-here"], ["post", "/v1.0/shutdown"]] as const) {
      const res = await request(rt.url)[method](path);
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect(res.body).toEqual({ errorCode: "ERR_UNAUTHORIZED", message: expect.any(String) });
    }
    await request(rt.url).get("/v1.0/metadata").set("runtime-api-token", "wrong").expect(401);
    await request(rt.url).get("/v1.0/metadata").set("runtime-api-token", token).expect(200);
    await request(rt.url).get("/v1.0/metadata").set("dapr-api-token", token).expect(200);
  });
});

describe("errors are {errorCode, message}, never HTML", () => {
  it("answers an unknown route with 404 JSON", async () => {
    const rt = await start();
    const res = await request(rt.url).get("/v1.0/nope").expect(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.body).toEqual({ errorCode: "ERR_NOT_FOUND", message: "GET /v1.0/nope: route not found" });
  });

  it("answers a body over --max-body-size with 413", async () => {
    const rt = await start({ maxBodyBytes: 1024 });
    const res = await request(rt.url).put("/v1.0/metadata/big").set("content-type", "text/plain").send("x".repeat(2048)).expect(413);
    expect(res.body).toEqual({ errorCode: "ERR_BODY_TOO_LARGE", message: "request body exceeds the limit of 1024 bytes (raise it with --max-body-size)" });
    await request(rt.url).get("/v1.0/healthz").expect(204);
  });

  it.each([
    ["GET", "/v1.0/state/statestore/key", "state management"],
    ["POST", "/v1.0/state/statestore", "state management"],
    ["POST", "/v1.0/invoke/other-app/method/orders", "service invocation"],
    ["PUT", "/v1.0/actors/Cart/1/state", "actors"],
    ["POST", "/v1.0-beta1/workflows/dapr/order/start", "workflows"],
    ["POST", "/v1.0-alpha1/jobs/nightly", "jobs"],
    ["PUT", "/v1.0-alpha1/crypto/vault/encrypt", "cryptography"],
    ["POST", "/v1.0-alpha1/lock/lockstore", "distributed lock"],
    ["POST", "/v1.0-alpha2/conversation/llm/converse", "conversation"],
  ])("answers %s %s (a building block runtimed does not serve) with 501 naming it", async (method, path, block) => {
    const rt = await start();
    const res = await request(rt.url)[method.toLowerCase() as "get" | "post" | "put"](path).expect(501);
    expect(res.body).toEqual({ errorCode: "ERR_NOT_SUPPORTED", message: `the ${block} API is not served by runtimed (it serves pub/sub, bindings, secrets, configuration and metadata)` });
  });

  it.each(["/v1.0/metadata/%00", "/v1.0/metadata/%2e%2e", "/v1.0/metadata/a%0d%0ab", "/v1.0/metadata/%zz"])("rejects the hostile path %s with 400", async (path) => {
    const rt = await start();
    const res = await request(rt.url).put(path).send("x").expect(400);
    expect(res.body.errorCode).toBe("ERR_MALFORMED_REQUEST");
  });
});

describe("shutdown and metrics", () => {
  it("POST /v1.0/shutdown answers 204 and asks the process to stop", async () => {
    let asked = 0;
    const rt = await start({}, { onShutdownRequest: () => void asked++ });
    await request(rt.url).post("/v1.0/shutdown").expect(204);
    await waitFor(() => asked === 1, { what: "the shutdown request" });
  });

  it("labels HTTP metrics by route template, not raw path", async () => {
    const rt = await start();
    await request(rt.url).put("/v1.0/metadata/k1").send("a").expect(204);
    await request(rt.url).put("/v1.0/metadata/k2").send("b").expect(204);
    const text = await rt.runtime.metrics.registry.getSingleMetricAsString("runtime_http_server_request_count");
    expect(text).toContain('runtime_http_server_request_count{method="PUT",route="/v1.0/metadata/:key",status="204"} 2');
    expect(text).not.toContain("k1");
  });

  it("keeps request counts exact across scrapes (counted between scrapes, added once when read)", async () => {
    const rt = await start();
    const count = async (): Promise<string> => (await rt.runtime.metrics.registry.getSingleMetricAsString("runtime_http_server_request_count")).split("\n").find((l) => l.includes('route="/v1.0/metadata/:key"')) ?? "";
    await request(rt.url).put("/v1.0/metadata/k1").send("a").expect(204);
    expect(await count()).toMatch(/ 1$/);
    expect(await count()).toMatch(/ 1$/);
    await request(rt.url).put("/v1.0/metadata/k2").send("b").expect(204);
    await request(rt.url).put("/v1.0/metadata/k3").send("c").expect(204);
    expect(await count()).toMatch(/ 3$/);
  });

  it("counts an endpoint's error answers under their status", async () => {
    const rt = await start();
    await request(rt.url).put("/v1.0/metadata/bad%20key").send("a").expect(400);
    await request(rt.url).post("/v1.0/publish/nosuch/topic").send("a").expect(404);
    const text = await rt.runtime.metrics.registry.getSingleMetricAsString("runtime_http_server_request_count");
    expect(text).toContain('runtime_http_server_request_count{method="PUT",route="/v1.0/metadata/:key",status="400"} 1');
    expect(text).toContain('runtime_http_server_request_count{method="POST",route="/v1.0/publish/:pubsubname/*topic",status="404"} 1');
  });
});
