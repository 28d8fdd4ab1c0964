import type { Logger } from "../../diagnostics/logger.js";
import type { AppChannel, AppResponse } from "../appchannel.js";
import { Backoff } from "../../util/backoff.js";
import { JsonDepthError, parseJson } from "../../util/json.js";
import { sleep } from "./concurrency.js";
import { parseDeclarations, type Subscription } from "./subscription.js";

/** Spec A1, then Dapr's route for Dapr SDK apps (docs/api.md "Subscriptions and delivery"). */
export const DISCOVERY_PATHS = ["/runtime/subscribe", "/dapr/subscribe"] as const;

/** What one discovery route answered. */
type Answer =
  /** 2xx with a JSON array of declarations: the route the app serves. */
  | { kind: "declarations"; subscriptions: Subscription[]; errors: string[] }
  /** Not served (404, another 4xx) or not a declaration list (an SPA's index page, a framework's default). */
  | { kind: "not-served"; what: string }
  /** 5xx: the app is there but not ready; ask again later. */
  | { kind: "failing"; what: string };

/**
 * Asks the app for its subscriptions: `/runtime/subscribe` when it answers 2xx with a JSON array of
 * declarations, otherwise `/dapr/subscribe` (issue 15: an app answering 200 to any GET keeps its Dapr
 * subscriptions). Neither serving a list: no subscriptions, one warning naming both answers. A
 * connection error, a timeout or a 5xx on the route that decides: the app is still starting, so ask
 * again with backoff (up to `maxDelayMs` between tries) until `signal` aborts.
 */
export async function discoverSubscriptions(channel: AppChannel, logger: Logger, signal: AbortSignal, maxDelayMs = 5000): Promise<Subscription[]> {
  const backoff = new Backoff({ initialMs: 100, maxMs: maxDelayMs });
  for (let attempt = 1; ; attempt++) {
    try {
      return await askOnce(channel, logger);
    } catch (error) {
      logger.warn(`subscription discovery failed (attempt ${attempt}), retrying: ${(error as Error).message}`);
    }
    await sleep(backoff.next(), signal);
  }
}

async function askOnce(channel: AppChannel, logger: Logger): Promise<Subscription[]> {
  const seen: string[] = [];
  for (const path of DISCOVERY_PATHS) {
    const answer = classify(await channel.invoke({ method: "GET", path, timeoutMs: 10_000 }));
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

function classify(reply: AppResponse): Answer {
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
  const { subscriptions, errors } = parseDeclarations(body);
  // An array of which nothing is a declaration is someone else's list (a catch-all JSON API), not the app's subscriptions.
  if (body.length > 0 && subscriptions.length === 0) return { kind: "not-served", what: `answered ${reply.status} with a JSON array holding no valid declaration (${errors.join("; ")})` };
  return { kind: "declarations", subscriptions, errors };
}
