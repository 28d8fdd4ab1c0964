import { mkdirSync } from "node:fs";
import path from "node:path";
import { consoleSink, fileSink, teeSink, type Console, type LineSink } from "./output.js";
import { freePort } from "./ports.js";
import type { AppPlan } from "./supervisor.js";
import type { LogDestination, TemplateApp } from "./template.js";

type Env = Record<string, string | undefined>;

/** What a plan needs from the sidecar's parsed options (cmd/runtimed parses them with the sidecar's own parser). */
export interface SidecarSettings {
  appId: string;
  appPort?: number;
  appChannelAddress: string;
  appProtocol: "http" | "grpc";
  httpPort: number;
  grpcPort: number;
  metricsPort: number;
  enableMetrics: boolean;
  listenAddress: string;
  gracefulShutdownMs: number;
}

export interface PlanInput {
  settings: SidecarSettings;
  sidecarArgs: readonly string[];
  cwd: string;
  command?: readonly string[];
  /** The caller's environment (cmd/ reads it), passed on to both processes. */
  env: Env;
  /** A template's `env`: both the app and its sidecar get it, as with Dapr. */
  extraEnv?: Record<string, string>;
  appSink: LineSink;
  runtimeSink: LineSink;
  runTemplatePath?: string;
}

/**
 * The environment Dapr's CLI gives an app (APP_ID, APP_PORT, APP_PROTOCOL, DAPR_HTTP_PORT,
 * DAPR_GRPC_PORT, DAPR_METRICS_PORT, the tokens), with RUNTIME_HTTP_PORT and RUNTIME_GRPC_PORT beside
 * Dapr's names. Dapr's SDKs read DAPR_GRPC_PORT to find the sidecar's gRPC API.
 */
export function appEnvironment(settings: SidecarSettings, env: Env): Env {
  const out: Env = {
    ...env,
    APP_ID: settings.appId,
    APP_PROTOCOL: settings.appProtocol,
    DAPR_HTTP_PORT: String(settings.httpPort),
    RUNTIME_HTTP_PORT: String(settings.httpPort),
    DAPR_GRPC_PORT: String(settings.grpcPort),
    RUNTIME_GRPC_PORT: String(settings.grpcPort),
  };
  if (settings.appPort !== undefined) out.APP_PORT = String(settings.appPort);
  else delete out.APP_PORT;
  if (settings.appChannelAddress !== "127.0.0.1") out.APP_CHANNEL_ADDRESS = settings.appChannelAddress;
  if (settings.enableMetrics) out.DAPR_METRICS_PORT = String(settings.metricsPort);
  // The sidecar accepts either name; Dapr SDKs send DAPR_API_TOKEN.
  const apiToken = env.RUNTIME_API_TOKEN || env.DAPR_API_TOKEN;
  if (apiToken) {
    out.DAPR_API_TOKEN = apiToken;
    out.RUNTIME_API_TOKEN = apiToken;
  }
  return out;
}

export function buildPlan(input: PlanInput): AppPlan {
  const { settings } = input;
  const env = { ...input.env, ...input.extraEnv };
  const bound = settings.listenAddress;
  const reach = bound === "0.0.0.0" || bound === "::" ? "127.0.0.1" : bound;
  const ports = [
    { port: settings.httpPort, host: bound, what: `--http-port of app "${settings.appId}"` },
    { port: settings.grpcPort, host: bound, what: `--grpc-port of app "${settings.appId}"` },
  ];
  if (settings.enableMetrics) ports.push({ port: settings.metricsPort, host: bound, what: `--metrics-port of app "${settings.appId}"` });
  // A port the app should listen on but something else holds means the sidecar would talk to the wrong process.
  if (settings.appPort !== undefined && input.command) ports.push({ port: settings.appPort, host: settings.appChannelAddress, what: `--app-port of app "${settings.appId}"; is the app already running?` });
  return {
    appId: settings.appId,
    cwd: input.cwd,
    command: input.command,
    sidecarArgs: input.sidecarArgs,
    portChecks: ports,
    ports: { http: settings.httpPort, grpc: settings.grpcPort, metrics: settings.enableMetrics ? settings.metricsPort : undefined, app: settings.appPort },
    runTemplatePath: input.runTemplatePath,
    sidecarUrl: `http://${reach.includes(":") ? `[${reach}]` : reach}:${settings.httpPort}`,
    appEnv: appEnvironment(settings, env),
    sidecarEnv: env,
    appSink: input.appSink,
    runtimeSink: input.runtimeSink,
    graceMs: settings.gracefulShutdownMs,
  };
}

/** `runtimed run -- cmd`: free HTTP, gRPC and metrics ports unless the flags named them, and the app id when none was given. */
export async function singleAppArgs(userArgs: readonly string[], given: { appId?: string; httpPort: boolean; grpcPort: boolean; metricsPort: boolean }, cwd: string): Promise<string[]> {
  const args = [...userArgs];
  if (!given.appId) args.push("--app-id", appIdFromFolder(cwd));
  if (!given.httpPort) args.push("--http-port", String(await freePort()));
  if (!given.grpcPort) args.push("--grpc-port", String(await freePort()));
  if (!given.metricsPort) args.push("--metrics-port", String(await freePort()));
  return args;
}

/** The sidecar flags for one app of a run template. */
export async function templateArgs(app: TemplateApp): Promise<string[]> {
  const args = ["--app-id", app.appId, "--http-port", String(app.daprHTTPPort ?? (await freePort())), "--grpc-port", String(app.daprGRPCPort ?? (await freePort())), "--metrics-port", String(app.metricsPort ?? (await freePort()))];
  if (app.appPort !== undefined) args.push("--app-port", String(app.appPort));
  if (app.appProtocol) args.push("--app-protocol", app.appProtocol);
  if (app.appHealth.enabled) args.push("--enable-app-health-check", "true");
  if (app.appHealth.path) args.push("--app-health-check-path", app.appHealth.path);
  if (app.appHealth.probeIntervalSeconds !== undefined) args.push("--app-health-probe-interval", String(app.appHealth.probeIntervalSeconds));
  if (app.appHealth.probeTimeoutMs !== undefined) args.push("--app-health-probe-timeout", String(app.appHealth.probeTimeoutMs));
  if (app.appHealth.threshold !== undefined) args.push("--app-health-threshold", String(app.appHealth.threshold));
  if (app.appChannelAddress) args.push("--app-channel-address", app.appChannelAddress);
  for (const folder of app.resourcesPaths) args.push("--resources-path", folder);
  if (app.configFilePath) args.push("--config", app.configFilePath);
  // Dapr's levels include fatal and debug's neighbours; the nearest of ours.
  if (app.logLevel) args.push("--log-level", app.logLevel === "fatal" ? "error" : app.logLevel);
  if (app.appMaxConcurrency !== undefined) args.push("--app-max-concurrency", String(app.appMaxConcurrency));
  if (app.maxBodySize) args.push("--max-body-size", app.maxBodySize);
  // Dapr takes a comma-separated list; runtimed listens on one address.
  if (app.apiListenAddresses) args.push("--listen-address", app.apiListenAddresses.split(",")[0]!.trim());
  return args;
}

export function singleAppSinks(console: Console): { appSink: LineSink; runtimeSink: LineSink } {
  return { appSink: consoleSink("== APP ==", console), runtimeSink: consoleSink("== RUNTIME ==", console) };
}

/**
 * Dapr's log destinations for a template app: the console with a per-app prefix, and/or a file under
 * `<appDirPath>/.dapr/logs/<appID>_<app|runtimed>_<timestamp>.log`.
 */
export function templateSinks(app: TemplateApp, console: Console, now: Date): { appSink: LineSink; runtimeSink: LineSink; logFiles: string[] } {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const logFiles: string[] = [];
  const sink = (destination: LogDestination, prefix: string, name: string): LineSink => {
    const sinks: LineSink[] = [];
    if (destination !== "file") sinks.push(consoleSink(prefix, console));
    if (destination !== "console") {
      const folder = path.join(app.appDirPath, ".dapr", "logs");
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `${app.appId}_${name}_${stamp}.log`);
      logFiles.push(file);
      sinks.push(fileSink(file));
    }
    return teeSink(sinks);
  };
  return {
    appSink: sink(app.appLogDestination, `== APP - ${app.appId} ==`, "app"),
    runtimeSink: sink(app.daprdLogDestination, `== RUNTIME - ${app.appId} ==`, "runtimed"),
    logFiles,
  };
}

/** Dapr generates a name; the folder's name is more useful and stable across runs. */
function appIdFromFolder(cwd: string): string {
  return path.basename(cwd).toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "app";
}
