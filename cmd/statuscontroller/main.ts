#!/usr/bin/env node
import { KubeConfig } from "@kubernetes/client-node";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { MetricsServer } from "../../pkg/diagnostics/server.js";
import { StatusController } from "../../pkg/statuscontroller/controller.js";
import { parseStatusControllerOptions } from "./options.js";
import { isHelpOrVersion } from "../flags.js";

/**
 * Thin entry of runtime-status-controller: its own process (and Deployment in the chart) rather than
 * part of the injector, so the injector keeps running without any API access or token while this
 * one gets exactly the reads and status writes it makes.
 */
async function main(): Promise<number> {
  let options;
  try {
    options = parseStatusControllerOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (isHelpOrVersion(error)) return 0;
    process.stderr.write(`runtime-status-controller: ${(error as Error).message}\nrun 'runtime-status-controller --help' for the flags\n`);
    return 2;
  }
  const logger = createLogger({ appId: "runtime-status-controller", level: options.logLevel, json: options.logAsJson });
  const metrics = new Metrics();
  const kubeConfig = new KubeConfig();
  // KUBECONFIG, when set, points elsewhere (tests, running outside a cluster); in a pod, the service account.
  if (process.env.KUBECONFIG) kubeConfig.loadFromFile(process.env.KUBECONFIG);
  else kubeConfig.loadFromCluster();
  const controller = new StatusController({
    kubeConfig,
    namespaces: options.namespaces,
    registries: builtinRegistries(),
    logger,
    metrics,
    leaderElection: { namespace: options.leaseNamespace, leaseName: options.leaseName, identity: options.identity, leaseDurationMs: options.leaseDurationMs, retryPeriodMs: options.retryPeriodMs },
  });
  const metricsServer = options.enableMetrics ? new MetricsServer(metrics, { port: options.metricsPort, address: options.listenAddress }) : undefined;
  const stop = new AbortController();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop.abort());
  try {
    await metricsServer?.start();
    await controller.start();
  } catch (error) {
    logger.error(`startup failed: ${(error as Error).message}`);
    await Promise.all([controller.close(), metricsServer?.close()]);
    return 1;
  }
  await new Promise<void>((resolve) => (stop.signal.aborted ? resolve() : stop.signal.addEventListener("abort", () => resolve(), { once: true })));
  await Promise.all([controller.close(), metricsServer?.close()]);
  logger.info("stopped");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`runtime-status-controller: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
