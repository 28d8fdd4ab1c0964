import type { KubeConfig } from "@kubernetes/client-node";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { CommanderError } from "commander";
import { exportHeapSizing, heapGrowingFlags } from "../../pkg/diagnostics/heap.js";
import { createLogger, scoped, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { releaseStartupMemory } from "../../pkg/diagnostics/memory.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { Tracing } from "../../pkg/diagnostics/tracing.js";
import { Sidecar } from "../../pkg/sidecar/sidecar.js";
import { followParent, planHeap, reexecWithHeap } from "./heap.js";
import { missingResourceFolder, parseCommandLine, UsageError } from "./options.js";
import { isHelpOrVersion } from "../flags.js";

/** In a pod: the service account (loadFromCluster); KUBECONFIG, when set, points elsewhere (tests, running outside a cluster). */
async function kubeConfigFrom(env: NodeJS.ProcessEnv): Promise<KubeConfig> {
  // Imported only in kubernetes mode: the client costs about a second of start-up.
  const { KubeConfig } = await import("@kubernetes/client-node");
  const kc = new KubeConfig();
  if (env.KUBECONFIG) kc.loadFromFile(env.KUBECONFIG);
  else kc.loadFromCluster();
  return kc;
}

/** Thin entry (as @kubernetes/client-node documents it): parse once, wire, run, handle signals. Only this file exits. */
async function main(): Promise<number> {
  // A reader that went away (`runtimed list | head -1`, a killed `runtimed run` that read the sidecar's log)
  // must not end the process with an EPIPE: a sidecar still drains, a supervisor still supervises.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
  const [subcommand, ...rest] = process.argv.slice(2);
  const command = SUBCOMMANDS[subcommand ?? ""];
  if (command) return command(rest, process.env);
  let options;
  try {
    const parsed = parseCommandLine(process.argv.slice(2), process.env);
    for (const warning of parsed.warnings) process.stderr.write(`runtimed: ${warning}\n`);
    options = parsed.options;
  } catch (error) {
    if (isHelpOrVersion(error)) return 0;
    const message = error instanceof UsageError || error instanceof CommanderError ? error.message : String(error);
    process.stderr.write(`runtimed: ${message}\nrun 'runtimed --help' for the flags\n`);
    return 2;
  }
  const missing = await missingResourceFolder(options.resourcesPaths);
  if (missing) {
    process.stderr.write(`runtimed: ${missing}\n`);
    return 1;
  }
  // V8 fixes its heap limits at start: a heap larger than the container's memory allows means a re-exec.
  const heap = planHeap(process.env);
  if (heap.decision.action === "resize") return reexecWithHeap(heap.decision.flags);
  followParent(heap);
  // Read at every full collection, so it holds from here on (no re-exec needed).
  for (const flag of heapGrowingFlags(process.execArgv)) setFlagsFromString(flag);
  const redactor = new SecretRedactor();
  const tracing = new Tracing(options.appId);
  const root = createLogger({ appId: options.appId, level: options.logLevel, json: options.logAsJson, traceIds: () => tracing.currentIds() }, redactor);
  const logger = scoped(root, "runtimed");
  const stop = new AbortController();
  let kubeConfig: KubeConfig | undefined;
  if (options.mode === "kubernetes") {
    try {
      kubeConfig = await kubeConfigFrom(process.env);
    } catch (error) {
      logger.error(`startup failed: no API server connection for kubernetes mode: ${(error as Error).message}`);
      return 1;
    }
  }
  const metrics = new Metrics({ appId: options.appId });
  const heapLimit = getHeapStatistics().heap_size_limit;
  exportHeapSizing(metrics, heap.limit, heapLimit);
  logger.info(`memory limit ${heap.limit ? `${megabytes(heap.limit.bytes)} (${heap.limit.source})` : "none"}; heap limit ${megabytes(heapLimit)}: ${heap.decision.reason}`);
  const runtime = new Sidecar(options, { logger: root, metrics, redactor, kubeConfig, podName: process.env.POD_NAME, tracing, onShutdownRequest: () => stop.abort() });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop.abort());
  // daprd 1.18 reloads on SIGHUP (it restarts its runtime in-process); Node's default would end the process.
  if (options.mode === "standalone") {
    process.on("SIGHUP", () => void runtime.reload().catch((error: Error) => logger.error(`SIGHUP reload failed: ${error.message}`)));
  }
  watchSupervisor(process.env.RUNTIMED_SUPERVISOR_PID, stop, (message) => logger.warn(message));
  try {
    await runtime.start(stop.signal);
  } catch (error) {
    logger.error(`startup failed: ${(error as Error).message}`);
    await runtime.close().catch(() => undefined);
    return 1;
  }
  logger.info(`runtimed ready (app id ${options.appId})`);
  // A sidecar sits in every pod: once start-up is over (every readiness gate open), its heap goes back to the OS.
  void runtime.readiness.firstOpen.then(() => {
    if (stop.signal.aborted) return;
    const m = releaseStartupMemory();
    logger.debug(`start-up over: heap ${megabytes(m.heapBefore)} -> ${megabytes(m.heapAfter)}, resident ${megabytes(m.rssBefore)} -> ${megabytes(m.rssAfter)} (a ${m.pauseMs.toFixed(0)} ms pause)`);
  });
  await new Promise<void>((resolve) => (stop.signal.aborted ? resolve() : stop.signal.addEventListener("abort", () => resolve(), { once: true })));
  if (options.blockShutdownMs !== undefined && options.blockShutdownMs > 0) await runtime.blockShutdown(options.blockShutdownMs);
  logger.info("shutting down: draining in-flight work");
  const hardStop = setTimeout(() => {
    logger.error(`graceful shutdown exceeded ${options.gracefulShutdownMs}ms; exiting`);
    process.exit(1);
  }, options.gracefulShutdownMs + 2000);
  hardStop.unref();
  await runtime.close();
  logger.info("stopped");
  return 0;
}

type Subcommand = (argv: readonly string[], env: NodeJS.ProcessEnv) => Promise<number>;

const SUBCOMMANDS: Record<string, Subcommand> = {
  run: async (argv, env) => (await import("./run.js")).runMain(argv, env),
  validate: async (argv, env) => (await import("./validate.js")).validateMain(argv, env),
  list: async (argv, env) => (await import("./manage.js")).listMain(argv, env),
  stop: async (argv, env) => (await import("./manage.js")).stopMain(argv, env),
  version: async (argv) => (await import("./manage.js")).versionMain(argv),
  "--version": async (argv) => (await import("./manage.js")).versionMain(argv),
  completion: async (argv) => (await import("./completion.js")).completionMain(argv),
};

/**
 * Started by `runtimed run` (which names itself in RUNTIMED_SUPERVISOR_PID): when that process is gone,
 * even SIGKILLed, this sidecar is re-parented; it then drains and exits as on SIGTERM rather than
 * holding its ports with nobody to stop it.
 */
function watchSupervisor(supervisorPid: string | undefined, stop: AbortController, warn: (message: string) => void): void {
  const pid = Number(supervisorPid);
  if (!supervisorPid || !Number.isInteger(pid) || pid <= 0) return;
  const timer = setInterval(() => {
    if (process.ppid === pid || stop.signal.aborted) return;
    clearInterval(timer);
    warn(`runtimed run (pid ${pid}) is gone; stopping`);
    stop.abort();
  }, 250);
  timer.unref();
  stop.signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// Exit explicitly: a component's lingering socket must not keep a stopped sidecar alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`runtimed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
