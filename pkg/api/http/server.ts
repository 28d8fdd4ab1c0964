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

interface EndpointSeries {
  count: { inc(): void };
  latency: { observe(ms: number): void };
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
    // Label children per status, made once: no label object is built per request (publish is the hot path).
    const byStatus = new Map<number, EndpointSeries>();
    const series = (status: number): EndpointSeries => {
      let found = byStatus.get(status);
      if (!found) {
        const labels = { method: endpoint.method.toUpperCase(), route: template, status: String(status) };
        found = { count: options.metrics.httpRequests.labels(labels), latency: options.metrics.httpLatency.labels(labels) };
        byStatus.set(status, found);
      }
      return found;
    };
    // Timed around the handler rather than through a 'finish' listener: a handler has answered by the
    // time it returns or its promise settles (the Endpoint contract), and a listener per request
    // costs on every publish. Errors are rendered by the error layer, so they are counted at 'finish'.
    app[endpoint.method](endpoint.paths, (req: Request, res: Response, next: NextFunction) => {
      const started = process.hrtime.bigint();
      const record = (): void => {
        const { count, latency } = series(res.statusCode);
        count.inc();
        latency.observe(Number(process.hrtime.bigint() - started) / 1e6);
      };
      const failed = (error: unknown): void => {
        res.once("finish", record);
        next(error);
      };
      let result: Promise<void> | void;
      try {
        result = endpoint.handler(req, res);
      } catch (error) {
        return failed(error);
      }
      if (result instanceof Promise) result.then(record, failed);
      else record();
    });
  }
  app.use((req, _res, next) => next(Errors.notFound(req.method, req.path)));
  app.use(errorRenderer(options.logger));
  return app;
}
