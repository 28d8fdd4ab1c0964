import type { Express, NextFunction, Request, RequestHandler, Response } from "express";
import type http from "node:http";
import { pathToRegexp } from "path-to-regexp";
import { Errors } from "./errors.js";

type Params = Record<string, string | string[]>;

/** An endpoint served without Express' router and body parser; `match` is made by `directMatcher` from its row. */
export interface DirectRoute {
  /** Upper case, as `req.method`. */
  method: string;
  match: (path: string) => Params | undefined;
  /** The endpoint's handler as Express runs it (timed, traced, errors passed to `next`). */
  handler: RequestHandler;
}

export interface DirectOptions {
  routes: DirectRoute[];
  /** The middlewares Express runs before any route (path hardening, the API token): synchronous, each calls `next` once. */
  guards: RequestHandler[];
  maxBodyBytes: number;
  renderError: (error: unknown, req: Request, res: Response, next: NextFunction) => void;
}

/**
 * The API's request listener: the hot endpoints (publish) in their common shape are served here, every
 * other request by Express, unchanged.
 *
 * Why: on publish, Express' router, its body parser (type-is, content-type, raw-body, an AsyncResource
 * per body) and its request set-up cost more than the sidecar's own work; on this project's machine a
 * bare Express 5 handler cost about twice the CPU of bare node:http per 1 KB POST. A request is served
 * here only when Express would have sent it to the same handler with the same result: a path the row's
 * own Express paths match exactly (Express also matches other letter cases and a trailing slash, and
 * decodes escapes: those go to Express) that no earlier row of the same method takes, the same guards
 * passed in the same order, and a body without a Content-Encoding (Express inflates those). The handler is the Endpoint's own, with the same timing, span and error rendering; the
 * request and response already carry Express' prototypes (server.ts), so `req.query`, `res.status`
 * and the error renderer work as under Express. test/api/direct-dispatch.test.ts holds the two paths
 * to the same answers.
 */
export function directListener(app: Express, options: DirectOptions): http.RequestListener {
  const { routes, guards } = options;
  return (incoming, outgoing) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    const found = directRoute(req, routes);
    if (!found || !unencoded(req) || !guards.every((guard) => passes(guard, req, res))) return void app(req, res);
    const { route, params } = found;
    // What Express' app.handle links before its router runs; the renderer's res.json reads res.req.
    req.res = res;
    res.req = req;
    // Express 5 hands a wildcard over as its segments, which its typings (strings) do not say.
    req.params = params as unknown as Request["params"];
    const next: NextFunction = (error?: unknown) => options.renderError(error ?? Errors.notFound(req.method, req.path), req, res, noop);
    readBody(req, options.maxBodyBytes, (error, body) => {
      if (error !== undefined) return next(error);
      req.body = body;
      // Express' router catches what a handler throws; this callback runs outside it.
      try {
        void route.handler(req, res, next);
      } catch (thrown) {
        next(thrown);
      }
    });
  };
}

/**
 * The direct matcher of a table row, from the row's own Express paths (path-to-regexp, as Express' router
 * matches them), strict where Express is loose so that every path it takes is one Express gives the same
 * params; `earlier` are the paths of the rows of the same method Express tries first, which keep theirs.
 */
export function directMatcher(paths: string[], earlier: string[]): (path: string) => Params | undefined {
  // path-to-regexp's own `match` would build each match's params as a null-prototype (dictionary) object; the
  // params here are the row's own names, so a plain object is as safe and cheaper to build on every publish.
  const own = pathToRegexp(paths, { sensitive: true, trailing: false });
  const names = own.keys.map((key) => key.name);
  // Express' router: case-insensitive, an optional trailing slash.
  const shadowed = earlier.length > 0 ? pathToRegexp(earlier.map((p) => p.replace(/\/+$/, "")), { trailing: true }).regexp : undefined;
  return (path) => {
    if (path.includes("%")) return undefined;
    const found = own.regexp.exec(path);
    if (found === null || shadowed?.test(path)) return undefined;
    const params: Params = {};
    // A row of several paths has a group per path's parameter; the path that matched set its own.
    for (let i = 1; i < found.length; i++) if (found[i] !== undefined) params[names[i - 1]!] = found[i]!;
    return params;
  };
}

function directRoute(req: Request, routes: DirectRoute[]): { route: DirectRoute; params: Params } | undefined {
  if (routes.length === 0) return undefined;
  const path = pathOf(req.url ?? "");
  for (const route of routes) {
    if (route.method !== req.method) continue;
    const params = route.match(path);
    if (params) return { route, params };
  }
  return undefined;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function unencoded(req: Request): boolean {
  const encoding = req.headers["content-encoding"];
  return encoding === undefined || encoding.toLowerCase() === "identity";
}

/** Runs a synchronous guard; true when it let the request through. A refusal is left to Express to render. */
function passes(guard: RequestHandler, req: Request, res: Response): boolean {
  let passed = false;
  void guard(req, res, (error?: unknown) => {
    passed = error === undefined;
  });
  return passed;
}

/**
 * The body as bytes, capped as express.raw caps it: a declared or received size over the limit is 413,
 * answered once the rest has been read off (as body-parser does, so the connection stays usable).
 */
function readBody(req: Request, limit: number, done: (error: unknown, body?: Buffer) => void): void {
  const declared = req.headers["content-length"];
  let failure: unknown = declared !== undefined && Number(declared) > limit ? Errors.bodyTooLarge(String(limit)) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error: unknown, body?: Buffer): void => {
    if (settled) return;
    settled = true;
    done(error, body);
  };
  req.on("data", (chunk: Buffer) => {
    if (failure !== undefined) return;
    size += chunk.length;
    if (size > limit) {
      failure = Errors.bodyTooLarge(String(limit));
      chunks.length = 0;
    } else chunks.push(chunk);
  });
  req.on("end", () => settle(failure, failure === undefined ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)) : undefined));
  // An aborted request has no one left to answer; the error only ends the wait.
  req.on("error", (error: Error) => settle(Errors.malformedRequest(error.message)));
}

function noop(): void {}
