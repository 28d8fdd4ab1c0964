import { Command, CommanderError, Option } from "commander";
import { stringify } from "yaml";
import { setTimeout as delay } from "node:timers/promises";
import { findTemplate, loadTemplate } from "../../pkg/cli/run/template.js";
import { age, isProcessAlive, RunRecords, type RunRecord } from "../../pkg/cli/runs.js";
import { RUNTIME_VERSION } from "../../pkg/runtime/options.js";
import { runRecordsFolder } from "./state.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The Dapr API runtimed speaks: the HTTP API version and the daprd release whose wire and protos it follows. */
const DAPR_API_VERSION = "v1.0";
const DAPR_RUNTIME_COMPATIBLE = "1.18";

/** How long `stop` waits for a run to end: the app's grace and the sidecar's drain, with room to spare. */
const STOP_WAIT_MS = 30_000;

function program(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) })
    .allowExcessArguments(false);
}

/** Parses, or returns the exit code: 0 after --help, 2 on a usage error (printed). */
function parse(command: Command, argv: readonly string[]): number | undefined {
  try {
    command.parse([...argv], { from: "user" });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError && ["commander.helpDisplayed", "commander.help"].includes(error.code)) return 0;
    process.stderr.write(`${command.name()}: ${(error as Error).message.replace(/^error: /, "")}\nrun '${command.name()} --help' for the flags\n`);
    return 2;
  }
}

function view(record: RunRecord, now: Date): Record<string, unknown> {
  return {
    appId: record.appId,
    httpPort: record.httpPort,
    grpcPort: record.grpcPort,
    appPort: record.appPort ?? 0,
    metricsPort: record.metricsPort ?? 0,
    command: record.command.join(" "),
    age: age(record.created, now),
    created: record.created,
    cliPid: record.cliPid,
    sidecarPid: record.sidecarPid,
    appPid: record.appPid ?? 0,
    reaperPid: record.reaperPid ?? 0,
    cwd: record.cwd,
    runTemplatePath: record.runTemplatePath ?? "",
  };
}

/** `runtimed list [-o table|json|yaml]`, as `dapr list`. */
export async function listMain(argv: readonly string[], env: Env): Promise<number> {
  const command = program("runtimed list", "The apps `runtimed run` is running on this machine (from the run records; stale ones are pruned)").addOption(
    new Option("-o, --output <format>", "output format").choices(["table", "json", "yaml"]).default("table"),
  );
  const code = parse(command, argv);
  if (code !== undefined) return code;
  const { output } = command.opts<{ output: "table" | "json" | "yaml" }>();
  const now = new Date();
  const rows = (await new RunRecords(runRecordsFolder(env)).list()).map((r) => view(r, now));
  if (output === "json") process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (output === "yaml") process.stdout.write(rows.length === 0 ? "[]\n" : stringify(rows));
  else if (rows.length === 0) process.stdout.write("No apps started by runtimed run are running.\n");
  else process.stdout.write(table(["APP ID", "HTTP PORT", "GRPC PORT", "APP PORT", "METRICS PORT", "PID", "AGE", "COMMAND"], rows.map((r) => [r.appId, r.httpPort, r.grpcPort, r.appPort || "", r.metricsPort || "", r.cliPid, r.age, r.command].map(String))));
  return 0;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ").trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}

/** `runtimed stop --app-id X` or `-f dapr.yaml`, as `dapr stop`: the app stops, then its sidecar drains. */
export async function stopMain(argv: readonly string[], env: Env): Promise<number> {
  const command = program("runtimed stop", "Stop apps started by `runtimed run` (their app first, then their sidecar), as Ctrl-C in their terminal would")
    .option("-a, --app-id <id>", "the app to stop (repeatable)", (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option("-f, --run-file <path>", "stop every app of this run template (or a folder holding dapr.yaml)");
  const code = parse(command, argv);
  if (code !== undefined) return code;
  const { appId: ids, runFile } = command.opts<{ appId: string[]; runFile?: string }>();
  if (ids.length === 0 && !runFile) {
    process.stderr.write("runtimed stop: name the app: --app-id <id> or -f <dapr.yaml>\n");
    return 2;
  }
  const wanted = new Set(ids);
  if (runFile) {
    try {
      for (const app of (await loadTemplate(await findTemplate(runFile))).apps) wanted.add(app.appId);
    } catch (error) {
      process.stderr.write(`runtimed stop: ${(error as Error).message}\n`);
      return 1;
    }
  }
  const records = await new RunRecords(runRecordsFolder(env)).list();
  const targets = records.filter((r) => wanted.has(r.appId));
  const missing = [...wanted].filter((id) => !targets.some((r) => r.appId === id));
  for (const id of missing) process.stderr.write(`runtimed stop: no app "${id}" started by runtimed run is running (runtimed list shows those that are)\n`);
  const waits: Array<Promise<boolean>> = [];
  for (const record of targets) {
    const siblings = records.filter((r) => r.cliPid === record.cliPid);
    // The whole run when all its apps are named (Ctrl-C); one app of a multi-app run by its own process group.
    const whole = siblings.every((r) => wanted.has(r.appId));
    const pid = whole ? record.cliPid : -(record.appPid ?? record.sidecarPid);
    try {
      process.kill(pid, "SIGTERM");
    } catch (error) {
      process.stderr.write(`runtimed stop: cannot signal app "${record.appId}" (pid ${Math.abs(pid)}): ${(error as Error).message}\n`);
      continue;
    }
    waits.push(
      waitGone(whole ? [record.cliPid] : [record.sidecarPid, ...(record.appPid ? [record.appPid] : [])]).then((gone) => {
        if (gone) process.stdout.write(`app "${record.appId}" stopped\n`);
        else process.stderr.write(`runtimed stop: app "${record.appId}" is still running after ${STOP_WAIT_MS / 1000}s\n`);
        return gone;
      }),
    );
  }
  const results = await Promise.all(waits);
  return missing.length > 0 || results.some((gone) => !gone) ? 1 : 0;
}

async function waitGone(pids: number[]): Promise<boolean> {
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline) {
    if (!pids.some(isProcessAlive)) return true;
    await delay(50);
  }
  return false;
}

/** `runtimed version` / `--version`: runtimed's version, the Node running it, the Dapr API it speaks. */
export async function versionMain(argv: readonly string[]): Promise<number> {
  const command = program("runtimed version", "runtimed's version, the Node version, and the Dapr API version it speaks").addOption(
    new Option("-o, --output <format>", "output format").choices(["text", "json"]).default("text"),
  );
  const code = parse(command, argv);
  if (code !== undefined) return code;
  const info = { runtimed: RUNTIME_VERSION, node: process.version, daprApi: DAPR_API_VERSION, daprRuntimeCompatible: DAPR_RUNTIME_COMPATIBLE };
  if (command.opts<{ output: string }>().output === "json") process.stdout.write(`${JSON.stringify(info, null, 2)}\n`);
  else process.stdout.write(`runtimed ${info.runtimed}\nNode ${info.node}\nDapr API ${info.daprApi} (HTTP and gRPC, as daprd ${info.daprRuntimeCompatible})\n`);
  return 0;
}
