import type { LogLevel } from "../diagnostics/logger.js";

/** Everything the runtime needs from the command line and environment, parsed once by cmd/runtimed. */
export interface RuntimeOptions {
  appId: string;
  appPort?: number;
  appChannelAddress: string;
  /** How the sidecar talks to the app: Dapr's HTTP callbacks or its `AppCallback` gRPC services. */
  appProtocol: AppProtocol;
  /** Dapr's app health checks (`--enable-app-health-check`): delivery pauses while the app is unhealthy. */
  appHealth: AppHealthOptions;
  httpPort: number;
  /** Dapr's gRPC API (`dapr.proto.runtime.v1.Dapr`), on the same listen address as HTTP (0: any free port). */
  grpcPort: number;
  /** Loopback unless told otherwise (ARCHITECTURE.md "Hardening"); kubernetes mode listens on all interfaces for the probes. */
  listenAddress: string;
  metricsPort: number;
  enableMetrics: boolean;
  resourcesPaths: string[];
  /** `--config`: a Configuration file in standalone mode, a Configuration resource name in kubernetes mode. */
  configPath?: string;
  mode: "standalone" | "kubernetes";
  namespace?: string;
  logLevel: LogLevel;
  logAsJson: boolean;
  maxBodyBytes: number;
  gracefulShutdownMs: number;
  /** daprd's --dapr-block-shutdown-duration: after SIGTERM the API keeps serving this long (or until the app reports unhealthy) before the shutdown starts. */
  blockShutdownMs?: number;
  /** Concurrent deliveries per subscription unless the subscription says otherwise. */
  appMaxConcurrency: number;
  apiToken?: string;
  appToken?: string;
  /** --api-token-file / --app-token-file: the token read from a file, re-read when it changes (over the env tokens). */
  apiTokenFile?: string;
  appTokenFile?: string;
  /** The process environment as cmd/ read it; components get it through their context. */
  env: Readonly<Record<string, string | undefined>>;
}

export type AppProtocol = "http" | "grpc";

export interface AppHealthOptions {
  enabled: boolean;
  /** HTTP apps: the path probed with GET (daprd's default `/healthz`); gRPC apps are probed with `AppCallbackHealthCheck`. */
  path: string;
  probeIntervalMs: number;
  probeTimeoutMs: number;
  /** Consecutive failed probes before the app counts as unhealthy. */
  threshold: number;
}

export const RUNTIME_VERSION = "0.1.0";

/** Environment variables holding the sidecar's own credentials: no secret store hands them out. */
export const PROTECTED_ENV = ["RUNTIME_API_TOKEN", "APP_API_TOKEN", "DAPR_API_TOKEN"] as const;
