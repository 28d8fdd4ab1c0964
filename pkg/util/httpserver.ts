import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ListenOptions {
  port: number;
  address: string;
}

/**
 * An HTTP listener with the long-running shape (`start(signal)` / `close()`): close stops accepting,
 * lets in-flight requests finish up to the grace period, then cuts what is left.
 */
export class HttpServer {
  private readonly server: http.Server;

  constructor(handler: http.RequestListener, private readonly listen: ListenOptions, private readonly graceMs: number, serverOptions: http.ServerOptions = {}) {
    this.server = http.createServer(serverOptions, handler);
    // Slow-header and slow-body clients must not hold sockets forever (DESIGN.md "Hardening").
    this.server.headersTimeout = 10_000;
    this.server.requestTimeout = 60_000;
    this.server.keepAliveTimeout = 65_000;
  }

  async start(signal?: AbortSignal): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.listen.port, this.listen.address, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    signal?.addEventListener("abort", () => void this.close(), { once: true });
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    const timer = setTimeout(() => this.server.closeAllConnections(), this.graceMs);
    await closed;
    clearTimeout(timer);
  }
}

/**
 * Runs `respond` once the request body has been read and dropped, for answers given without reading
 * it (refusals, handshakes). Answering first and closing the connection with unread bytes in it makes
 * the kernel reset it, and the client then sees ECONNRESET instead of the answer. Past `limit` bytes
 * the answer goes out anyway (the client is sending far more than anything here accepts).
 */
export function afterBodyDrained(req: http.IncomingMessage, limit: number, respond: () => void): void {
  if (req.complete || req.readableEnded) return respond();
  let size = 0;
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    req.off("data", count);
    respond();
  };
  const count = (chunk: Buffer): void => {
    size += chunk.length;
    if (size > limit) once();
  };
  req.on("data", count);
  req.once("end", once);
  req.once("error", once);
  req.resume();
}
