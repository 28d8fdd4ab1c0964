import net from "node:net";

/** A port the OS just handed out on `host`; a sidecar started right after binds it (as Dapr's CLI picks free ports). */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when `port` can be bound on `host`; rejects with a one-line message naming `what` when it is taken. */
export function assertPortFree(port: number, host: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(new Error(error.code === "EADDRINUSE" ? `port ${port} (${what}) is already in use on ${host}` : `port ${port} (${what}): ${error.message}`));
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
