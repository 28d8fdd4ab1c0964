import { setTimeout as delay } from "node:timers/promises";
import http from "node:http";
import { tcpReachable } from "../util/net.js";
import type { Gate } from "../diagnostics/health.js";

export interface AppChannelOptions {
  address: string;
  port: number;
  /** Sent on every call (DESIGN.md: APP_API_TOKEN as header runtime-api-token; dapr-api-token too, for Dapr SDK apps). */
  token?: string | (() => string);
  timeoutMs: number;
  /** Replies bigger than this are cut off with an error: an app cannot make the sidecar buffer without bound. */
  maxReplyBytes: number;
}

export interface AppRequest {
  method: "GET" | "POST" | "PUT" | "DELETE" | "OPTIONS";
  path: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface AppResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export class AppChannelError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
    this.name = "AppChannelError";
  }
}

/** The sidecar's HTTP client to the app, with keep-alive connections (delivery is the hot path). */
export class AppChannel {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private resolveReachable!: () => void;
  private readonly reachable = new Promise<void>((resolve) => (this.resolveReachable = resolve));
  private answered = false;

  constructor(private readonly options: AppChannelOptions) {}

  /** Whether the app's port has answered yet. */
  get isReachable(): boolean {
    return this.answered;
  }

  private markReachable(): void {
    this.answered = true;
    this.resolveReachable();
  }

  /** True once the app's port has answered (waitUntilReachable); false if `signal` aborts first. */
  async whenReachable(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return false;
    let onAbort!: () => void;
    const aborted = new Promise<boolean>((resolve) => {
      onAbort = () => resolve(false);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([this.reachable.then(() => true), aborted]);
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  get baseUrl(): string {
    return `http://${this.options.address}:${this.options.port}`;
  }

  /**
   * Resolves once the app's port accepts connections (Dapr's app channel readiness), polling until
   * `signal` aborts. The gate is the app-channel half of `/v1.0/healthz`.
   */
  async waitUntilReachable(gate: Gate, signal: AbortSignal, pollMs = 100): Promise<void> {
    while (!signal.aborted) {
      if (await tcpReachable(this.options.address, this.options.port)) {
        gate.set(true);
        this.markReachable();
        return;
      }
      await delay(pollMs, undefined, { signal, ref: false }).catch(() => undefined);
    }
  }

  invoke(request: AppRequest): Promise<AppResponse> {
    const headers: Record<string, string> = { ...request.headers };
    const token = typeof this.options.token === "function" ? this.options.token() : this.options.token;
    if (token) {
      headers["runtime-api-token"] = token;
      headers["dapr-api-token"] = token;
    }
    const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
    if (body) headers["content-length"] = String(body.length);
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    return new Promise<AppResponse>((resolve, reject) => {
      const req = http.request(
        { host: this.options.address, port: this.options.port, method: request.method, path: request.path, headers, agent: this.agent, signal: request.signal },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.options.maxReplyBytes) {
              res.destroy();
              reject(new AppChannelError(`app reply to ${request.method} ${request.path} exceeds ${this.options.maxReplyBytes} bytes`, "REPLY_TOO_LARGE"));
              return;
            }
            chunks.push(chunk);
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on("error", (error) => reject(new AppChannelError(`app reply to ${request.method} ${request.path}: ${error.message}`)));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new AppChannelError(`app did not answer ${request.method} ${request.path} within ${timeoutMs}ms`, "TIMEOUT")));
      req.on("error", (error: NodeJS.ErrnoException) => reject(error instanceof AppChannelError ? error : new AppChannelError(`calling the app ${request.method} ${request.path}: ${error.message}`, error.code)));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
