import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../../diagnostics/logger.js";
import { apiTokenMatcher } from "../universal/auth.js";
import { answerAfterBody } from "../../util/httpserver.js";
import type { Token } from "../../util/token.js";
import { ApiError, Errors } from "./errors.js";

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** Anything worth a closer look: an escape, a control character or a `.`/`..` segment, in one scan. */
// eslint-disable-next-line no-control-regex
const SUSPECT = /%|[\u0000-\u001f\u007f]|(?:^|\/)\.\.?(?:\/|$)/;

/**
 * Rejects hostile paths once, where the request enters (ARCHITECTURE.md "Hardening"): undecodable
 * escapes, NUL and control characters, and `.`/`..` segments, which would otherwise reach
 * scoping checks and store look-ups as names.
 */
export function normalisePath(req: Request, _res: Response, next: NextFunction): void {
  const raw = req.path;
  // Fast path (every publish passes here): nothing escaped, no dot segment, no control character.
  if (!SUSPECT.test(raw)) return next();
  for (const segment of raw.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return next(Errors.malformedRequest("the path has an invalid percent-encoding"));
    }
    if (CONTROL_CHARACTER.test(decoded)) return next(Errors.malformedRequest("the path contains control characters"));
    if (decoded === ".." || decoded === "." || (decoded.includes("/") && decoded.split("/").some((s) => s === ".." || s === "."))) {
      return next(Errors.malformedRequest("the path contains a '.' or '..' segment"));
    }
  }
  next();
}

const PUBLIC_PROBES = new Set(["/v1.0/healthz", "/v1.0/healthz/outbound"]);

/**
 * With an API token set, every route but exactly the two health probes needs header
 * `runtime-api-token` (or Dapr's `dapr-api-token`), checked by the rule both transports share.
 */
export function apiTokenAuth(token: Token): (req: Request, res: Response, next: NextFunction) => void {
  const matches = apiTokenMatcher(token);
  return (req, _res, next) => {
    if (req.method === "GET" && PUBLIC_PROBES.has(req.path)) return next();
    next(matches(req.get("runtime-api-token") ?? req.get("dapr-api-token")) ? undefined : Errors.unauthorized());
  };
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/** The one place errors become responses: `{errorCode, message}`, never HTML, never a stack. */
export function errorRenderer(logger: Logger, maxBodyBytes: number): (error: unknown, req: Request, res: Response, next: NextFunction) => void {
  return (error, req, res, _next) => {
    let apiError: ApiError;
    const parserError = error as BodyParserError;
    if (error instanceof ApiError) apiError = error;
    else if (parserError?.type === "entity.too.large") apiError = Errors.bodyTooLarge(String(parserError.limit ?? ""));
    else if (parserError?.status && parserError.status >= 400 && parserError.status < 500) apiError = Errors.malformedRequest((error as Error).message);
    else {
      logger.error(`unhandled error on ${req.method} ${req.path}: ${(error as Error)?.message ?? String(error)}`);
      apiError = Errors.internal("see the sidecar log");
    }
    if (res.headersSent) return void res.end();
    // A guard (path, token) refuses before the body is read: read it first, so the caller gets the answer.
    answerAfterBody(req, maxBodyBytes, () => void res.status(apiError.status).json(apiError.toBody()));
  };
}
