import { DELAYED_DELIVERY_CAPABILITY, supportsDelayedDelivery } from "../../components/pubsub/types.js";
import type { ApiContext, SubscriptionInfo } from "./context.js";
import { Errors } from "./errors.js";

/** `GET /v1.0/metadata` / gRPC GetMetadata in Dapr's shape (the Dapr SDKs wait on it as their health check). */
export interface MetadataView {
  id: string;
  runtimeVersion: string;
  enabledFeatures: string[];
  components: Array<{ name: string; type: string; version: string; capabilities: string[] }>;
  componentErrors: ReturnType<ApiContext["store"]["failures"]>;
  subscriptions: SubscriptionInfo[];
  extended: Record<string, string>;
  appConnectionProperties?: NonNullable<ApiContext["appConnection"]>;
}

export function getMetadata(ctx: ApiContext): MetadataView {
  return {
    id: ctx.appId,
    runtimeVersion: ctx.runtimeVersion,
    enabledFeatures: ctx.enabledFeatures,
    components: ctx.store.list().map((entry) => ({
      name: entry.name,
      type: entry.resource.spec.type,
      version: entry.resource.spec.version,
      capabilities: [...(entry.instance.features?.() ?? []), ...(entry.kind === "pubsub" && supportsDelayedDelivery(entry.instance) ? [DELAYED_DELIVERY_CAPABILITY] : [])],
    })),
    componentErrors: ctx.store.failures(),
    subscriptions: ctx.subscriptions(),
    extended: Object.fromEntries(ctx.extended),
    ...(ctx.appConnection ? { appConnectionProperties: ctx.appConnection } : {}),
  };
}

const METADATA_KEY = /^[A-Za-z0-9._-]{1,128}$/;

/** An extended attribute shown by GetMetadata; keys are names, so they are checked (they come from the caller). */
export function setMetadata(ctx: ApiContext, key: string, value: string): void {
  if (!METADATA_KEY.test(key)) throw Errors.metadataKeyInvalid(key);
  ctx.extended.set(key, value);
}

/** Graceful, as daprd: the caller gets its answer first, then the sidecar drains and stops. */
export function shutdown(ctx: ApiContext): void {
  setImmediate(() => ctx.requestShutdown());
}
