import { spawn, type ChildProcess } from "node:child_process";
import { tcpReachable } from "../../pkg/util/net.js";
import { waitFor } from "./ports.js";

export { tcpReachable };

/** True inside CI, where a missing broker is a failure, never a skip (the brief's rule). */
export const IN_CI = /^(1|true)$/i.test(process.env.CI ?? "");


export const BROKERS = {
  redis: { host: "127.0.0.1", port: 6379 },
  postgres: { host: "127.0.0.1", port: 5432 },
  rabbitmq: { host: "127.0.0.1", port: 5672 },
  mqtt: { host: "127.0.0.1", port: 1883 },
  nats: { host: "127.0.0.1", port: 4222 },
} as const;

/**
 * Whether a suite that needs `broker` can run. In CI a missing broker throws (the suite fails);
 * elsewhere it prints why and the suite is skipped with `describe.skip`-style gating:
 *   const redisUp = await brokerAvailable("redis");
 *   (redisUp ? describe : describe.skip)("...", ...)
 */
export async function brokerAvailable(broker: keyof typeof BROKERS): Promise<boolean> {
  const { host, port } = BROKERS[broker];
  if (await tcpReachable(host, port)) return true;
  const message = `${broker} is not reachable on ${host}:${port}`;
  if (IN_CI) throw new Error(`${message}: CI needs it (tests never skip in CI)`);
  process.stderr.write(`SKIPPING tests that need ${broker}: ${message}. Start it to run them.\n`);
  return false;
}

/**
 * Starts a broker binary for a test's private instance (the shared brokers are never restarted) and
 * resolves once its port accepts connections. A binary that is not on PATH (Debian puts mosquitto,
 * nats-server and rabbitmqctl in /usr/sbin) or that exits while starting fails at once with that
 * reason, rather than as a timeout on the port.
 */
export async function spawnListening(command: string, args: string[], port: number, timeoutMs = 5000): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const child = spawn(command, args, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (error) => reject(new Error(`${command} could not start (${error.message}); PATH is ${process.env.PATH ?? ""}`)));
    child.once("exit", (code, signal) => reject(new Error(`${command} ${args.join(" ")} exited while starting (${signal ?? `code ${code}`})`)));
  });
  const listening = waitFor(() => tcpReachable("127.0.0.1", port, 200), { timeoutMs, what: `${command} on ${port}` });
  // Only the first to settle counts: the exit a test causes later, or a late timeout, is not a failure.
  for (const settled of [failed, listening]) settled.catch(() => undefined);
  try {
    await Promise.race([listening, failed]);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { child, exited };
}
