import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { freePort, waitFor } from "../support/ports.js";
import { RUNTIMED } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";

/** `runtimed run` as a user runs it: the built binary, a real app as a child, signals, exit codes, pids. */

// The test app: prints what `runtimed run` gave it, then (by mode) publishes to itself through the
// sidecar, exits with 3 leaving a background child behind, or waits for SIGTERM.
const APP = `
import http from "node:http";
import { spawn } from "node:child_process";
const mode = process.argv[2];
const env = Object.fromEntries(["APP_ID", "APP_PORT", "APP_PROTOCOL", "DAPR_HTTP_PORT", "RUNTIME_HTTP_PORT", "DAPR_METRICS_PORT", "DAPR_GRPC_PORT", "RUNTIME_GRPC_PORT", "DAPR_API_TOKEN", "APP_API_TOKEN"].map((k) => [k, process.env[k] ?? null]));
console.log("ENV " + JSON.stringify(env));
const sidecar = "http://127.0.0.1:" + process.env.DAPR_HTTP_PORT;
const headers = { "content-type": "application/json", ...(process.env.DAPR_API_TOKEN ? { "dapr-api-token": process.env.DAPR_API_TOKEN } : {}) };
if (mode === "exit3") {
  const child = spawn("sleep", ["300"], { stdio: "ignore" });
  console.log("BACKGROUND " + child.pid);
  setTimeout(() => process.exit(3), 50);
} else if (mode === "wait") {
  process.on("SIGTERM", () => { console.log("APP GOT SIGTERM"); setTimeout(() => process.exit(0), 50); });
  const child = spawn("sleep", ["300"], { stdio: "ignore" });
  console.log("BACKGROUND " + child.pid);
  setInterval(() => undefined, 1000);
} else {
  const server = http.createServer((req, res) => {
    if (req.url === "/dapr/subscribe") return res.end(JSON.stringify([{ pubsubname: "pubsub", topic: "self", route: "/in" }]));
    if (req.url !== "/in") return res.writeHead(404).end();
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      res.end(JSON.stringify({ status: "SUCCESS" }));
      console.log("RECEIVED " + JSON.stringify(JSON.parse(body).data) + " token=" + req.headers["runtime-api-token"]);
      server.close();
      setTimeout(() => process.exit(0), 20);
    });
  }).listen(Number(process.env.APP_PORT), "127.0.0.1", async () => {
    for (;;) {
      const meta = await (await fetch(sidecar + "/v1.0/metadata", { headers })).json();
      if ((meta.subscriptions ?? []).some((s) => s.topic === "self")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const published = await fetch(sidecar + "/v1.0/publish/pubsub/self", { method: "POST", headers, body: JSON.stringify({ hello: "me" }) });
    console.log("PUBLISHED " + published.status);
  });
}
`;

interface Run {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

const runs: Run[] = [];
const strays: number[] = [];

function runtimedRun(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Run {
  // Its own HOME and state folder: no ~/.dapr/components of this machine, no run records left in the user's.
  const env = { PATH: process.env.PATH ?? "", HOME: tempDir("runtimed-home-"), RUNTIMED_STATE_DIR: tempDir("runtimed-state-"), ...options.env };
  const child = spawn(process.execPath, [RUNTIMED, "run", ...args], { cwd: options.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const run: Run = { child, stdout: () => stdout, stderr: () => stderr, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
  runs.push(run);
  return run;
}

async function appFolder(): Promise<string> {
  const folder = tempDir("runtimed-run-");
  await writeFile(path.join(folder, "app.mjs"), APP);
  return folder;
}

/** Running, not a zombie left for init to reap (an orphan's exit status is nobody's to collect here). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !["Z", "X"].includes(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!);
  } catch {
    return false;
  }
}

/** The pids `runtimed run` reported (sidecar, app) and the app's background child. */
function pidsIn(run: Run): number[] {
  const pids = [...run.stdout().matchAll(/\(pid (\d+)\)|BACKGROUND (\d+)/g)].map((m) => Number(m[1] ?? m[2]));
  strays.push(...pids);
  return pids;
}

function envOf(run: Run): Record<string, string | null> {
  const line = run.stdout().split("\n").find((l) => l.startsWith("== APP == ENV "))!;
  return JSON.parse(line.slice("== APP == ENV ".length)) as Record<string, string | null>;
}

afterEach(async () => {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
    await run.exited;
  }
  // Whatever a failed assertion left behind.
  for (const pid of strays.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});

describe("runtimed run -- <command>", () => {
  it("gives the app Dapr's environment and a free sidecar port; the app publishes through its sidecar and receives its own message", async () => {
    const cwd = await appFolder();
    const appPort = await freePort();
    const run = runtimedRun(["--app-id", "selfie", "--app-port", String(appPort), "--", "node", "app.mjs", "self"], { cwd, env: { DAPR_API_TOKEN: "api-secret", APP_API_TOKEN: "app-secret" } });
    expect(await run.exited).toBe(0);
    const env = envOf(run);
    expect(env).toMatchObject({ APP_ID: "selfie", APP_PORT: String(appPort), APP_PROTOCOL: "http", DAPR_API_TOKEN: "api-secret", APP_API_TOKEN: "app-secret" });
    expect(env.DAPR_HTTP_PORT).toMatch(/^\d+$/);
    // A free gRPC port, picked as the HTTP one, under Dapr's name and runtimed's.
    expect(env.DAPR_GRPC_PORT).toMatch(/^\d+$/);
    expect(env.RUNTIME_GRPC_PORT).toBe(env.DAPR_GRPC_PORT);
    expect(env.DAPR_GRPC_PORT).not.toBe("50001");
    expect(new Set([env.DAPR_HTTP_PORT, env.DAPR_GRPC_PORT, env.DAPR_METRICS_PORT]).size).toBe(3);
    expect(env.RUNTIME_HTTP_PORT).toBe(env.DAPR_HTTP_PORT);
    expect(env.DAPR_METRICS_PORT).not.toBe(env.DAPR_HTTP_PORT);
    expect(env.DAPR_HTTP_PORT).not.toBe("3500");
    expect(run.stdout()).toContain("== APP == PUBLISHED 204");
    expect(run.stdout()).toContain('== APP == RECEIVED {"hello":"me"} token=app-secret');
    expect(run.stdout()).toMatch(/== RUNTIME == .*runtimed ready \(app id selfie\)/);
    for (const pid of pidsIn(run)) expect(alive(pid)).toBe(false);
  });

  it("exits with the app's exit code (3), and leaves no process behind: sidecar, app and the app's background child are gone", async () => {
    const cwd = await appFolder();
    const run = runtimedRun(["--", "node", "app.mjs", "exit3"], { cwd });
    expect(await run.exited).toBe(3);
    const pids = pidsIn(run);
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(run.stderr().trim()).toMatch(/^runtimed run: app "runtimed-run-\w+" exited \(code 3\); its sidecar is stopped$/);
    // The app id defaults to the folder's name, lower-cased.
    expect(envOf(run).APP_ID).toBe(path.basename(cwd).toLowerCase());
  });

  it("on SIGTERM stops the app first (its whole process group), then drains the sidecar, within the grace period", async () => {
    const cwd = await appFolder();
    const run = runtimedRun(["--app-id", "waiter", "--graceful-shutdown-seconds", "2", "--", "node", "app.mjs", "wait"], { cwd });
    await waitFor(() => run.stdout().includes("BACKGROUND"), { timeoutMs: 15_000, what: "the app to start" });
    const pids = pidsIn(run);
    const sent = Date.now();
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(Date.now() - sent).toBeLessThan(2000 + 3000);
    const out = run.stdout();
    expect(out.indexOf("== APP == APP GOT SIGTERM")).toBeGreaterThan(-1);
    expect(out.indexOf("== APP == APP GOT SIGTERM")).toBeLessThan(out.indexOf("shutting down: draining in-flight work"));
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });
});

describe("runtimed run: bad input is one clear line, a non-zero exit and nothing left running", () => {
  it("a command that does not exist", async () => {
    const run = runtimedRun(["--app-id", "ghost", "--", "no-such-command-xyz"]);
    expect(await run.exited).toBe(127);
    expect(run.stderr().trim()).toBe("runtimed run: cannot start the app: command not found: no-such-command-xyz");
    const pids = pidsIn(run);
    expect(pids).toHaveLength(1);
    expect(alive(pids[0]!)).toBe(false);
  });

  it("an app that exits at once", async () => {
    const run = runtimedRun(["--app-id", "brief", "--", process.execPath, "-e", "process.exit(5)"]);
    expect(await run.exited).toBe(5);
    expect(run.stderr().trim()).toBe('runtimed run: app "brief" exited (code 5); its sidecar is stopped');
    for (const pid of pidsIn(run)) expect(alive(pid)).toBe(false);
  });

  it("a sidecar port already taken", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const run = runtimedRun(["--app-id", "busy", "--http-port", String(port), "--", process.execPath, "-e", "setInterval(() => 0, 1000)"]);
      expect(await run.exited).toBe(1);
      expect(run.stderr().trim()).toBe(`runtimed run: port ${port} (--http-port of app "busy") is already in use on 127.0.0.1`);
      expect(pidsIn(run)).toEqual([]);
    } finally {
      holder.close();
    }
  });

  it("a flag the sidecar does not know, or a command without --", async () => {
    const unknown = runtimedRun(["--app-id", "x", "--bogus", "--", "node"]);
    expect(await unknown.exited).toBe(2);
    expect(unknown.stderr()).toContain("unknown flag --bogus");
    const noDash = runtimedRun(["--app-id", "x", "node", "app.js"]);
    expect(await noDash.exited).toBe(2);
    expect(noDash.stderr()).toContain("put the app's command after --");
  });
});
