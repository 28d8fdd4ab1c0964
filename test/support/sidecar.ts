import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitFor } from "./ports.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The sidecar as shipped: tsc's output bundled by `make build` (scripts/bundle.mjs). */
export const RUNTIMED = path.join(ROOT, "dist/runtimed/main.js");

export interface SidecarProcess {
  child: ChildProcess;
  httpPort: number;
  metricsPort: number;
  /** Dapr's gRPC API (`127.0.0.1:<grpcPort>`). */
  grpcPort: number;
  url: string;
  /** Everything the process printed, for assertions on log lines. */
  output(): string;
  /** SIGTERM (or the given signal) and wait for exit; returns the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface SidecarOptions {
  appId?: string;
  args?: string[];
  env?: Record<string, string>;
  /** Wait for /v1.0/healthz/outbound (default) or nothing. */
  waitReady?: boolean;
  httpPort?: number;
}

/** Starts the built runtimed (`make build` first) on free ports; tests stop it by pid in afterAll. */
export async function startSidecar(options: SidecarOptions = {}): Promise<SidecarProcess> {
  const httpPort = options.httpPort ?? (await freePort());
  const metricsPort = await freePort();
  // Always a free gRPC port: parallel sidecars would otherwise all take the default 50001.
  const grpcPort = await freePort();
  const args = [RUNTIMED, "--app-id", options.appId ?? "test-app", "--http-port", String(httpPort), "--metrics-port", String(metricsPort), "--grpc-port", String(grpcPort), ...(options.args ?? [])];
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? "", ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${httpPort}`;
  const sidecar: SidecarProcess = {
    child,
    httpPort,
    metricsPort,
    grpcPort,
    url,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitReady !== false) {
    try {
      await waitFor(async () => child.exitCode === null && (await fetch(`${url}/v1.0/healthz/outbound`)).status === 204, { timeoutMs: 15_000, what: "sidecar outbound health" });
    } catch (error) {
      await sidecar.stop("SIGKILL");
      throw new Error(`${(error as Error).message}\n--- sidecar output ---\n${output}`);
    }
  }
  return sidecar;
}
