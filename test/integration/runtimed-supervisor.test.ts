import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { freePort, waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { tempDir } from "../support/tempdirs.js";
import { alive, cliEnv, endRuns, remember, runtimed, runtimedSync, type CliRun } from "./runtimed-cli-support.js";

/**
 * Each case starts `runtimed run`, which starts a sidecar and then the app: seconds on a quiet machine, several
 * times that on a loaded CI runner. The waits are bounds on events, not sleeps.
 */
const STARTED_WITHIN_MS = 30_000;
jest.setTimeout(60_000);

/**
 * `runtimed run` as a supervisor: the ports and flags it hands the app and the sidecar, the run records
 * behind `list` and `stop`, and what is left when its output closes or it is killed outright.
 */

// ENV: what the app got. Then, by mode: `tick` prints a line every 20 ms and counts them in ticks.txt;
// `stubborn` ignores SIGTERM and leaves a background child in its group; `meta` prints the sidecar's
// components and exits; otherwise it waits for SIGTERM.
const APP = `
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
const keys = ["APP_ID", "APP_PORT", "APP_PROTOCOL", "DAPR_HTTP_PORT", "RUNTIME_HTTP_PORT", "DAPR_GRPC_PORT", "RUNTIME_GRPC_PORT", "DAPR_METRICS_PORT"];
console.log("ENV " + JSON.stringify(Object.fromEntries(keys.map((k) => [k, process.env[k] ?? null]))));
const mode = process.argv[2];
if (mode === "tick") {
  let n = 0;
  setInterval(() => { n++; console.log("tick " + n); writeFileSync("ticks.txt", String(n)); }, 20);
  process.on("SIGTERM", () => process.exit(0));
} else if (mode === "stubborn") {
  process.on("SIGTERM", () => console.log("IGNORING SIGTERM"));
  const child = spawn("sleep", ["300"], { stdio: "ignore" });
  console.log("BACKGROUND " + child.pid);
  setInterval(() => undefined, 1000);
} else if (mode === "meta") {
  const meta = await (await fetch("http://127.0.0.1:" + process.env.DAPR_HTTP_PORT + "/v1.0/metadata")).json();
  console.log("COMPONENTS " + meta.components.map((c) => c.name + ":" + c.type).sort().join(","));
} else {
  process.on("SIGTERM", () => process.exit(0));
  setInterval(() => undefined, 1000);
}
`;

interface Listed {
  appId: string;
  httpPort: number;
  grpcPort: number;
  appPort: number;
  metricsPort: number;
  command: string;
  cliPid: number;
  sidecarPid: number;
  appPid: number;
  reaperPid: number;
  runTemplatePath: string;
}

async function appFolder(name = "app"): Promise<string> {
  const folder = path.join(tempDir("runtimed-sup-"), name);
  await mkdir(folder);
  await writeFile(path.join(folder, "app.mjs"), APP);
  return folder;
}

function listed(env: Record<string, string>): Listed[] {
  const result = runtimedSync(["list", "-o", "json"], env);
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Listed[];
}

function envOf(run: CliRun, prefix = "== APP == "): Record<string, string | null> {
  const line = run.stdout().split("\n").find((l) => l.startsWith(`${prefix}ENV `))!;
  return JSON.parse(line.slice(`${prefix}ENV `.length)) as Record<string, string | null>;
}

function cmdline(pid: number): Promise<string[]> {
  return readFile(`/proc/${pid}/cmdline`, "utf8").then((text) => text.split("\0"));
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(true));
  });
}

afterEach(() => endRuns());

describe("runtimed run: the flags a gRPC app's README gives dapr run", () => {
  it("takes Dapr's names and short forms; the app gets the ports, the sidecar the flags; ignored Dapr flags warn once each", async () => {
    const cwd = await appFolder();
    const env = cliEnv();
    const [http, grpc, metrics, appPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const components = await resourcesFolder({ "p.yaml": "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: pubsub}\nspec: {type: pubsub.in-memory, version: v1}\n" });
    const run = runtimed(
      ["run", "-a", "grpcapp", "-H", String(http), "-G", String(grpc), "-M", String(metrics), "-p", String(appPort), "-P", "grpc", "--components-path", components,
        "--dapr-http-max-request-size", "16", "--enable-api-logging", "--placement-host-address", "localhost:50005", "--", "node", "app.mjs"],
      { cwd, env },
    );
    await waitFor(() => run.stdout().includes("== APP == ENV"), { timeoutMs: STARTED_WITHIN_MS, what: "the app to start" });
    expect(envOf(run)).toEqual({
      APP_ID: "grpcapp", APP_PORT: String(appPort), APP_PROTOCOL: "grpc", DAPR_HTTP_PORT: String(http), RUNTIME_HTTP_PORT: String(http),
      DAPR_GRPC_PORT: String(grpc), RUNTIME_GRPC_PORT: String(grpc), DAPR_METRICS_PORT: String(metrics),
    });
    const [record] = listed(env);
    remember(record!.sidecarPid, record!.appPid);
    const args = (await cmdline(record!.sidecarPid)).join(" ");
    for (const expected of [`--http-port ${http}`, `--grpc-port ${grpc}`, `--metrics-port ${metrics}`, `--app-port ${appPort}`, "--app-protocol grpc", `--resources-path ${components}`, "--max-body-size 16Mi"]) expect(args).toContain(expected);
    expect(run.stderr().split("\n").filter((l) => l.includes("warning:"))).toEqual([
      "runtimed run: warning: --enable-api-logging is a Dapr flag runtimed accepts and ignores: runtimed logs no line per API call (use --log-level debug and the metrics)",
      "runtimed run: warning: --placement-host-address is a Dapr flag runtimed accepts and ignores: runtimed serves no actors (no placement service)",
    ]);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });

  it("a missing --resources-path folder is an error naming it (exit 1), before anything starts", async () => {
    const run = runtimed(["run", "-a", "x", "-d", "/no/such/components", "--", "node", "-e", "0"]);
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim()).toBe("runtimed run: --resources-path /no/such/components does not exist");
  });

  it("without --resources-path loads ~/.dapr/components as dapr run does, skipping building blocks runtimed does not serve", async () => {
    const cwd = await appFolder();
    const env = cliEnv();
    const components = path.join(env.HOME!, ".dapr", "components");
    await mkdir(components, { recursive: true });
    await writeFile(path.join(components, "pubsub.yaml"), "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: pubsub}\nspec:\n  type: pubsub.in-memory\n  version: v1\n");
    await writeFile(path.join(components, "statestore.yaml"), "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: statestore}\nspec:\n  type: state.redis\n  version: v1\n  metadata: [{name: redisHost, value: localhost:6379}, {name: actorStateStore, value: \"true\"}]\n");
    const run = runtimed(["run", "-a", "homey", "--", "node", "app.mjs", "meta"], { cwd, env });
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toContain(`runtimed run: no --resources-path: using ${components} (as dapr run does)`);
    expect(run.stdout()).toContain("== APP == COMPONENTS pubsub:pubsub.in-memory");
    const warnings = run.stdout().split("\n").filter((l) => l.includes("does not serve"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${path.join(components, "statestore.yaml")}: Component "statestore" (state.redis): runtimed does not serve state management; skipped (remove it from the resources folder, or set spec.ignoreErrors: true to skip it quietly)`);
  });
});

describe("runtimed run never orphans", () => {
  it("keeps running when its stdout and stderr close (EPIPE), and still stops cleanly", async () => {
    const cwd = await appFolder();
    const env = cliEnv();
    const run = runtimed(["run", "-a", "ticker", "--", "node", "app.mjs", "tick"], { cwd, env });
    await waitFor(() => run.stdout().includes("== APP == tick 2"), { timeoutMs: STARTED_WITHIN_MS, what: "two ticks" });
    const [record] = listed(env);
    remember(record!.sidecarPid, record!.appPid);
    // As `runtimed run ... | head -2`: the reader goes away.
    run.child.stdout!.destroy();
    run.child.stderr!.destroy();
    const ticks = async (): Promise<number> => Number(await readFile(path.join(cwd, "ticks.txt"), "utf8").catch(() => "0"));
    const atClose = await ticks();
    await waitFor(async () => (await ticks()) > atClose + 25, { timeoutMs: 10_000, what: "25 more ticks written into the closed pipe" });
    expect(run.child.exitCode).toBeNull();
    expect(alive(record!.sidecarPid)).toBe(true);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    await waitFor(() => !alive(record!.sidecarPid) && !alive(record!.appPid), { timeoutMs: 10_000, what: "the sidecar and the app to end" });
    expect(listed(env)).toEqual([]);
  });

  it("killed with SIGKILL, leaves nothing: the sidecar drains and exits, the app's group gets SIGTERM then SIGKILL, ports are freed", async () => {
    const cwd = await appFolder();
    const env = cliEnv();
    const run = runtimed(["run", "-a", "victim", "--graceful-shutdown-seconds", "1", "--", "node", "app.mjs", "stubborn"], { cwd, env });
    await waitFor(() => run.stdout().includes("BACKGROUND"), { timeoutMs: STARTED_WITHIN_MS, what: "the app and its background child" });
    const background = Number(/BACKGROUND (\d+)/.exec(run.stdout())![1]);
    const [record] = listed(env);
    const pids = remember(record!.sidecarPid, record!.appPid, record!.reaperPid, background);
    for (const pid of pids) expect(alive(pid)).toBe(true);
    const killedAt = Date.now();
    run.child.kill("SIGKILL");
    await run.exited;
    await waitFor(() => pids.every((pid) => !alive(pid)), { timeoutMs: 15_000, what: "sidecar, app, its child and the reaper to be gone" });
    // The app ignores SIGTERM: it went at the end of its 1 s grace, by SIGKILL, not at once.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(900);
    expect(await refused(record!.httpPort)).toBe(true);
    expect(await refused(record!.metricsPort)).toBe(true);
    // The dead run's record is pruned on the next read.
    expect(listed(env)).toEqual([]);
    expect(await readdir(path.join(env.RUNTIMED_STATE_DIR!, "runs"))).toEqual([]);
  });
});

describe("runtimed list and stop across concurrent runs", () => {
  it("lists two runs (one of them a two-app template), stops one app by id, one app of the template, then the rest by -f", async () => {
    const env = cliEnv();
    const single = await appFolder("alpha");
    const root = tempDir("runtimed-tpl-");
    for (const name of ["beta", "gamma"]) {
      await mkdir(path.join(root, name));
      await writeFile(path.join(root, name, "app.mjs"), APP);
    }
    const template = path.join(root, "dapr.yaml");
    await writeFile(template, "version: 1\napps:\n  - {appDirPath: beta, command: [node, app.mjs], appLogDestination: console, daprdLogDestination: console}\n  - {appDirPath: gamma, command: [node, app.mjs], appLogDestination: console, daprdLogDestination: console}\n");
    const first = runtimed(["run", "-a", "alpha", "--", "node", "app.mjs"], { cwd: single, env });
    const second = runtimed(["run", "-f", template], { env });
    await waitFor(() => listed(env).length === 3, { timeoutMs: 20_000, what: "three apps listed" });
    // Listed once started; what the app prints comes a moment later.
    await waitFor(() => first.stdout().includes("== APP == ENV"), { timeoutMs: 10_000, what: "alpha's environment" });
    const apps = listed(env);
    for (const app of apps) remember(app.sidecarPid, app.appPid);
    expect(apps.map((a) => a.appId).sort()).toEqual(["alpha", "beta", "gamma"]);
    const alpha = apps.find((a) => a.appId === "alpha")!;
    expect(alpha).toMatchObject({ cliPid: first.child.pid, command: "node app.mjs", runTemplatePath: "" });
    expect(envOf(first)).toMatchObject({ DAPR_HTTP_PORT: String(alpha.httpPort), DAPR_GRPC_PORT: String(alpha.grpcPort) });
    expect(apps.filter((a) => a.cliPid === second.child.pid).map((a) => a.runTemplatePath)).toEqual([template, template]);
    const table = runtimedSync(["list"], env).stdout.trim().split("\n");
    expect(table[0]).toMatch(/^APP ID\s+HTTP PORT\s+GRPC PORT\s+APP PORT\s+METRICS PORT\s+PID\s+AGE\s+COMMAND$/);
    expect(table).toHaveLength(4);
    expect(table.find((l) => l.startsWith("alpha "))).toMatch(new RegExp(`^alpha\\s+${alpha.httpPort}\\s+${alpha.grpcPort}\\s+${alpha.metricsPort}\\s+${alpha.cliPid}\\s+\\d+s\\s+node app.mjs$`));

    const stopAlpha = runtimedSync(["stop", "--app-id", "alpha"], env);
    expect(stopAlpha).toMatchObject({ status: 0, stdout: 'app "alpha" stopped\n' });
    expect(await first.exited).toBe(0);
    expect(alive(alpha.sidecarPid)).toBe(false);

    const stopBeta = runtimedSync(["stop", "-a", "beta"], env);
    expect(stopBeta).toMatchObject({ status: 0, stdout: 'app "beta" stopped\n' });
    expect(second.child.exitCode).toBeNull();
    expect(listed(env).map((a) => a.appId)).toEqual(["gamma"]);

    const stopRest = runtimedSync(["stop", "-f", root], env);
    expect(stopRest.stdout).toBe('app "gamma" stopped\n');
    expect(stopRest.stderr).toBe('runtimed stop: no app "beta" started by runtimed run is running (runtimed list shows those that are)\n');
    expect(stopRest.status).toBe(1);
    expect(await second.exited).toBe(0);
    expect(runtimedSync(["list"], env).stdout).toBe("No apps started by runtimed run are running.\n");
  });
});
