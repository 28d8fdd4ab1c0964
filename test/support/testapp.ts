import type http from "node:http";
import express from "express";
import { freePort, waitFor } from "./ports.js";

/** One request the app received. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON (throws if it is not). */
  json<T = Record<string, unknown>>(): T;
}

/** A scripted answer: status and an optional body (objects are sent as JSON). */
export interface Reply {
  status: number;
  body?: unknown;
}

/** Decides the answer to a request; `n` counts the requests to that path so far (1-based). */
export type Responder = (request: Received, n: number) => Reply | Promise<Reply>;

export interface TestAppOptions {
  /** Served at GET /runtime/subscribe (or /dapr/subscribe, see `discovery`). Default: []. */
  subscriptions?: unknown[];
  /** Which discovery route answers: "runtime" (spec A1, default), "dapr" (the fallback), or "none" (both 404). */
  discovery?: "runtime" | "dapr" | "none";
  /** Listen on this port (e.g. one reserved before the app is "up"); default a free one. */
  port?: number;
}

/**
 * A real HTTP app (Express) on loopback that records everything it receives and answers with
 * scripted replies: the "test app" of the pub/sub, bindings and configuration tests.
 *
 *   const app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders" }] });
 *   app.respond("/orders", (_req, n) => (n === 1 ? { status: 500 } : { status: 200, body: { status: "SUCCESS" } }));
 *   await app.waitForRequests("/orders", 2);
 *   await app.close();   // in afterAll/afterEach
 *
 * Unscripted POSTs answer 200 with an empty body (SUCCESS per the spec's reply table).
 */
export class TestApp {
  readonly received: Received[] = [];
  private readonly responders = new Map<string, Responder>();
  private readonly counts = new Map<string, number>();
  private server?: http.Server;

  constructor(public port: number, private subscriptions: unknown[], private discovery: NonNullable<TestAppOptions["discovery"]>) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Script the answers for one path (replaces an earlier script). */
  respond(path: string, responder: Responder): this {
    this.responders.set(path, responder);
    return this;
  }

  setSubscriptions(subscriptions: unknown[]): this {
    this.subscriptions = subscriptions;
    return this;
  }

  /** Requests received on `path` (discovery calls included when asked for). */
  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitForRequests(path: string, count: number, timeoutMs = 10_000): Promise<Received[]> {
    await waitFor(() => this.on(path).length >= count, { timeoutMs, what: `${count} requests on ${path} (got ${this.on(path).length})` });
    return this.on(path);
  }

  async listen(): Promise<this> {
    const app = express();
    app.use(express.raw({ type: () => true, limit: "16mb" }));
    app.use((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server = app.listen(this.port, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve()));
    });
    return this;
  }

  /** Stops listening and cuts open connections (a test may then check that delivery is retried). */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: express.Request, res: express.Response): Promise<void> {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const received: Received = { method: req.method, path: req.path, headers: req.headers, body, json: <T>() => JSON.parse(body.toString("utf8")) as T };
    this.received.push(received);
    const n = (this.counts.get(req.path) ?? 0) + 1;
    this.counts.set(req.path, n);
    let reply: Reply;
    if (req.method === "GET" && (req.path === "/runtime/subscribe" || req.path === "/dapr/subscribe")) {
      const serves = (this.discovery === "runtime" && req.path === "/runtime/subscribe") || (this.discovery === "dapr" && req.path === "/dapr/subscribe");
      reply = this.responders.get(req.path) ? await this.responders.get(req.path)!(received, n) : serves ? { status: 200, body: this.subscriptions } : { status: 404 };
    } else {
      const responder = this.responders.get(req.path);
      reply = responder ? await responder(received, n) : { status: 200 };
    }
    res.status(reply.status);
    if (reply.body === undefined) res.end();
    else if (Buffer.isBuffer(reply.body) || typeof reply.body === "string") res.send(reply.body);
    else res.json(reply.body);
  }
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const app = new TestApp(options.port ?? (await freePort()), options.subscriptions ?? [], options.discovery ?? "runtime");
  return app.listen();
}
