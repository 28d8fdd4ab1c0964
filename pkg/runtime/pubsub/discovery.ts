import type { Logger } from "../../diagnostics/logger.js";
import type { AppChannel } from "../appchannel/types.js";
import { parseDeclarations, type Subscription } from "./subscription.js";

/**
 * The app's programmatic subscriptions, by whichever transport its channel speaks (HTTP: GET
 * `/runtime/subscribe` then `/dapr/subscribe`; gRPC: ListTopicSubscriptions), read by one parser.
 * Asked again while the app starts, until `signal` aborts.
 */
export function discoverSubscriptions(channel: AppChannel, logger: Logger, signal: AbortSignal): Promise<Subscription[]> {
  return channel.listSubscriptions(parseDeclarations, logger, signal);
}
