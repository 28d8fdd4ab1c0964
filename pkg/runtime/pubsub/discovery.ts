import type { Logger } from "../../diagnostics/logger.js";
import { parseJson } from "../../util/json.js";
import type { AppChannel } from "../appchannel.js";
import { sleep } from "./concurrency.js";
import { parseDeclarations, type Subscription } from "./subscription.js";

/** Spec A1, then Dapr's route for Dapr SDK apps (DESIGN.md "Subscription discovery"). */
export const DISCOVERY_PATHS = ["/runtime/subscribe", "/dapr/subscribe"] as const;

/**
 * Asks the app for its subscriptions. 404 on both routes: the app subscribes to nothing. A connection
 * error, a timeout or another status: the app is still starting, so ask again with backoff (up to
 * `maxDelayMs` between tries) until `signal` aborts.
 */
export async function discoverSubscriptions(channel: AppChannel, logger: Logger, signal: AbortSignal, maxDelayMs = 5000): Promise<Subscription[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const found = await askOnce(channel, logger);
      if (found) return found;
    } catch (error) {
      logger.warn(`subscription discovery failed (attempt ${attempt}), retrying: ${(error as Error).message}`);
    }
    await sleep(Math.min(maxDelayMs, 100 * 2 ** Math.min(attempt - 1, 10)), signal);
  }
}

async function askOnce(channel: AppChannel, logger: Logger): Promise<Subscription[] | undefined> {
  for (const path of DISCOVERY_PATHS) {
    const reply = await channel.invoke({ method: "GET", path, timeoutMs: 10_000 });
    if (reply.status === 404) continue;
    if (reply.status < 200 || reply.status > 299) throw new Error(`GET ${path} answered ${reply.status}`);
    let body: unknown;
    try {
      body = reply.body.length === 0 ? [] : parseJson(reply.body);
    } catch (error) {
      logger.error(`GET ${path}: the reply is not usable JSON (${(error as Error).message}); no programmatic subscriptions`);
      return [];
    }
    const { subscriptions, errors } = parseDeclarations(body);
    for (const error of errors) logger.error(`GET ${path}: ignoring ${error}`);
    return subscriptions;
  }
  return [];
}
