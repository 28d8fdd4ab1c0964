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
    // Slow-header and slow-body clients must not hold sockets forever (ARCHITECTURE.md "Hardening").
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
 * Runs `answer` once the rest of a refused request's body has been read and dropped, up to `limitBytes`: an
 * answer sent while the caller still writes closes a `Connection: close` socket under it, and the caller sees a
 * broken pipe instead of the answer. Past the limit (or when the request ends early) the answer goes at once.
 */
export function answerAfterBody(req: http.IncomingMessage, limitBytes: number, answer: () => void): void {
  if (req.complete || req.readableEnded || req.destroyed) return answer();
  let size = 0;
  let answered = false;
  const once = (): void => {
    if (answered) return;
    answered = true;
    answer();
  };
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > limitBytes) once();
  });
  req.once("end", once);
  req.once("error", once);
  req.once("close", once);
  req.resume();
}
