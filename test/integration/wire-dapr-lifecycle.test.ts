import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * daprd 1.17-1.18 process behaviours on the built sidecar: `--dapr-block-shutdown-duration`
 * (daprd's `pkg/runtime/runtime.go` Run: subscriptions stop, the API keeps serving for the period) and
 * SIGHUP in standalone mode (daprd's `cmd/daprd/app` restarts its runtime on it, re-reading every
 * resource and the Configuration).
 */
let dir: string | undefined;
let sidecar: SidecarProcess | undefined;
let app: TestApp | undefined;

afterEach(async () => {
  await sidecar?.stop("SIGKILL");
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  sidecar = app = dir = undefined;
});

const inMemory = `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: pubsub}
spec: {type: pubsub.in-memory, version: v1, metadata: []}
`;

describe("--dapr-block-shutdown-duration", () => {
  it("keeps the API serving after SIGTERM for the period, with subscriptions stopped, then shuts down", async () => {
    dir = tempDir("wire-block-");
    await writeFile(path.join(dir, "pubsub.yaml"), inMemory);
    app = await startTestApp({ discovery: "dapr", subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders" }] });
    sidecar = await startSidecar({ appId: "wire-block", args: ["--app-port", String(app.port), "--resources-path", dir, "--dapr-block-shutdown-duration", "2s"] });
    await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] }).subscriptions?.length === 1, { what: "the subscription" });
    const signalled = Date.now();
    const exited = sidecar.stop("SIGTERM");
    await waitFor(() => sidecar!.output().includes("blocking graceful shutdown for 2000ms"), { what: "the block" });
    // The app finishes its own work: its publishes are still accepted.
    expect((await fetch(`${sidecar.url}/v1.0/publish/pubsub/orders`, { method: "POST", body: "late" })).status).toBe(204);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1900);
    expect(sidecar.output()).toContain("block shutdown period expired");
    // Subscriptions stopped when the block began: the late message was not handed to the app.
    expect(app.on("/orders")).toEqual([]);
  }, 20_000);
});

describe("SIGHUP in standalone mode", () => {
  it("reloads every resource and the --config Configuration, and the sidecar keeps running", async () => {
    dir = tempDir("wire-sighup-");
    const resources = path.join(dir, "resources");
    await writeFile(path.join(dir, "secrets.json"), JSON.stringify({ open: "1", closed: "2" }));
    await mkdir(resources);
    await writeFile(
      path.join(resources, "secrets.yaml"),
      `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: secrets}
spec: {type: secretstores.local.file, version: v1, metadata: [{name: secretsFile, value: ${JSON.stringify(path.join(dir, "secrets.json"))}}]}
`,
    );
    const config = (allowed: string[]): string => JSON.stringify({ apiVersion: "dapr.io/v1alpha1", kind: "Configuration", metadata: { name: "appconfig" }, spec: { secrets: { scopes: [{ storeName: "secrets", defaultAccess: "deny", allowedSecrets: allowed }] } } });
    const configFile = path.join(dir, "config.json");
    await writeFile(configFile, config(["open"]));
    sidecar = await startSidecar({ appId: "wire-sighup", args: ["--resources-path", resources, "--config", configFile] });
    const status = async (name: string): Promise<number> => (await fetch(`${sidecar!.url}/v1.0/secrets/secrets/${name}`)).status;
    expect(await status("open")).toBe(200);
    expect(await status("closed")).toBe(403);
    await writeFile(configFile, config(["open", "closed"]));
    sidecar.child.kill("SIGHUP");
    await waitFor(() => sidecar!.output().includes("SIGHUP: reloading every resource"), { what: "the reload" });
    await waitFor(async () => (await status("closed")) === 200, { what: "the new secret scopes" });
    expect(sidecar.child.exitCode).toBeNull();
  }, 20_000);
});

describe("graceful shutdown drains deliveries under way", () => {
  it("lets a bulk delivery the app is handling finish and settle, rather than cutting it off", async () => {
    dir = tempDir("wire-drain-");
    await writeFile(path.join(dir, "pubsub.yaml"), inMemory);
    const http = await import("node:http");
    const { freePort } = await import("../support/ports.js");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const outcome: string[] = [];
    const port = await freePort();
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (req.url === "/dapr/subscribe") {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify([{ pubsubname: "pubsub", topic: "bulk", route: "/bulk", bulkSubscribe: { enabled: true, maxMessagesCount: 1, maxAwaitDurationMs: 10 } }]));
          return;
        }
        if (req.url !== "/bulk") {
          res.statusCode = 404;
          res.end();
          return;
        }
        const entries = (JSON.parse(Buffer.concat(chunks).toString()) as { entries: Array<{ entryId: string }> }).entries;
        outcome.push("received");
        res.on("close", () => outcome.push(res.writableFinished ? "answered" : "cut off"));
        void released.then(() => res.end(JSON.stringify({ statuses: entries.map((e) => ({ entryId: e.entryId, status: "SUCCESS" })) })));
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      sidecar = await startSidecar({ appId: "wire-drain", args: ["--app-port", String(port), "--resources-path", dir, "--graceful-shutdown-seconds", "10"] });
      await waitFor(async () => ((await (await fetch(`${sidecar!.url}/v1.0/metadata`)).json()) as { subscriptions?: unknown[] }).subscriptions?.length === 1, { what: "the subscription" });
      expect((await fetch(`${sidecar.url}/v1.0/publish/pubsub/bulk`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status).toBe(204);
      await waitFor(() => outcome.includes("received"), { what: "the bulk delivery" });
      const exited = sidecar.stop("SIGTERM");
      await waitFor(() => sidecar!.output().includes("shutting down"), { what: "the shutdown" });
      release();
      expect(await exited).toBe(0);
      await waitFor(() => outcome.length === 2, { what: "the delivery's end" });
      expect(outcome).toEqual(["received", "answered"]);
    } finally {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 20_000);
});
