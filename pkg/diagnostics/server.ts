import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Metrics } from "./metrics.js";

/** Serves Prometheus `GET /metrics` on its own port, apart from the API (and its token). */
export class MetricsServer {
  private readonly server: http.Server;

  constructor(private readonly metrics: Metrics, private readonly listen: { port: number; address: string }) {
    this.server = http.createServer((req, res) => {
      if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ errorCode: "ERR_NOT_FOUND", message: "only GET /metrics is served here" }));
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { "content-type": this.metrics.registry.contentType }).end(text),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.listen.port, this.listen.address, () => resolve());
    });
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
