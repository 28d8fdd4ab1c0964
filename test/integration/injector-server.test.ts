/**
 * The built runtime-injector as a process, over HTTPS with a certificate made by the openssl CLI:
 * what the API server sees when it calls the webhook. Build first: npx tsc -p tsconfig.build.json
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import jsonpatch from "fast-json-patch";
import { Pod } from "kubernetes-models/v1/Pod";
import { INJECTOR, selfSignedCertificate, startInjector, type RunningInjector } from "../support/injector.js";
import { freePort, waitFor } from "../support/ports.js";
import { admissionReview, DEPLOYMENT_OBJECT, deploymentPod } from "../unit/injector-fixtures.js";
import { tempDir } from "../support/tempdirs.js";


interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function request(options: https.RequestOptions & { body?: string | Buffer }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: "127.0.0.1", timeout: 5000, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("request timed out")));
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("runtime-injector process over HTTPS", () => {
  let dir: string;
  let ca: Buffer;
  let port: number;
  let metricsPort: number;
  let injector: RunningInjector;

  const mutate = (body: string | Buffer, headers: Record<string, string> = { "content-type": "application/json" }): Promise<Reply> =>
    request({ port, ca, servername: "localhost", method: "POST", path: "/mutate", headers, body });

  beforeAll(async () => {
    if (!existsSync(INJECTOR)) throw new Error(`${INJECTOR} is missing: build first (npx tsc -p tsconfig.build.json)`);
    dir = tempDir("injector-tls-");
    ca = selfSignedCertificate(dir);
    port = await freePort();
    metricsPort = await freePort();
    injector = startInjector([
      "--port", String(port), "--listen-address", "127.0.0.1", "--metrics-port", String(metricsPort),
      "--tls-cert-file", path.join(dir, "tls.crt"), "--tls-key-file", path.join(dir, "tls.key"), "--tls-reload-interval", "100ms",
      "--sidecar-image", "ghcr.io/example/runtimed:test",
    ], { RELEASE_NAMESPACE: "runtime-system" });
    await waitFor(async () => (await request({ port, ca, servername: "localhost", path: "/healthz" })).status === 200, { timeoutMs: 15_000, what: `injector /healthz\n${injector.output()}` });
  });

  afterAll(async () => {
    if (injector && injector.child.exitCode === null) {
      injector.child.kill("SIGKILL");
      await injector.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("serves GET /healthz over TLS with the given certificate", async () => {
    const reply = await request({ port, ca, servername: "localhost", path: "/healthz" });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ status: "ok" });
  });

  it("is not reachable by a client that does not trust the certificate", async () => {
    await expect(request({ port, path: "/healthz" })).rejects.toThrow(/self[- ]signed/i);
  });

  it("patches a Deployment-created pod; the patched pod is a valid Pod with the runtimed sidecar", async () => {
    const pod = deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "8080", "runtime.io/api-token-secret": "api-token" });
    const reply = await mutate(JSON.stringify(admissionReview(pod, { uid: "uid-1" })));
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json");
    const review = JSON.parse(reply.body) as { apiVersion: string; kind: string; response: { uid: string; allowed: boolean; patchType: string; patch: string } };
    expect(review).toMatchObject({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "uid-1", allowed: true, patchType: "JSONPatch" } });
    const patch = JSON.parse(Buffer.from(review.response.patch, "base64").toString("utf8")) as jsonpatch.Operation[];
    const patched = jsonpatch.applyPatch(jsonpatch.deepClone(pod), patch, true, false).newDocument as { metadata: object; spec: { containers: Array<{ name: string; image: string; args: string[]; env?: Array<{ name: string; value?: string }> }> } };
    new Pod({ ...patched, metadata: { ...patched.metadata, creationTimestamp: undefined } } as never).validate();
    const sidecar = patched.spec.containers.find((c) => c.name === "runtimed")!;
    expect(sidecar.image).toBe("ghcr.io/example/runtimed:test");
    expect(sidecar.args.join(" ")).toContain("--mode kubernetes --app-id checkout --http-port 3500 --app-port 8080");
    expect(patched.spec.containers[0]!.env).toContainEqual({ name: "RUNTIME_HTTP_PORT", value: "3500" });
  });

  it("denies an enabled pod with a bad annotation, with a message naming it", async () => {
    const reply = await mutate(JSON.stringify(admissionReview(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/sidecar-cpu-limit": "two" }))));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ response: { allowed: false, status: { code: 403, message: expect.stringContaining('annotation runtime.io/sidecar-cpu-limit: "two" is not a quantity') } } });
  });

  it("passes a non-pod (a Deployment) unchanged", async () => {
    const reply = await mutate(JSON.stringify(admissionReview(DEPLOYMENT_OBJECT, { uid: "uid-d", kind: { group: "apps", version: "v1", kind: "Deployment" }, resource: "deployments" })));
    expect(JSON.parse(reply.body)).toEqual({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "uid-d", allowed: true } });
  });

  it("never injects into the release namespace (RELEASE_NAMESPACE) or kube-system", async () => {
    for (const namespace of ["runtime-system", "kube-system"]) {
      const reply = await mutate(JSON.stringify(admissionReview(deploymentPod({ "runtime.io/enabled": "true" }), { namespace })));
      expect(JSON.parse(reply.body)).toMatchObject({ response: { allowed: true } });
      expect(JSON.parse(reply.body).response.patch).toBeUndefined();
    }
  });

  it("answers 400 to a malformed review and keeps serving", async () => {
    const bad = await mutate("{not json");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toMatch(/not JSON/);
    const wrongKind = await mutate(JSON.stringify({ apiVersion: "v1", kind: "Pod" }));
    expect(wrongKind.status).toBe(400);
    expect((await request({ port, ca, servername: "localhost", path: "/healthz" })).status).toBe(200);
  });

  it("refuses bodies above the limit with 413, other methods with 405 and other paths with 404", async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024, 0x20);
    expect((await mutate(huge)).status).toBe(413);
    expect((await request({ port, ca, servername: "localhost", method: "GET", path: "/mutate" })).status).toBe(405);
    expect((await request({ port, ca, servername: "localhost", method: "POST", path: "/validate", body: "{}" })).status).toBe(404);
  });

  it("counts requests by result in runtime_injector_requests_total on the metrics port", async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const count = (result: string): number => Number(new RegExp(`^runtime_injector_requests_total\\{result="${result}"\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
    expect({ patched: count("patched"), denied: count("denied"), allowed: count("allowed"), malformed: count("malformed") }).toEqual({ patched: 1, denied: 1, allowed: 3, malformed: 4 });
  });

  // These come after the metrics count above, which they would change.
  it("does not inject twice: a pod already running runtimed as a native sidecar (an init container with restartPolicy Always) passes unchanged", async () => {
    const pod = deploymentPod({ "runtime.io/enabled": "true" });
    (pod.spec as Record<string, unknown>).initContainers = [
      { name: "migrate", image: "registry.example.com/migrate:1" },
      { name: "runtimed", image: "ghcr.io/example/runtimed:test", restartPolicy: "Always" },
    ];
    const reply = await mutate(JSON.stringify(admissionReview(pod, { uid: "uid-native" })));
    expect(JSON.parse(reply.body)).toEqual({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "uid-native", allowed: true } });
  });

  it("answers 415 to a body that is not application/json, and takes application/json with parameters", async () => {
    const review = JSON.stringify(admissionReview(deploymentPod({ "runtime.io/enabled": "true" })));
    for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }, { "content-type": "application/jsonx" }, {} as Record<string, string>]) {
      const reply = await mutate(review, headers);
      expect({ headers, status: reply.status }).toEqual({ headers, status: 415 });
      expect(JSON.parse(reply.body).message).toMatch(/application\/json/);
    }
    expect((await mutate(review, { "content-type": "Application/JSON; charset=utf-8" })).status).toBe(200);
  });

  it("answers 400 to an AdmissionReview nested too deep", async () => {
    const depth = 100_000;
    const reply = await mutate(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).message).toMatch(/nested deeper than \d+ levels/);
  });

  it("serves a renewed certificate without a restart, and keeps the current one while key and certificate do not match", async () => {
    const renewed = tempDir("injector-tls-renewed-");
    try {
      const renewedCa = selfSignedCertificate(renewed);
      // agent: false, so every check is a new TLS handshake rather than a resumed session.
      const healthz = (trusted: Buffer): Promise<Reply> => request({ port, ca: trusted, servername: "localhost", path: "/healthz", agent: false });
      // The kubelet writes the two files one after the other: first only the new key is there.
      copyFileSync(path.join(renewed, "tls.key"), path.join(dir, "tls.key"));
      await waitFor(() => injector.output().includes("keeping the current TLS certificate"), { timeoutMs: 5000, what: "the mismatch warning" });
      expect((await healthz(ca)).status).toBe(200);
      copyFileSync(path.join(renewed, "tls.crt"), path.join(dir, "tls.crt"));
      await waitFor(async () => (await healthz(renewedCa)).status === 200, { timeoutMs: 5000, what: "the renewed certificate" });
      await expect(healthz(ca)).rejects.toThrow(/self[- ]signed/i);
      expect(injector.output()).toContain("serving the renewed TLS certificate");
      ca = renewedCa;
    } finally {
      rmSync(renewed, { recursive: true, force: true });
    }
  });

  it("answers what it refuses before reading (404, 405, 415) in full when a large body is still arriving on a closing connection", async () => {
    // Node closes a Connection: close socket once the answer is out; unread bytes still arriving then reset it, and
    // the client sees EPIPE instead of the answer. 12 MB (under the drain cut) loses the race most times on loopback.
    const body = Buffer.alloc(12 * 1024 * 1024, 0x20);
    const refused = [
      { method: "POST", path: "/validate", type: "application/json", status: 404 },
      { method: "PUT", path: "/mutate", type: "application/json", status: 405 },
      { method: "POST", path: "/mutate", type: "text/plain", status: 415 },
    ];
    for (let round = 0; round < 5; round++) {
      for (const r of refused) {
        const reply = await request({ port, ca, servername: "localhost", agent: false, method: r.method, path: r.path, headers: { "content-type": r.type }, body });
        expect({ ...r, status: reply.status }).toEqual(r);
      }
    }
  });

  it("exits 0 on SIGTERM", async () => {
    injector.child.kill("SIGTERM");
    expect(await injector.exited).toBe(0);
    expect(injector.output()).toContain("stopped");
  });
});

describe("runtime-injector command line", () => {
  it("exits 2 naming a missing required flag", async () => {
    const run = startInjector(["--sidecar-image", "x"]);
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/--tls-cert-file/);
  });

  it("exits 1 when the certificate file cannot be read", async () => {
    const run = startInjector(["--port", String(await freePort()), "--listen-address", "127.0.0.1", "--enable-metrics=false", "--tls-cert-file", "/nonexistent/tls.crt", "--tls-key-file", "/nonexistent/tls.key", "--sidecar-image", "x"]);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/startup failed: .*ENOENT/);
  });
});
