#!/usr/bin/env node
import type { KubeConfig } from "@kubernetes/client-node";
import { CommanderError } from "commander";
import { createLogger, scoped, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { releaseStartupMemory } from "../../pkg/diagnostics/memory.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { Tracing } from "../../pkg/diagnostics/tracing.js";
import { Sidecar } from "../../pkg/sidecar/sidecar.js";
import { parseOptions } from "./options.js";

/** In a pod: the service account (loadFromCluster); KUBECONFIG, when set, points elsewhere (tests, running outside a cluster). */
async function kubeConfigFrom(env: NodeJS.ProcessEnv): Promise<KubeConfig> {
  // Imported only in kubernetes mode: the client costs about a second of start-up.
  const { KubeConfig } = await import("@kubernetes/client-node");
  const kc = new KubeConfig();
  if (env.KUBECONFIG) kc.loadFromFile(env.KUBECONFIG);
  else kc.loadFromCluster();
  return kc;
}

/** Thin entry, as daprd's: parse once, wire, run, handle signals. Only this file exits. */
async function main(): Promise<number> {
  const [subcommand, ...rest] = process.argv.slice(2);
  if (subcommand === "run") return (await import("./run.js")).runMain(rest, process.env);
  if (subcommand === "validate") return (await import("./validate.js")).validateMain(rest, process.env);
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof CommanderError && (error.code === "commander.helpDisplayed" || error.code === "commander.version")) return 0;
    process.stderr.write(`runtimed: ${(error as Error).message}\nrun 'runtimed --help' for the flags\n`);
    return 2;
  }
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
  const runtime = new Sidecar(options, { logger: root, metrics: new Metrics(), redactor, kubeConfig, tracing, onShutdownRequest: () => stop.abort() });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop.abort());
  // daprd 1.18 reloads on SIGHUP (it restarts its runtime in-process); Node's default would end the process.
  if (options.mode === "standalone") {
    process.on("SIGHUP", () => void runtime.reload().catch((error: Error) => logger.error(`SIGHUP reload failed: ${error.message}`)));
  }
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
