import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { createLogger, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import type { RuntimeOptions } from "../../pkg/runtime/options.js";
import { Sidecar, type SidecarDeps } from "../../pkg/sidecar/sidecar.js";
import { testRegistries } from "./components.js";
import { tempDir } from "./tempdirs.js";

/** A folder holding the given YAML files, for --resources-path. */
export async function resourcesFolder(files: Record<string, string>): Promise<string> {
  const dir = tempDir("runtimed-res-");
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

export function runtimeOptions(overrides: Partial<RuntimeOptions> = {}): RuntimeOptions {
  return {
    appId: "test-app",
    appChannelAddress: "127.0.0.1",
    httpPort: 0,
    grpcPort: 0,
    appProtocol: "http",
    appHealth: { enabled: false, path: "/healthz", probeIntervalMs: 5000, probeTimeoutMs: 500, threshold: 3 },
    listenAddress: "127.0.0.1",
    metricsPort: 0,
    enableMetrics: false,
    resourcesPaths: [],
    mode: "standalone",
    logLevel: "debug",
    logAsJson: true,
    maxBodyBytes: 4 * 1024 * 1024,
    gracefulShutdownMs: 1000,
    appMaxConcurrency: 10,
    env: {},
    ...overrides,
  };
}

export interface TestRuntime {
  runtime: Sidecar;
  /** The API's base URL; valid once the HTTP server listens (start() listens before loading components). */
  readonly url: string;
  logs(): string;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** An in-process Sidecar on a free port with the test components registered; not started yet. */
export function createRuntime(overrides: Partial<RuntimeOptions> = {}, deps: Partial<SidecarDeps> = {}): TestRuntime {
  let logs = "";
  const stream = new Writable({ write: (chunk, _enc, done) => ((logs += chunk.toString()), done()) });
  const redactor = new SecretRedactor();
  const options = runtimeOptions(overrides);
  const logger = createLogger({ appId: options.appId, level: "debug", json: true, stream }, redactor);
  const runtime = new Sidecar(options, { logger, metrics: new Metrics({ processMetrics: false }), redactor, registries: testRegistries(), ...deps });
  const stop = new AbortController();
  return {
    runtime,
    get url() {
      return `http://127.0.0.1:${runtime.httpPort}`;
    },
    logs: () => logs,
    start: () => runtime.start(stop.signal),
    close: async () => {
      stop.abort();
      await runtime.close();
    },
  };
}

/** createRuntime, then start (awaited). */
export async function startRuntime(overrides: Partial<RuntimeOptions> = {}, deps: Partial<SidecarDeps> = {}): Promise<TestRuntime> {
  const rt = createRuntime(overrides, deps);
  try {
    await rt.start();
  } catch (error) {
    await rt.close();
    throw error;
  }
  return rt;
}
