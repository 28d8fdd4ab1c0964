import type { Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import type { ConfigurationSubscriptions } from "../../runtime/configuration/subscriptions.js";
import type { Readiness } from "../../diagnostics/health.js";
import type { SecretAccessPolicy } from "../../runtime/secrets/scoping.js";
import type { ComponentStore } from "../../runtime/store.js";
import type { SubscriptionInfo } from "../../runtime/pubsub/manager.js";
import type { PubSubPublisher } from "../../runtime/pubsub/publisher.js";
import type { StreamSubscriptions } from "../../runtime/pubsub/streams/manager.js";
import { DIRECT, type TargetPolicy } from "../../runtime/resiliency/index.js";

export type { SubscriptionInfo };

/** `--enable-app-health-check` and its settings as daprd's metadata shows them (durations as Go strings). */
export interface AppHealthProperties {
  healthCheckPath: string;
  healthProbeInterval: string;
  healthProbeTimeout: string;
  healthThreshold: number;
}

/**
 * What both API transports read: narrow parts (the component store, the publisher, health), built by the
 * composition root (pkg/sidecar); routers get this, never the sidecar or the runtime's internals.
 */
export interface ApiContext {
  appId: string;
  runtimeVersion: string;
  store: ComponentStore;
  readiness: Readiness;
  metrics: Metrics;
  logger: Logger;
  /** `PUT /v1.0/metadata/<key>` values. */
  extended: Map<string, string>;
  /** The app connection daprd's metadata shows; `port` absent without --app-port. */
  appConnection?: { port?: number; channelAddress: string; protocol: "http" | "grpc"; maxConcurrency: number; health?: AppHealthProperties };
  enabledFeatures: string[];
  subscriptions(): SubscriptionInfo[];
  requestShutdown(): void;
  /** Configuration subscriptions (spec endpoints 4, 5); absent: subscribe answers 500. */
  configurationSubscriptions?: ConfigurationSubscriptions;
  /** Secret scoping from the Configuration resource (spec.secrets.scopes); absent: every secret is allowed. */
  secretAccess?: SecretAccessPolicy;
  /** Publishing (spec endpoints 1, 2); absent: publish answers 500. */
  pubsub?: PubSubPublisher;
  /** Subscriptions opened by a subscriber's stream (SubscribeTopicEventsAlpha1, its HTTP twin); absent: refused as not ready. */
  topicStreams?: StreamSubscriptions;
  /** Resiliency policies per component (pkg/runtime/resiliency); absent: every call is made once, as without a Resiliency. */
  resiliency?: { outbound(component: string): TargetPolicy | undefined };
}

/** The outbound policy of a component call, read when the call starts: a Resiliency edit applies to calls after it. */
export function outboundPolicy(ctx: ApiContext, component: string): TargetPolicy {
  return ctx.resiliency?.outbound(component) ?? DIRECT;
}
