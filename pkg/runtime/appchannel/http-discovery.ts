import type { Logger } from "../../diagnostics/logger.js";
import { JsonDepthError, parseJson } from "../../util/json.js";
import type http from "node:http";
import type { DeclarationParser } from "./types.js";

/** What the app answered to one HTTP call. */
export interface AppResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Spec A1, then Dapr's route for Dapr SDK apps (docs/api.md "Subscriptions and delivery"). */
export const DISCOVERY_PATHS = ["/runtime/subscribe", "/dapr/subscribe"] as const;

/** What one discovery route answered. */
type Answer<T> =
  /** 2xx with a JSON array of declarations: the route the app serves. */
  | { kind: "declarations"; subscriptions: T[]; errors: string[] }
  /** Not served (404, another 4xx) or not a declaration list (an SPA's index page, a framework's default). */
  | { kind: "not-served"; what: string }
  /** 5xx: the app is there but not ready; ask again later. */
  | { kind: "failing"; what: string };

/**
 * One round of asking an HTTP app: `/runtime/subscribe` when it answers 2xx with a JSON array of
 * declarations, otherwise `/dapr/subscribe` (an app answering 200 to any GET keeps its Dapr
 * subscriptions). Neither serving a list: none, one warning naming both answers. Throws when the
 * route that decides fails (a connection error, a timeout, a 5xx): the caller asks again.
 */
export async function askHttpApp<T>(get: (path: string) => Promise<AppResponse>, parse: DeclarationParser<T>, logger: Logger): Promise<T[]> {
  const seen: string[] = [];
  for (const path of DISCOVERY_PATHS) {
    const answer = classify(await get(path), parse);
    if (answer.kind === "failing") throw new Error(`GET ${path} ${answer.what}`);
    if (answer.kind === "declarations") {
      for (const error of answer.errors) logger.error(`GET ${path}: ignoring ${error}`);
      logger.info(`the app serves its subscriptions at GET ${path}`);
      return answer.subscriptions;
    }
    seen.push(`GET ${path} ${answer.what}`);
  }
  logger.warn(`no programmatic subscriptions: the app serves no JSON array of subscriptions (${seen.join("; ")})`);
  return [];
}

function classify<T>(reply: AppResponse, parse: DeclarationParser<T>): Answer<T> {
  const type = String(reply.headers["content-type"] ?? "").split(";")[0]!.trim() || "no content type";
  if (reply.status >= 500) return { kind: "failing", what: `answered ${reply.status}` };
  if (reply.status < 200 || reply.status > 299) return { kind: "not-served", what: `answered ${reply.status}` };
  let body: unknown;
  try {
    body = parseJson(reply.body);
  } catch (error) {
    const why = error instanceof JsonDepthError ? error.message : "not JSON";
    return { kind: "not-served", what: `answered ${reply.status} with ${reply.body.length === 0 ? "an empty body" : type} (${why})` };
  }
  if (!Array.isArray(body)) return { kind: "not-served", what: `answered ${reply.status} with JSON that is not an array` };
  const { subscriptions, errors } = parse(body);
  // An array of which nothing is a declaration is someone else's list (a catch-all JSON API), not the app's subscriptions.
  if (body.length > 0 && subscriptions.length === 0) return { kind: "not-served", what: `answered ${reply.status} with a JSON array holding no valid declaration (${errors.join("; ")})` };
  return { kind: "declarations", subscriptions, errors };
}
