/**
 * The injector's HTTPS endpoint (docs/cli.md "The injector": POST /mutate, GET /healthz).
 * The API server only talks TLS to webhooks; the certificate and key come from files the chart mounts,
 * re-read every `tlsReloadIntervalMs` so a renewed pair is served without a restart.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Logger } from "../diagnostics/logger.js";
import { TlsFiles } from "./tlsfiles.js";
import type { InjectorWebhook } from "./webhook.js";

export interface InjectorServerOptions {
  port: number;
  address: string;
  tlsCertFile: string;
  tlsKeyFile: string;
  /** AdmissionReview bodies above this are refused with 413 (ARCHITECTURE.md "Hardening": cap every body). */
  maxBodyBytes: number;
  /** Slow clients are cut off; the API server's own webhook timeout is at most 30s. */
  requestTimeoutMs?: number;
  /** How often the certificate and key files are re-read. */
  tlsReloadIntervalMs?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The kubelet refreshes a mounted Secret about once a minute; a renewal is served within that again. */
export const DEFAULT_TLS_RELOAD_INTERVAL_MS = 60_000;

class BodyTooLarge extends Error {}

/**
 * Reads the whole body, keeping at most `keep` bytes: the rest is drained, not kept. An answer written before the
 * body is read would reach the client as a reset: Node closes a `Connection: close` socket once the answer is out,
 * and bytes still arriving then reset it. Past `cut` bytes (declared or sent) the connection is cut instead.
 */
function readBody(req: IncomingMessage, keep: number, cut: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > cut) {
      req.socket.destroy();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > cut) {
        req.socket.destroy();
        reject(new BodyTooLarge());
      } else if (size <= keep) chunks.push(chunk);
    });
    req.once("end", () => (size > keep ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.once("error", reject);
  });
}

/** A body over the limit is drained up to this many times the limit, so that its client reads the 413. */
const DRAIN_FACTOR = 4;

/** `Application/JSON; charset=utf-8` -> `application/json`. */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.socket?.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

export class InjectorServer {
  private server: https.Server | undefined;
  private readonly tls: TlsFiles;
  private reloadTimer: NodeJS.Timeout | undefined;
  private lastReloadProblem = "";

  constructor(private readonly options: InjectorServerOptions, private readonly webhook: InjectorWebhook, private readonly logger: Logger) {
    this.tls = new TlsFiles(options.tlsCertFile, options.tlsKeyFile);
  }

  /** Listens until `signal` aborts (then closes) or `close()` is called. */
  async start(signal?: AbortSignal): Promise<void> {
    const { cert, key } = await this.tls.read();
    const server = https.createServer({ cert, key, requestTimeout: this.options.requestTimeoutMs ?? 30_000, headersTimeout: 10_000 }, (req, res) => this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.port, this.options.address, () => {
        server.off("error", reject);
        resolve();
      });
    });
    server.on("error", (error) => this.logger.error(`injector server error: ${error.message}`));
    this.reloadTimer = setInterval(() => void this.reloadCertificate(server), this.options.tlsReloadIntervalMs ?? DEFAULT_TLS_RELOAD_INTERVAL_MS);
    this.reloadTimer.unref();
    signal?.addEventListener("abort", () => void this.close(), { once: true });
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    clearInterval(this.reloadTimer);
    const server = this.server;
    if (!server?.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }

  /** A pair that does not load (mid-rotation, or wrong) leaves the current certificate serving; each problem is logged once. */
  private async reloadCertificate(server: https.Server): Promise<void> {
    try {
      const renewed = await this.tls.changed();
      this.lastReloadProblem = "";
      if (!renewed) return;
      server.setSecureContext(renewed);
      this.logger.info(`serving the renewed TLS certificate from ${this.options.tlsCertFile}`);
    } catch (error) {
      const problem = (error as Error).message;
      if (problem !== this.lastReloadProblem) this.logger.warn(`keeping the current TLS certificate: cannot load ${this.options.tlsCertFile} and ${this.options.tlsKeyFile}: ${problem}`);
      this.lastReloadProblem = problem;
    }
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const cut = this.options.maxBodyBytes * DRAIN_FACTOR;
    const early = this.answerWithoutReview(req);
    if (early) {
      const answer = (): void => {
        if (early.allow) res.setHeader("allow", early.allow);
        send(res, early.status, early.body);
      };
      readBody(req, 0, cut).then(answer, answer);
      return;
    }
    readBody(req, this.options.maxBodyBytes, cut).then(
      (body) => {
        const reply = this.webhook.review(body);
        send(res, reply.status, reply.body);
      },
      (error: Error) => {
        this.webhook.countRejected();
        if (error instanceof BodyTooLarge) send(res, 413, { message: `the AdmissionReview is larger than ${this.options.maxBodyBytes} bytes` });
        else send(res, 400, { message: `cannot read the request body: ${error.message}` });
      },
    );
  }

  /** The answer to a request that carries no AdmissionReview to POST /mutate (sent once its body is drained); undefined for one that may. */
  private answerWithoutReview(req: IncomingMessage): { status: number; body: unknown; allow?: string } | undefined {
    const path = (req.url ?? "").split("?")[0];
    if (path === "/healthz" && req.method === "GET") return { status: 200, body: { status: "ok" } };
    if (path !== "/mutate") return { status: 404, body: { message: "only POST /mutate and GET /healthz are served here" } };
    if (req.method !== "POST") {
      this.webhook.countRejected();
      return { status: 405, body: { message: "/mutate takes POST with an AdmissionReview" }, allow: "POST" };
    }
    // The API server always sends JSON; anything else is not an AdmissionReview, whatever the bytes say.
    if (mediaTypeOf(req.headers["content-type"]) !== "application/json") {
      this.webhook.countRejected();
      return { status: 415, body: { message: `/mutate takes an AdmissionReview as application/json, got ${JSON.stringify(req.headers["content-type"] ?? "no Content-Type")}` } };
    }
    return undefined;
  }
}
