import { statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { buildPlan, singleAppArgs, singleAppSinks, templateArgs, templateSinks } from "../../pkg/cli/run/plan.js";
import { ReaperClient } from "../../pkg/cli/run/reaper.js";
import { RunError, Supervisor, type AppPlan, type RunHooks } from "../../pkg/cli/run/supervisor.js";
import { findTemplate, loadTemplate, TemplateError } from "../../pkg/cli/run/template.js";
import { processStartTicks, RunRecords } from "../../pkg/cli/runs.js";
import { withAllocatorEnv } from "./allocator.js";
import { addSidecarFlags, missingResourceFolder, parseOptions, parseWithDaprVocabulary, UsageError } from "./options.js";
import { runRecordsFolder } from "./state.js";
import { isHelpOrVersion } from "../flags.js";

type Env = Record<string, string | undefined>;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUNTIMED_MAIN = path.join(HERE, "main.js");
const REAPER = path.join(HERE, "reaper.js");
const console = { stdout: process.stdout, stderr: process.stderr };

function runProgram(): Command {
  const program = addSidecarFlags(
    new Command("runtimed run")
      .description("Start the sidecar and your app together, as `dapr run` does: the app gets APP_ID, APP_PORT, DAPR_HTTP_PORT (and RUNTIME_HTTP_PORT), DAPR_METRICS_PORT and the tokens; free ports are picked unless given; the app's exit stops the sidecar with the app's exit code; Ctrl-C stops the app, then drains the sidecar.")
      .usage("[sidecar flags] -- <command...>\n       runtimed run -f <dapr.yaml | folder>")
      .option("-f, --run-file <path>", "Dapr's multi-app run template, or a folder holding dapr.yaml")
      .argument("[command...]", "the app's command (after --)")
      .exitOverride()
      .showSuggestionAfterError(false)
      .configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) }),
    { appIdRequired: false },
  );
  // Here an unnamed port is a free one, not the sidecar's fixed default.
  for (const option of program.options) if (option.long === "--http-port" || option.long === "--metrics-port") option.defaultValueDescription = "a free port";
  for (const option of program.options) if (option.long === "--grpc-port") option.defaultValueDescription = "a free port";
  for (const option of program.options) if (option.long === "--resources-path") option.description += "; default: ~/.dapr/components when it exists (as dapr run), else an in-memory pub/sub";
  return program.addHelpText("after", "\nWithout --http-port, --grpc-port or --metrics-port, free ports are picked. The app id defaults to the current folder's name.\nDapr's flag names are accepted too (-a, -p, -H, -G, -d, --dapr-http-port, --components-path, ...; docs/cli.md).\nExamples:\n  runtimed run --app-id checkout --app-port 3000 --resources-path ./components -- node app.js\n  runtimed run -f .\n");
}

/** `runtimed run`: argv after the subcommand; returns the exit code (main exits). */
export async function runMain(argv: readonly string[], env: Env): Promise<number> {
  const program = runProgram();
  const dash = argv.indexOf("--");
  const flags = dash === -1 ? [...argv] : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  let args: string[];
  try {
    const parsed = parseWithDaprVocabulary(program, flags);
    for (const warning of parsed.warnings) process.stderr.write(`runtimed run: ${warning}\n`);
    args = parsed.args;
  } catch (error) {
    if (isHelpOrVersion(error)) return 0;
    return usage((error as Error).message.replace(/^error: /, ""));
  }
  if (program.args.length > 0) return usage(`put the app's command after --: runtimed run [flags] -- ${program.args.join(" ")}`);
  const runFile = program.opts<{ runFile?: string }>().runFile;
  const cwd = process.cwd();
  let plans: AppPlan[];
  try {
    if (runFile !== undefined) {
      if (command.length > 0) return usage("-f takes no command: each app's command is in the run template");
      const ignored = program.options.filter((o) => o.attributeName() !== "runFile" && program.getOptionValueSource(o.attributeName()) === "cli").map((o) => o.long);
      if (ignored.length > 0) process.stderr.write(`runtimed run: with -f these flags are ignored (set them in the run template): ${ignored.join(", ")}\n`);
      plans = await templatePlans(runFile, env);
    } else {
      const source = (name: string): boolean => program.getOptionValueSource(name) === "cli";
      const given = { appId: program.opts<{ appId?: string }>().appId, httpPort: source("httpPort"), grpcPort: source("grpcPort"), metricsPort: source("metricsPort") };
      const sidecarArgs = await singleAppArgs(args, given, cwd);
      if (!source("resourcesPath")) {
        const daprDefault = daprComponentsFolder(env);
        if (daprDefault) {
          sidecarArgs.push("--resources-path", daprDefault);
          process.stdout.write(`runtimed run: no --resources-path: using ${daprDefault} (as dapr run does)\n`);
        }
      }
      const options = parseOptions(sidecarArgs, env);
      const missing = await missingResourceFolder(options.resourcesPaths);
      if (missing) throw new Error(missing);
      plans = [buildPlan({ settings: options, sidecarArgs, cwd, command: command.length > 0 ? command : undefined, env, ...singleAppSinks(console) })];
    }
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    process.stderr.write(`runtimed run: ${(error as Error).message}\n`);
    return 1;
  }
  return supervise(plans, env);
}

/** `dapr run`'s default resources folder, when `dapr init` made one. */
function daprComponentsFolder(env: Env): string | undefined {
  const folder = path.join(env.HOME || homedir(), ".dapr", "components");
  try {
    return statSync(folder).isDirectory() ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** Records each app for `runtimed list`/`stop`, and registers its processes with the reaper. */
function runHooks(records: RunRecords, reaper: ReaperClient): RunHooks & { settled(): Promise<void> } {
  const startTicks = processStartTicks(process.pid);
  const recorded = new Set<Promise<void>>();
  const track = (work: Promise<void>): void => {
    const settled = work.catch((error: unknown) => process.stderr.write(`runtimed run: cannot update ${records.folder}: ${(error as Error).message}\n`)).then(() => void recorded.delete(settled));
    recorded.add(settled);
  };
  return {
    settled: async () => void (await Promise.all([...recorded])),
    spawned: (role, pid, graceMs) => reaper.watch(role, pid, graceMs),
    started: (plan, pids) =>
      track(
        records.add({
          appId: plan.appId,
          cliPid: process.pid,
          sidecarPid: pids.sidecar,
          appPid: pids.app,
          reaperPid: reaper.pid,
          httpPort: plan.ports.http,
          grpcPort: plan.ports.grpc,
          metricsPort: plan.ports.metrics,
          appPort: plan.ports.app,
          command: [...(plan.command ?? [])],
          cwd: plan.cwd,
          runTemplatePath: plan.runTemplatePath,
          created: new Date().toISOString(),
          startTicks,
        }),
      ),
    stopped: (plan, pids) => {
      reaper.gone(pids.app);
      reaper.gone(pids.sidecar);
      // After the add it may still be writing, so that the file does not outlive the run.
      track(Promise.all([...recorded]).then(() => records.remove({ appId: plan.appId, cliPid: process.pid })));
    },
  };
}

async function templatePlans(runFile: string, env: Env): Promise<AppPlan[]> {
  const template = await loadTemplate(await findTemplate(runFile));
  for (const warning of template.warnings) process.stderr.write(`runtimed run: warning: ${warning}\n`);
  const now = new Date();
  const plans: AppPlan[] = [];
  const daprDefault = daprComponentsFolder(env);
  for (const [index, app] of template.apps.entries()) {
    if (app.resourcesPaths.length === 0 && daprDefault) app.resourcesPaths.push(daprDefault);
    const sidecarArgs = await templateArgs(app);
    let options;
    try {
      options = parseOptions(sidecarArgs, { ...env, ...app.env });
    } catch (error) {
      throw new TemplateError(template.file, `apps[${index}] (${app.appId})`, (error as Error).message);
    }
    const sinks = templateSinks(app, console, now);
    if (sinks.logFiles.length > 0) process.stdout.write(`runtimed run: app "${app.appId}" writes log files to ${path.dirname(sinks.logFiles[0]!)}\n`);
    plans.push(buildPlan({ settings: options, sidecarArgs, cwd: app.appDirPath, command: app.command, env, extraEnv: app.env, appSink: sinks.appSink, runtimeSink: sinks.runtimeSink, runTemplatePath: template.file }));
  }
  return plans;
}

async function supervise(plans: AppPlan[], env: Env): Promise<number> {
  const records = new RunRecords(runRecordsFolder(env));
  const reaper = ReaperClient.start(process.execPath, REAPER);
  const hooks = runHooks(records, reaper);
  for (const plan of plans) {
    plan.sidecarEnv.RUNTIMED_SUPERVISOR_PID = String(process.pid);
    withAllocatorEnv(plan.sidecarEnv);
  }
  const supervisor = new Supervisor(plans, {
    node: process.execPath,
    runtimedMain: RUNTIMED_MAIN,
    info: (message) => process.stdout.write(`runtimed run: ${message}\n`),
    error: (message) => process.stderr.write(`runtimed run: ${message}\n`),
    hooks,
  });
  const stop = new AbortController();
  const onSignal = (): void => {
    // A second Ctrl-C does not wait for the drain.
    if (stop.signal.aborted) supervisor.kill();
    else stop.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await supervisor.run(stop.signal);
  } catch (error) {
    process.stderr.write(`runtimed run: ${(error as Error).message}\n`);
    return error instanceof RunError ? error.exitCode : 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    reaper.close();
    await hooks.settled();
  }
}

function usage(message: string): number {
  process.stderr.write(`runtimed run: ${message}\nrun 'runtimed run --help' for the flags\n`);
  return 2;
}
