import type { Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import type { Readiness } from "../../runtime/health.js";
import type { ComponentStore } from "../../runtime/store.js";

/** A subscription as /v1.0/metadata shows it (Dapr's shape). */
export interface SubscriptionInfo {
  pubsubname: string;
  topic: string;
  metadata: Record<string, string>;
  rules: Array<{ match: string; path: string }>;
  deadLetterTopic: string;
  type: "PROGRAMMATIC" | "DECLARATIVE";
}

/** What the HTTP API reads from the runtime; routers get this, never the runtime's internals. */
export interface ApiContext {
  appId: string;
  runtimeVersion: string;
  store: ComponentStore;
  readiness: Readiness;
  metrics: Metrics;
  logger: Logger;
  /** `PUT /v1.0/metadata/<key>` values. */
  extended: Map<string, string>;
  appConnection?: { port: number; channelAddress: string; protocol: "http"; maxConcurrency: number };
  enabledFeatures: string[];
  subscriptions(): SubscriptionInfo[];
  requestShutdown(): void;
}
