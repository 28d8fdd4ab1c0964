#!/usr/bin/env node
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { MetricsServer } from "../../pkg/diagnostics/server.js";
import { InjectorServer } from "../../pkg/injector/server.js";
import { InjectorWebhook } from "../../pkg/injector/webhook.js";
import { parseInjectorOptions } from "./options.js";
import { isHelpOrVersion } from "../flags.js";

/** Thin entry of runtime-injector: parse once, wire, serve until SIGTERM. Only this file exits. */
async function main(): Promise<number> {
  let options;
  try {
    options = parseInjectorOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (isHelpOrVersion(error)) return 0;
    process.stderr.write(`runtime-injector: ${(error as Error).message}\nrun 'runtime-injector --help' for the flags\n`);
    return 2;
  }
  const logger = createLogger({ appId: "runtime-injector", level: options.logLevel, json: options.logAsJson });
  const metrics = new Metrics();
  const webhook = new InjectorWebhook({
    logger,
    metrics,
    config: { sidecarImage: options.sidecarImage, imagePullPolicy: options.imagePullPolicy, skipNamespaces: options.skipNamespaces, sidecarResources: options.sidecarResources, nativeSidecar: options.nativeSidecar },
  });
  const server = new InjectorServer(
    { port: options.port, address: options.listenAddress, tlsCertFile: options.tlsCertFile, tlsKeyFile: options.tlsKeyFile, tlsReloadIntervalMs: options.tlsReloadIntervalMs, maxBodyBytes: options.maxBodyBytes },
    webhook,
    logger,
  );
  const metricsServer = options.enableMetrics ? new MetricsServer(metrics, { port: options.metricsPort, address: options.listenAddress }) : undefined;
  const stop = new AbortController();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop.abort());
  try {
    await server.start(stop.signal);
    await metricsServer?.start();
  } catch (error) {
    logger.error(`startup failed: ${(error as Error).message}`);
    await Promise.all([server.close(), metricsServer?.close()]);
    return 1;
  }
  logger.info(`runtime-injector serving https://${options.listenAddress}:${server.port}/mutate (sidecar image ${options.sidecarImage}; never injecting ${options.skipNamespaces.join(", ")})`);
  await new Promise<void>((resolve) => (stop.signal.aborted ? resolve() : stop.signal.addEventListener("abort", () => resolve(), { once: true })));
  await Promise.all([server.close(), metricsServer?.close()]);
  logger.info("stopped");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`runtime-injector: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
