import { InvalidArgumentError, Option } from "commander";
import type { LogLevel } from "../../pkg/diagnostics/logger.js";
import { addLogFlags, bool, bytes, commaList, parseOrUsage, port, quietProgram, seconds } from "../flags.js";
import { parseQuantity, type SidecarResources } from "../../pkg/injector/annotations.js";
import { DEFAULT_SKIP_NAMESPACES } from "../../pkg/injector/patcher.js";
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_TLS_RELOAD_INTERVAL_MS } from "../../pkg/injector/server.js";

export interface InjectorOptions {
  port: number;
  listenAddress: string;
  tlsCertFile: string;
  tlsKeyFile: string;
  tlsReloadIntervalMs: number;
  sidecarImage: string;
  imagePullPolicy: "Always" | "IfNotPresent" | "Never";
  metricsPort: number;
  enableMetrics: boolean;
  logLevel: LogLevel;
  logAsJson: boolean;
  maxBodyBytes: number;
  skipNamespaces: string[];
  sidecarResources: SidecarResources;
  nativeSidecar: boolean;
}

function quantity(value: string): string {
  if (parseQuantity(value) === undefined) throw new InvalidArgumentError("must be a Kubernetes quantity such as 100m, 0.5, 64Mi or 1Gi");
  return value;
}

/**
 * The one reader of argv and the environment for runtime-injector (docs/cli.md "The injector"). `RELEASE_NAMESPACE` (the chart sets it from the downward API) is added to the skipped namespaces.
 */
export function parseInjectorOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): InjectorOptions {
  const program = quietProgram("runtime-injector", "Mutating admission webhook that adds the runtimed sidecar to annotated pods")
    .option("--port <port>", "HTTPS port of POST /mutate and GET /healthz", port, 4000)
    .option("--listen-address <address>", "address the webhook and metrics listen on", "0.0.0.0")
    .requiredOption("--tls-cert-file <file>", "PEM certificate (chain) served to the API server")
    .requiredOption("--tls-key-file <file>", "PEM private key of the certificate")
    .option("--tls-reload-interval <duration>", "how often both files are re-read; a renewed pair is served without a restart", seconds, DEFAULT_TLS_RELOAD_INTERVAL_MS)
    .requiredOption("--sidecar-image <image>", "image of the runtimed container added to pods")
    .addOption(new Option("--sidecar-image-pull-policy <policy>", "imagePullPolicy of the sidecar").choices(["Always", "IfNotPresent", "Never"]).default("IfNotPresent"))
    .option("--metrics-port <port>", "Prometheus /metrics port", port, 9090)
    .option("--enable-metrics [bool]", "serve /metrics", bool, true)
    .option("--skip-namespaces <list>", "more namespaces never injected (comma-separated, repeatable)", commaList, [] as string[])
    .option("--max-body-size <size>", "AdmissionReview body limit (413 beyond it)", bytes, DEFAULT_MAX_BODY_BYTES)
    .option("--sidecar-cpu-request <quantity>", "default CPU request of the sidecar (runtime.io/sidecar-cpu-request overrides)", quantity)
    .option("--sidecar-cpu-limit <quantity>", "default CPU limit of the sidecar", quantity)
    .option("--sidecar-memory-request <quantity>", "default memory request of the sidecar", quantity)
    .option("--sidecar-memory-limit <quantity>", "default memory limit of the sidecar", quantity)
    .option("--enable-native-sidecar [bool]", "inject the sidecar as a native sidecar (an init container with restartPolicy Always) unless runtime.io/enable-native-sidecar says otherwise", bool, false);
  parseOrUsage(addLogFlags(program), argv);
  const o = program.opts<{
    port: number; listenAddress: string; tlsCertFile: string; tlsKeyFile: string; tlsReloadInterval: number; sidecarImage: string;
    sidecarImagePullPolicy: InjectorOptions["imagePullPolicy"]; metricsPort: number; enableMetrics: boolean;
    skipNamespaces: string[]; logLevel: LogLevel; logAsJson: boolean; maxBodySize: number;
    sidecarCpuRequest?: string; sidecarCpuLimit?: string; sidecarMemoryRequest?: string; sidecarMemoryLimit?: string; enableNativeSidecar: boolean;
  }>();
  const sidecarResources: SidecarResources = { requests: {}, limits: {} };
  if (o.sidecarCpuRequest) sidecarResources.requests.cpu = o.sidecarCpuRequest;
  if (o.sidecarMemoryRequest) sidecarResources.requests.memory = o.sidecarMemoryRequest;
  if (o.sidecarCpuLimit) sidecarResources.limits.cpu = o.sidecarCpuLimit;
  if (o.sidecarMemoryLimit) sidecarResources.limits.memory = o.sidecarMemoryLimit;
  const skip = new Set<string>([...DEFAULT_SKIP_NAMESPACES, ...o.skipNamespaces]);
  if (env.RELEASE_NAMESPACE) skip.add(env.RELEASE_NAMESPACE);
  return {
    port: o.port,
    listenAddress: o.listenAddress,
    tlsCertFile: o.tlsCertFile,
    tlsKeyFile: o.tlsKeyFile,
    tlsReloadIntervalMs: o.tlsReloadInterval,
    sidecarImage: o.sidecarImage,
    imagePullPolicy: o.sidecarImagePullPolicy,
    metricsPort: o.metricsPort,
    enableMetrics: o.enableMetrics,
    logLevel: o.logLevel,
    logAsJson: o.logAsJson,
    maxBodyBytes: o.maxBodySize,
    skipNamespaces: [...skip],
    sidecarResources,
    nativeSidecar: o.enableNativeSidecar,
  };
}
