import { tcpReachable } from "../../pkg/util/net.js";

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
