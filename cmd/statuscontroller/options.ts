import type { LogLevel } from "../../pkg/diagnostics/logger.js";
import { addLogFlags, bool, commaList, parseOrUsage, port, quietProgram, seconds, UsageError } from "../flags.js";

export { UsageError };

export interface StatusControllerOptions {
  namespaces: string[];
  leaseNamespace: string;
  leaseName: string;
  identity: string;
  leaseDurationMs: number;
  retryPeriodMs: number;
  metricsPort: number;
  enableMetrics: boolean;
  listenAddress: string;
  logLevel: LogLevel;
  logAsJson: boolean;
}

/**
 * The one reader of argv and the environment for runtime-status-controller. In a pod the chart sets
 * POD_NAME (the replica's identity in the Lease) and POD_NAMESPACE (where the Lease lives).
 */
export function parseStatusControllerOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): StatusControllerOptions {
  const program = quietProgram("runtime-status-controller", "Writes status (Valid, Loaded, Ready; observedGeneration) on runtime.io resources; one replica at a time, elected through a Lease")
    .requiredOption("--namespaces <list>", "namespaces whose resources get a status (comma-separated, repeatable)", commaList, [] as string[])
    .option("--lease-namespace <namespace>", "namespace of the leader election Lease (default: POD_NAMESPACE)")
    .option("--lease-name <name>", "name of the leader election Lease", "runtime-status-controller")
    .option("--identity <id>", "this replica's identity in the Lease (default: POD_NAME)")
    .option("--lease-duration <duration>", "how long a lease holds without renewal", seconds, 15_000)
    .option("--retry-period <duration>", "how often the leader renews and the others look", seconds, 2000)
    .option("--listen-address <address>", "address the metrics listen on", "0.0.0.0")
    .option("--metrics-port <port>", "Prometheus /metrics port", port, 9090)
    .option("--enable-metrics [bool]", "serve /metrics", bool, true);
  parseOrUsage(addLogFlags(program), argv);
  const o = program.opts<{
    namespaces: string[]; leaseNamespace?: string; leaseName: string; identity?: string; leaseDuration: number; retryPeriod: number;
    listenAddress: string; metricsPort: number; enableMetrics: boolean; logLevel: LogLevel; logAsJson: boolean;
  }>();
  const leaseNamespace = o.leaseNamespace ?? env.POD_NAMESPACE;
  const identity = o.identity ?? env.POD_NAME;
  if (!leaseNamespace) throw new UsageError("--lease-namespace (or POD_NAMESPACE) is required");
  if (!identity) throw new UsageError("--identity (or POD_NAME) is required");
  if (o.namespaces.length === 0) throw new UsageError("--namespaces needs at least one namespace");
  if (o.retryPeriod >= o.leaseDuration) throw new UsageError("--retry-period must be shorter than --lease-duration");
  return {
    namespaces: [...new Set(o.namespaces)],
    leaseNamespace,
    leaseName: o.leaseName,
    identity,
    leaseDurationMs: o.leaseDuration,
    retryPeriodMs: o.retryPeriod,
    metricsPort: o.metricsPort,
    enableMetrics: o.enableMetrics,
    listenAddress: o.listenAddress,
    logLevel: o.logLevel,
    logAsJson: o.logAsJson,
  };
}
