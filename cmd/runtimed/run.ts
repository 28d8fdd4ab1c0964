import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError } from "commander";
import { buildPlan, singleAppArgs, singleAppSinks, templateArgs, templateSinks } from "../../pkg/cli/run/plan.js";
import { RunError, Supervisor, type AppPlan } from "../../pkg/cli/run/supervisor.js";
import { findTemplate, loadTemplate, TemplateError } from "../../pkg/cli/run/template.js";
import { addSidecarFlags, parseOptions, UsageError } from "./options.js";

type Env = Record<string, string | undefined>;

const RUNTIMED_MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.js");
const console = { stdout: process.stdout, stderr: process.stderr };

function runProgram(): Command {
  const program = addSidecarFlags(
    new Command("runtimed run")
      .description("Start the sidecar and your app together, as `dapr run` does: the app gets APP_ID, APP_PORT, DAPR_HTTP_PORT (and RUNTIME_HTTP_PORT), DAPR_METRICS_PORT and the tokens; free ports are picked unless given; the app's exit stops the sidecar with the app's exit code; Ctrl-C stops the app, then drains the sidecar.")
      .usage("[sidecar flags] -- <command...>\n       runtimed run -f <dapr.yaml | folder>")
      .option("-f, --run-file <path>", "Dapr's multi-app run template, or a folder holding dapr.yaml")
      .argument("[command...]", "the app's command (after --)")
      .exitOverride()
      .configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) }),
    { appIdRequired: false },
  );
  // Here an unnamed port is a free one, not the sidecar's fixed default.
  for (const option of program.options) if (option.long === "--http-port" || option.long === "--metrics-port") option.defaultValueDescription = "a free port";
  return program.addHelpText("after", "\nWithout --http-port or --metrics-port, free ports are picked. The app id defaults to the current folder's name.\nExamples:\n  runtimed run --app-id checkout --app-port 3000 --resources-path ./components -- node app.js\n  runtimed run -f .\n");
}

/** `runtimed run`: argv after the subcommand; returns the exit code (main exits). */
export async function runMain(argv: readonly string[], env: Env): Promise<number> {
  const program = runProgram();
  const dash = argv.indexOf("--");
  const flags = dash === -1 ? [...argv] : argv.slice(0, dash);
  const command = dash === -1 ? [] : argv.slice(dash + 1);
  try {
    program.parse(flags, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError && ["commander.helpDisplayed", "commander.help", "commander.version"].includes(error.code)) return 0;
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
      const given = { appId: program.opts<{ appId?: string }>().appId, httpPort: program.getOptionValueSource("httpPort") === "cli", metricsPort: program.getOptionValueSource("metricsPort") === "cli" };
      const sidecarArgs = await singleAppArgs(flags, given, cwd);
      const options = parseOptions(sidecarArgs, env);
      plans = [buildPlan({ settings: options, sidecarArgs, cwd, command: command.length > 0 ? command : undefined, env, ...singleAppSinks(console) })];
    }
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    process.stderr.write(`runtimed run: ${(error as Error).message}\n`);
    return 1;
  }
  return supervise(plans);
}

async function templatePlans(runFile: string, env: Env): Promise<AppPlan[]> {
  const template = await loadTemplate(await findTemplate(runFile));
  for (const warning of template.warnings) process.stderr.write(`runtimed run: warning: ${warning}\n`);
  const now = new Date();
  const plans: AppPlan[] = [];
  for (const [index, app] of template.apps.entries()) {
    const sidecarArgs = await templateArgs(app);
    let options;
    try {
      options = parseOptions(sidecarArgs, { ...env, ...app.env });
    } catch (error) {
      throw new TemplateError(template.file, `apps[${index}] (${app.appId})`, (error as Error).message);
    }
    const sinks = templateSinks(app, console, now);
    if (sinks.logFiles.length > 0) process.stdout.write(`runtimed run: app "${app.appId}" writes log files to ${path.dirname(sinks.logFiles[0]!)}\n`);
    plans.push(buildPlan({ settings: options, sidecarArgs, cwd: app.appDirPath, command: app.command, env, extraEnv: app.env, appSink: sinks.appSink, runtimeSink: sinks.runtimeSink }));
  }
  return plans;
}

async function supervise(plans: AppPlan[]): Promise<number> {
  const supervisor = new Supervisor(plans, {
    node: process.execPath,
    runtimedMain: RUNTIMED_MAIN,
    info: (message) => process.stdout.write(`runtimed run: ${message}\n`),
    error: (message) => process.stderr.write(`runtimed run: ${message}\n`),
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
  }
}

function usage(message: string): number {
  process.stderr.write(`runtimed run: ${message}\nrun 'runtimed run --help' for the flags\n`);
  return 2;
}
