import { spawnSync } from "node:child_process";
import http from "node:http";
import { afterAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { RUNTIMED, startSidecar, type SidecarProcess } from "../support/sidecar.js";

/** The built `runtimed` as a user runs it: flags, a resources folder, real HTTP, signals. */

const INMEMORY = (name: string): string => `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec: {type: pubsub.in-memory, version: v1, metadata: []}
`;

const started: SidecarProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop("SIGKILL")));
});

async function sidecar(...args: Parameters<typeof startSidecar>): Promise<SidecarProcess> {
  const s = await startSidecar(...args);
  started.push(s);
  return s;
}

describe("runtimed command line", () => {
  it.each([
    [["--app-id", "a", "--bogus"], "unknown flag --bogus"],
    [[], "required option '--app-id <id>' not specified"],
    [["--app-id", "a", "--http-port", "http"], "--http-port"],
    [["--app-id", "a", "--mode", "cluster"], "--mode"],
    [["--app-id", "a", "--max-body-size", "lots"], "--max-body-size"],
  ])("exits 2 with a clear message for %j", (args, message) => {
    const result = spawnSync(process.execPath, [RUNTIMED, ...args], { encoding: "utf8", timeout: 10_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe("runtimed as a process", () => {
  it("serves health, metadata and metrics, loads the resources folder and reports a broken manifest in one line", async () => {
    const folder = await resourcesFolder({
      "a.yaml": INMEMORY("orders"),
      "b.yaml": `${INMEMORY("events")}---\napiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: broken}\nspec:\n  type: pubsub.in-memory\n  version: v1\n  metadata: [{name: host}]\n`,
    });
    const s = await sidecar({ args: ["--resources-path", folder] });
    expect((await fetch(`${s.url}/v1.0/healthz`)).status).toBe(204);
    const metadata = (await (await fetch(`${s.url}/v1.0/metadata`)).json()) as { id: string; components: Array<{ name: string; type: string }> };
    expect(metadata.id).toBe("test-app");
    expect(metadata.components.map((c) => c.name).sort()).toEqual(["events", "orders"]);
    const errorLines = s.output().split("\n").filter((l) => l.includes("broken"));
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toContain(`${folder}/b.yaml: Component "broken": spec.metadata[0] (host): needs a value or a secretKeyRef`);
    const metrics = await (await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/runtime_http_server_request_count\{method="GET",route="\/v1\.0\/metadata",status="200",app_id="[a-z-]+"\} 1/);
    expect(metrics).toContain("runtime_process_resident_memory_bytes");
    expect(await s.stop()).toBe(0);
  });

  it("starts the embedded in-memory pub/sub named pubsub without --resources-path", async () => {
    const s = await sidecar();
    const metadata = (await (await fetch(`${s.url}/v1.0/metadata`)).json()) as { components: Array<{ name: string; type: string }> };
    expect(metadata.components).toEqual([expect.objectContaining({ name: "pubsub", type: "pubsub.in-memory" })]);
  });

  it("requires the API token on everything but the probes when RUNTIME_API_TOKEN is set", async () => {
    const s = await sidecar({ env: { RUNTIME_API_TOKEN: "s3cret-token" } });
    expect((await fetch(`${s.url}/v1.0/healthz/outbound`)).status).toBe(204);
    const denied = await fetch(`${s.url}/v1.0/metadata`);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ errorCode: "ERR_UNAUTHORIZED", message: expect.any(String) });
    expect((await fetch(`${s.url}/v1.0/metadata`, { headers: { "runtime-api-token": "s3cret-token" } })).status).toBe(200);
    expect(s.output()).not.toContain("s3cret-token");
  });

  it("stops with exit code 0 on POST /v1.0/shutdown and on SIGTERM", async () => {
    const viaApi = await sidecar();
    expect((await fetch(`${viaApi.url}/v1.0/shutdown`, { method: "POST" })).status).toBe(204);
    await waitFor(() => viaApi.child.exitCode !== null, { what: "exit after /v1.0/shutdown" });
    expect(viaApi.child.exitCode).toBe(0);

    const viaSignal = await sidecar();
    expect(await viaSignal.stop("SIGTERM")).toBe(0);
    expect(viaSignal.output()).toContain("stopped");
  });

  it("fails startup (exit 1) on a component that cannot initialise, unless it says ignoreErrors", async () => {
    const unknownType = "apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: pulsar}\nspec: {type: pubsub.pulsar, version: v1, metadata: []%s}\n";
    const failing = await sidecar({ args: ["--resources-path", await resourcesFolder({ "k.yaml": unknownType.replace("%s", "") })], waitReady: false });
    await waitFor(() => failing.child.exitCode !== null, { what: "startup failure" });
    expect(failing.child.exitCode).toBe(1);
    expect(failing.output()).toContain('component "pulsar" (pubsub.pulsar) failed to initialise: unknown pubsub component type pubsub.pulsar/v1');

    const tolerant = await sidecar({ args: ["--resources-path", await resourcesFolder({ "k.yaml": unknownType.replace("%s", ", ignoreErrors: true"), "p.yaml": INMEMORY("pubsub") })] });
    expect((await fetch(`${tolerant.url}/v1.0/healthz`)).status).toBe(204);
  });

  it("writes JSON log lines carrying the app-id with --log-as-json", async () => {
    const s = await sidecar({ appId: "billing", args: ["--log-as-json"] });
    await s.stop();
    const lines = s.output().trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line).toMatchObject({ app_id: "billing", level: expect.any(String), message: expect.any(String) });
    expect(lines.some((l) => l.scope === "runtime.pubsub.in-memory" || l.component === "pubsub" || l.scope === "runtime.processor")).toBe(true);
  });

  it("hands the heap start-up grew back to the OS once every readiness gate is open (benchmark 6's idle RSS)", async () => {
    const s = await sidecar({ args: ["--log-level", "debug"] });
    await waitFor(() => s.output().includes("start-up over:"), { what: "the start-up memory line" });
    const [, heapBefore, heapAfter, rssBefore, rssAfter] = /start-up over: heap ([\d.]+) MB -> ([\d.]+) MB, resident ([\d.]+) MB -> ([\d.]+) MB/.exec(s.output())!.map(Number);
    // Start-up grows the young generation to its maximum; the memory-reducing collection shrinks it again.
    expect(heapAfter).toBeLessThan(heapBefore! - 4);
    expect(rssAfter).toBeLessThan(rssBefore!);
    expect(s.output().indexOf("start-up over:")).toBeGreaterThan(s.output().indexOf("runtimed ready"));
    expect((await fetch(`${s.url}/v1.0/healthz`)).status).toBe(204);
  });
});

describe("refusals before the body is read", () => {
  /** A 2 MiB request from Node's client without an agent (Connection: close), five times: the statuses, or the socket errors. */
  const refusals = async (url: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Array<number | string>> => {
    const body = Buffer.alloc(2 * 1024 * 1024, "x");
    const once = (): Promise<number | string> =>
      new Promise((resolve) => {
        const req = http.request(`${url}${path}`, { method, agent: false, headers: { "content-length": String(body.length), ...headers } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end(body);
      });
    const answers: Array<number | string> = [];
    for (let i = 0; i < 5; i++) answers.push(await once());
    return answers;
  };

  it("answers a hostile path and a missing token once the body is in, so a caller that closes the connection reads the answer", async () => {
    const open = await sidecar({ appId: "refusals" });
    expect(await refusals(open.url, "POST", "/v1.0/secrets/%c0%af")).toEqual([400, 400, 400, 400, 400]);
    const guarded = await sidecar({ appId: "refusals-token", env: { RUNTIME_API_TOKEN: "t0ken-value-123" } });
    expect(await refusals(guarded.url, "POST", "/v1.0/publish/pubsub/orders", { "content-type": "application/json" })).toEqual([401, 401, 401, 401, 401]);
  }, 30_000);
});
