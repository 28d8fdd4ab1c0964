import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import type { Endpoint } from "./endpoint.js";
import { Errors } from "./errors.js";
import { apiTokenAuth, errorRenderer, normalisePath } from "./middleware.js";

export interface ApiAppOptions {
  endpoints: Endpoint[];
  logger: Logger;
  metrics: Metrics;
  maxBodyBytes: number;
  apiToken?: string;
}

/** The sidecar API as an Express app: built from the endpoint table, so tests drive it with supertest. */
export function createApiApp(options: ApiAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // The simple parser: `metadata.<name>` keys stay flat, repeated keys become lists, and the result has no prototype.
  app.set("query parser", "simple");
  app.use(normalisePath);
  if (options.apiToken) app.use(apiTokenAuth(options.apiToken));
  // Every body is read as bytes once, capped: handlers decide how to parse (publish keeps raw bytes).
  app.use(express.raw({ type: () => true, limit: options.maxBodyBytes }));
  for (const endpoint of options.endpoints) {
    const template = endpoint.paths[0]!;
    // Label children cached per status: prom-client hashes the label set on every call otherwise (publish is the hot path).
    const byStatus = new Map<number, { count: { inc(): void }; latency: { observe(ms: number): void } }>();
    const series = (status: number): { count: { inc(): void }; latency: { observe(ms: number): void } } => {
      let found = byStatus.get(status);
      if (!found) {
        const labels = { method: endpoint.method.toUpperCase(), route: template, status: String(status) };
        found = { count: options.metrics.httpRequests.labels(labels), latency: options.metrics.httpLatency.labels(labels) };
        byStatus.set(status, found);
      }
      return found;
    };
    const observe = (_req: Request, res: Response, next: NextFunction): void => {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        const { count, latency } = series(res.statusCode);
        count.inc();
        latency.observe(Number(process.hrtime.bigint() - started) / 1e6);
      });
      next();
    };
    app[endpoint.method](endpoint.paths, observe, endpoint.handler);
  }
  app.use((req, _res, next) => next(Errors.notFound(req.method, req.path)));
  app.use(errorRenderer(options.logger));
  return app;
}
