import { execFile } from "node:child_process";
import net from "node:net";
import { promisify } from "node:util";
import { BROKERS } from "../support/brokers.js";
import { freePort } from "../support/ports.js";

const run = promisify(execFile);

/** A `dapr.io/v1alpha1` manifest, as a Dapr user has it; values may be YAML scalars of any type. */
export function rabbitComponent(name: string, metadata: Record<string, string | number | boolean>, ignoreErrors = false): string {
  const items = Object.entries(metadata)
    .map(([key, value]) => `  - name: ${key}\n    value: ${typeof value === "string" ? JSON.stringify(value) : String(value)}`)
    .join("\n");
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: ${name}
spec:
  type: pubsub.rabbitmq
  version: v1
${ignoreErrors ? "  ignoreErrors: true\n" : ""}  metadata:
${items}
`;
}

export function rabbitUrl(port: number = BROKERS.rabbitmq.port): string {
  return `amqp://guest:guest@${BROKERS.rabbitmq.host}:${port}`;
}

/**
 * A TCP proxy in the test process between the component and RabbitMQ: `cut()` drops every open
 * connection mid-stream (the broker sees a vanished client, the component a reset), `refuse()`
 * also stops accepting until `accept()`, for an outage of chosen length.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server?: net.Server;

  private constructor(readonly port: number) {}

  static async start(): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort());
    await proxy.accept();
    return proxy;
  }

  accept(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(BROKERS.rabbitmq.port, BROKERS.rabbitmq.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("error", () => undefined);
        socket.on("close", () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  /** Resets every connection through the proxy. */
  cut(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
  }

  /** Cuts and stops listening: the component cannot reconnect until accept(). */
  async refuse(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.cut();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async close(): Promise<void> {
    await this.refuse();
  }
}

/** Closes the broker-side connections whose client named itself `connectionName` (ours only, never another's). */
export async function closeNamedConnections(connectionName: string): Promise<number> {
  const { stdout } = await run("rabbitmqctl", ["-q", "list_connections", "--no-table-headers", "pid", "client_properties"]);
  const pids = stdout
    .split("\n")
    .filter((line) => line.includes(`{"connection_name",${JSON.stringify(connectionName)}}`))
    .map((line) => line.split("\t")[0]!.trim());
  for (const pid of pids) await run("rabbitmqctl", ["-q", "close_connection", pid, "test: broker closes the connection"]);
  return pids.length;
}
