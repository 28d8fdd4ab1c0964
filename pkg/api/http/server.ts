import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import http from "node:http";
import type { Logger } from "../../diagnostics/logger.js";
import type { Metrics, TimedSeries } from "../../diagnostics/metrics.js";
import type { ActiveSpan, Tracing } from "../../diagnostics/tracing.js";
import { directListener, directMatcher, type DirectRoute } from "./direct.js";
import type { Endpoint } from "./endpoint.js";
import { Errors } from "./errors.js";
import type { Token } from "../../util/token.js";
import { apiTokenAuth, errorRenderer, normalisePath } from "./middleware.js";
import { traceResponseHeaders } from "./trace-headers.js";

export interface ApiAppOptions {
  endpoints: Endpoint[];
  logger: Logger;
  metrics: Metrics;
  maxBodyBytes: number;
  /** A function when the token comes from a watched file and may rotate. */
  apiToken?: Token;
  /** Server spans per request once tracing is on (switched on after the Configuration is read). */
  tracing?: Tracing;
}

export interface ApiApp {
  /** Every route; what the listener does not serve directly. */
  app: Express;
  /** The server's request listener: the hot endpoints directly (direct.ts), the rest through `app`. */
  listener: http.RequestListener;
}

/** The sidecar API, built from the endpoint table. */
export function createApiApp(options: ApiAppOptions): ApiApp {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // The simple parser: `metadata.<name>` keys stay flat, repeated keys become lists, and the result has no prototype.
  app.set("query parser", "simple");
  const guards: RequestHandler[] = [normalisePath, ...(options.apiToken ? [apiTokenAuth(options.apiToken)] : [])];
  for (const guard of guards) app.use(guard);
  // Every body is read as bytes once, capped: handlers decide how to parse (publish keeps raw bytes).
  app.use(express.raw({ type: () => true, limit: options.maxBodyBytes }));
  const directRoutes: DirectRoute[] = [];
  const pathsSoFar = new Map<string, string[]>();
  for (const endpoint of options.endpoints) {
    const earlier = pathsSoFar.get(endpoint.method) ?? [];
    pathsSoFar.set(endpoint.method, [...earlier, ...endpoint.paths]);
    const template = endpoint.paths[0]!;
    // Label children per status, made once: no label object is built per request (publish is the hot path).
    const byStatus = new Map<number, TimedSeries>();
    const series = (status: number): TimedSeries => {
      let found = byStatus.get(status);
      if (!found) {
        const labels = { method: endpoint.method.toUpperCase(), route: template, status: String(status) };
        found = options.metrics.timedSeries(options.metrics.httpRequests, options.metrics.httpLatency, labels);
        byStatus.set(status, found);
      }
      return found;
    };
    // Timed around the handler rather than through a 'finish' listener: a handler has answered by the
    // time it returns or its promise settles (the Endpoint contract), and a listener per request
    // costs on every publish. Errors are rendered by the error layer, so they are counted at 'finish'.
    const spanName = `${endpoint.method.toUpperCase()} ${template}`;
    const handler = (req: Request, res: Response, next: NextFunction): void => {
      // performance.now() rather than two BigInts per request.
      const started = performance.now();
      const span = options.tracing?.enabled ? serverSpan(options.tracing, spanName, template, req) : undefined;
      // The server span ends where the request is timed: a 'finish' listener of its own per request
      // was measurable on the publish path with tracing on.
      const record = (): void => {
        series(res.statusCode).record(performance.now() - started);
        if (span) endServerSpan(span, res.statusCode);
      };
      const failed = (error: unknown): void => {
        res.once("finish", record);
        next(error);
      };
      const refused = span ? traceResponseHeaders(span, req, res) : undefined;
      if (refused) return failed(refused);
      let result: Promise<void> | void;
      try {
        result = span ? span.run(() => endpoint.handler(req, res)) : endpoint.handler(req, res);
      } catch (error) {
        return failed(error);
      }
      if (result instanceof Promise) result.then(record, failed);
      else record();
    };
    app[endpoint.method](endpoint.paths, handler);
    if (endpoint.direct) directRoutes.push({ method: endpoint.method.toUpperCase(), match: directMatcher(endpoint.paths, earlier), handler });
  }
  app.use((req, _res, next) => next(Errors.notFound(req.method, req.path)));
  const renderError = errorRenderer(options.logger, options.maxBodyBytes);
  app.use(renderError);
  return { app, listener: directListener(app, { routes: directRoutes, guards, maxBodyBytes: options.maxBodyBytes, renderError }) };
}

/**
 * A server span continuing the caller's `traceparent` (a malformed one starts a new trace); the handler
 * runs with it current, so the broker write and log lines join it.
 */
function serverSpan(tracing: Tracing, name: string, route: string, req: Request): ActiveSpan {
  const header = (value: string | string[] | undefined): string | undefined => (typeof value === "string" ? value : undefined);
  return tracing.start(name, "server", { "http.request.method": req.method, "http.route": route, "url.path": req.path }, { traceparent: header(req.headers.traceparent), tracestate: header(req.headers.tracestate) });
}

/** Ends a server span once the answer is written, errors included (rendered later by the error layer). */
function endServerSpan(span: ActiveSpan, status: number): void {
  span.setAttributes({ "http.response.status_code": status });
  span.end(status >= 500 ? new Error(`HTTP ${status}`) : undefined);
}

/**
 * Server options under which every request and response is born with `app`'s own prototypes
 * (`app.request`, `app.response`), through `node:http`'s documented `IncomingMessage` and
 * `ServerResponse` options. Express re-parents both objects on entry with Object.setPrototypeOf,
 * which V8 skips when the prototype is already the one asked for. Express still serves every
 * request; the prototype is only set at birth. Each is born through a subclass of node:http's class
 * whose prototype becomes `app.request` (`app.response`): it takes the Express prototype's place,
 * inheriting what that inherited and holding what it held (`app`), so Express re-parents to it. A
 * derived class's constructor is optimised as a plain `new`; Reflect.construct with a new target,
 * which this replaced, cost about 1 us more per request and response (micro-benchmark on Node 24).
 */
export function expressServerOptions(app: Express): Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse"> {
  const ApiRequest = bornAs(class ApiRequest extends http.IncomingMessage {}, app.request);
  app.request = ApiRequest.prototype as Express["request"];
  const ApiResponse = bornAs(class ApiResponse extends http.ServerResponse {}, app.response);
  app.response = ApiResponse.prototype as Express["response"];
  return { IncomingMessage: ApiRequest, ServerResponse: ApiResponse as typeof http.ServerResponse };
}

/** `born`, its prototype put in `prototype`'s place: the same parent, the same own properties. */
function bornAs<C extends { prototype: object }>(born: C, prototype: object): C {
  Object.setPrototypeOf(born.prototype, Object.getPrototypeOf(prototype));
  Object.defineProperties(born.prototype, Object.getOwnPropertyDescriptors(prototype));
  return born;
}
