import { stat } from "node:fs/promises";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import type { LogLevel } from "../../pkg/diagnostics/logger.js";
import { appProtocol, bool, bytes, isHelpOrVersion, port, seconds, UsageError } from "../flags.js";
import { closestFlag, ownFlags, translateDaprFlags } from "./dapr-flags.js";
import type { RuntimeOptions } from "../../pkg/runtime/options.js";
import { parseDurationMs } from "../../pkg/util/parse.js";

export { UsageError };

function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new InvalidArgumentError("must be a positive integer");
  return n;
}

/** A Go duration (`30s`, `1m30s`), as daprd's flag takes it. */
function duration(value: string): number {
  const ms = parseDurationMs(value);
  if (ms === undefined) throw new InvalidArgumentError("must be a duration such as 30s");
  return ms;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The sidecar's flags, shared by `runtimed` and `runtimed run` so both list and parse them alike. */
export function addSidecarFlags(program: Command, { appIdRequired }: { appIdRequired: boolean }): Command {
  const appId = "the application's id (CloudEvent source, scoping, consumer group)";
  return (appIdRequired ? program.requiredOption("--app-id <id>", appId) : program.option("--app-id <id>", `${appId}; default: the current folder's name`))
    .option("--app-port <port>", "the app's HTTP port; without it there is no app channel", port)
    .option("--app-channel-address <host>", "the app's host", "127.0.0.1")
    .addOption(new Option("--app-protocol <protocol>", "how the sidecar calls the app: Dapr's HTTP callbacks or its AppCallback gRPC service (http or grpc)").argParser(appProtocol).default("http"))
    .option("--enable-app-health-check [bool]", "probe the app and pause delivery while it is unhealthy", bool, false)
    .option("--app-health-check-path <path>", "the path probed on an HTTP app", "/healthz")
    .addOption(new Option("--app-health-probe-interval <seconds>", "seconds between app health probes").argParser(seconds).default(5000, "5"))
    .addOption(new Option("--app-health-probe-timeout <ms>", "milliseconds an app health probe may take").argParser(positiveInt).default(500))
    .option("--app-health-threshold <n>", "failed probes in a row before the app counts as unhealthy", positiveInt, 3)
    .option("--app-max-concurrency <n>", "concurrent deliveries per subscription", positiveInt, 100)
    .option("--http-port <port>", "the sidecar API port", port, 3500)
    .option("--grpc-port <port>", "Dapr's gRPC API port (alias --dapr-grpc-port)", port, 50001)
    .option("--listen-address <address>", "the address the API and metrics listen on (default 127.0.0.1; 0.0.0.0 in kubernetes mode)")
    .option("--metrics-port <port>", "Prometheus /metrics port", port, 9090)
    .option("--enable-metrics [bool]", "serve /metrics", bool, true)
    .option("--resources-path <dir>", "a folder of YAML resources (repeatable)", collect, [] as string[])
    .option("--config <file|name>", "a Configuration resource: its file (standalone) or its name in the namespace (kubernetes mode)")
    .addOption(new Option("--mode <mode>", "where resources come from").choices(["standalone", "kubernetes"]).default("standalone"))
    .addOption(new Option("--log-level <level>", "log level").choices(["error", "warn", "info", "debug"]).default("info"))
    .option("--log-as-json [bool]", "JSON log lines", bool, false)
    .addOption(new Option("--max-body-size <size>", "request body limit (413 beyond it)").argParser(bytes).default(4 * 1024 * 1024, "4Mi"))
    .addOption(new Option("--graceful-shutdown-seconds <seconds>", "drain in-flight work on SIGTERM").argParser(seconds).default(5000, "5"))
    .option("--api-token-file <file>", "the API token from a file, re-read when it changes (instead of RUNTIME_API_TOKEN)")
    .option("--app-token-file <file>", "the app token from a file, re-read when it changes (instead of APP_API_TOKEN)");
}

/**
 * Runs commander on argv after Dapr's spellings became runtimed's (dapr-flags.ts); a commander error
 * becomes a UsageError, an unknown flag with the closest known one.
 */
export function parseWithDaprVocabulary(program: Command, argv: readonly string[]): { args: string[]; warnings: string[] } {
  const own = ownFlags(program.options);
  const { args, warnings } = translateDaprFlags(argv, own);
  try {
    program.parse(args, { from: "user" });
  } catch (error) {
    if (isHelpOrVersion(error)) throw error;
    if (error instanceof CommanderError && error.code === "commander.unknownOption") {
      const flag = /'([^']+)'/.exec(error.message)?.[1] ?? "";
      const near = closestFlag(flag, own);
      throw new UsageError(`unknown flag ${flag}${near ? ` (did you mean ${near}?)` : ""}`);
    }
    throw new UsageError((error as Error).message.replace(/^error: /, ""));
  }
  return { args, warnings };
}

/** The sidecar's program: its flags, quiet on errors (the caller prints one line), help on stdout. */
function sidecarProgram(): Command {
  return addSidecarFlags(
    new Command("runtimed")
      .description("A Kubernetes-native sidecar runtime: pub/sub, configuration, secrets and bindings over HTTP and gRPC, wire compatible with Dapr")
      .addHelpText("after", "\nSubcommands:\n  runtimed run [flags] -- <command...>   the sidecar and your app together (runtimed run --help)\n  runtimed run -f <dapr.yaml|folder>     Dapr's multi-app run template\n  runtimed list [-o json|yaml]           apps started by runtimed run on this machine\n  runtimed stop --app-id <id> | -f <dapr.yaml>\n  runtimed validate <paths...>           check manifests offline (runtimed validate --help)\n  runtimed version | --version\n  runtimed completion bash|zsh\n\nDapr's flag names (-a, -p, -H, -G, -d, --dapr-http-port, --components-path, ...) are accepted: docs/cli.md.\n")
      .exitOverride()
      .showSuggestionAfterError(false)
      .configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) })
      .allowExcessArguments(false),
    { appIdRequired: true },
  ).option("--dapr-block-shutdown-duration <duration>", "after SIGTERM, keep the API serving this long (or until the app reports unhealthy) before shutting down; subscriptions stop at once", duration);
}

/** The one reader of argv and the environment (docs/cli.md). */
export function parseOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): RuntimeOptions {
  return parseCommandLine(argv, env).options;
}

/** parseOptions, with one warning per Dapr flag given that runtimed ignores. */
export function parseCommandLine(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): { options: RuntimeOptions; warnings: string[] } {
  const program = sidecarProgram();
  const { warnings } = parseWithDaprVocabulary(program, argv);
  const o = program.opts<{
    appId: string; appPort?: number; appChannelAddress: string; appProtocol: "http" | "grpc"; enableAppHealthCheck: boolean;
    appHealthCheckPath: string; appHealthProbeInterval: number; appHealthProbeTimeout: number; appHealthThreshold: number; grpcPort: number; appMaxConcurrency: number; httpPort: number; listenAddress?: string;
    metricsPort: number; enableMetrics: boolean; resourcesPath: string[]; config?: string; mode: "standalone" | "kubernetes";
    logLevel: LogLevel; logAsJson: boolean; maxBodySize: number; gracefulShutdownSeconds: number; apiTokenFile?: string; appTokenFile?: string; daprBlockShutdownDuration?: number;
  }>();
  if (o.mode === "kubernetes" && !env.NAMESPACE) throw new UsageError("--mode kubernetes needs the NAMESPACE environment variable");
  const options: RuntimeOptions = {
    appId: o.appId,
    appPort: o.appPort,
    appChannelAddress: o.appChannelAddress,
    appProtocol: o.appProtocol,
    appHealth: {
      enabled: o.enableAppHealthCheck,
      path: o.appHealthCheckPath,
      probeIntervalMs: o.appHealthProbeInterval,
      probeTimeoutMs: o.appHealthProbeTimeout,
      threshold: o.appHealthThreshold,
    },
    appMaxConcurrency: o.appMaxConcurrency,
    httpPort: o.httpPort,
    grpcPort: o.grpcPort,
    listenAddress: o.listenAddress ?? (o.mode === "kubernetes" ? "0.0.0.0" : "127.0.0.1"),
    metricsPort: o.metricsPort,
    enableMetrics: o.enableMetrics,
    resourcesPaths: o.resourcesPath,
    configPath: o.config,
    mode: o.mode,
    namespace: env.NAMESPACE,
    logLevel: o.logLevel,
    logAsJson: o.logAsJson,
    maxBodyBytes: o.maxBodySize,
    gracefulShutdownMs: o.gracefulShutdownSeconds,
    blockShutdownMs: o.daprBlockShutdownDuration,
    apiToken: env.RUNTIME_API_TOKEN || env.DAPR_API_TOKEN || undefined,
    appToken: env.APP_API_TOKEN || undefined,
    apiTokenFile: o.apiTokenFile,
    appTokenFile: o.appTokenFile,
    env,
  };
  return { options, warnings };
}

/** A --resources-path that is not a folder stops the start with its name (a typo would otherwise load nothing). */
export async function missingResourceFolder(folders: readonly string[]): Promise<string | undefined> {
  for (const folder of folders) {
    const info = await stat(folder).catch(() => undefined);
    if (!info) return `--resources-path ${folder} does not exist`;
    if (!info.isDirectory()) return `--resources-path ${folder} is not a folder`;
  }
  return undefined;
}
