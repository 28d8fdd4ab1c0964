import { wireDialectOf } from "../../apis/dialect.js";
import { DELAYED_DELIVERY_CAPABILITY, supportsDelayedDelivery } from "../../components/pubsub/types.js";
import type { ComponentEntry } from "../../runtime/store.js";
import { bindingSides } from "../../runtime/bindings/direction.js";
import type { Binding } from "../../components/bindings/types.js";
import type { ApiContext, AppHealthProperties, SubscriptionInfo } from "./context.js";
import { Errors } from "./errors.js";

/** daprd's app connection (AppConnectionProperties): shown with or without an app port, as daprd does. */
export interface AppConnectionView {
  port?: number;
  protocol: "http" | "grpc";
  channelAddress: string;
  maxConcurrency: number;
  health?: AppHealthProperties;
}

/**
 * `GET /v1.0/metadata` / gRPC GetMetadata in Dapr's shape (the Dapr SDKs wait on it as their health check).
 * The spec does not name this endpoint, so daprd's answer (pkg/api/universal/metadata.go) is the default for
 * both dialects: `extended` always holds `daprRuntimeVersion`, the actor runtime is reported disabled, the app
 * connection is always shown. Only a component's capabilities follow its own manifest (componentCapabilities).
 */
export interface MetadataView {
  id: string;
  runtimeVersion: string;
  enabledFeatures: string[];
  components: Array<{ name: string; type: string; version: string; capabilities: string[] }>;
  /** runtimed's own: components that failed to start (or to reload), which daprd does not list. */
  componentErrors: ReturnType<ApiContext["store"]["failures"]>;
  subscriptions: SubscriptionInfo[];
  extended: Record<string, string>;
  appConnectionProperties: AppConnectionView;
  actorRuntime: { runtimeStatus: "DISABLED"; hostReady: false; placement: string };
}

/** daprd's extended key for its version (deprecated there, still always set). */
const RUNTIME_VERSION_KEY = "daprRuntimeVersion";

export function getMetadata(ctx: ApiContext): MetadataView {
  return {
    id: ctx.appId,
    runtimeVersion: ctx.runtimeVersion,
    enabledFeatures: ctx.enabledFeatures,
    components: ctx.store.list().map((entry) => ({ name: entry.name, type: entry.resource.spec.type, version: entry.resource.spec.version, capabilities: componentCapabilities(entry) })),
    componentErrors: ctx.store.failures(),
    subscriptions: ctx.subscriptions(),
    extended: { ...Object.fromEntries(ctx.extended), [RUNTIME_VERSION_KEY]: ctx.runtimeVersion },
    appConnectionProperties: ctx.appConnection ?? { protocol: "http", channelAddress: "127.0.0.1", maxConcurrency: 0 },
    // runtimed hosts no actors: daprd's RuntimeStatus without placement.
    actorRuntime: { runtimeStatus: "DISABLED", hostReady: false, placement: "placement: disconnected" },
  };
}

/**
 * A `dapr.io` component's capabilities as daprd lists them (pkg/runtime/runtime.go getComponentsCapabilitesMap):
 * a pub/sub's or secret store's components-contrib Features(), INPUT_BINDING / OUTPUT_BINDING for a binding, none
 * for a configuration store. A `runtime.io` component shows runtimed's own features (what the broker does for it).
 */
function componentCapabilities(entry: ComponentEntry): string[] {
  if (wireDialectOf(entry.resource) === "spec") {
    return [...(entry.instance.features?.() ?? []), ...(entry.kind === "pubsub" && supportsDelayedDelivery(entry.instance) ? [DELAYED_DELIVERY_CAPABILITY] : [])];
  }
  switch (entry.kind) {
    case "pubsub":
      return CONTRIB_PUBSUB_FEATURES[entry.resource.spec.type] ?? [];
    case "secretstores":
      // filestore.go: multi-valued files hold several keys per secret; the env and Kubernetes stores declare none.
      return entry.resource.spec.type === "secretstores.local.file" && metadataTrue(entry, "multiValued") ? ["MULTIPLE_KEY_VALUES_PER_SECRET"] : [];
    case "bindings": {
      const sides = bindingSides(entry.resource, entry.instance as Binding);
      return [...(sides.input ? ["INPUT_BINDING"] : []), ...(sides.output ? ["OUTPUT_BINDING"] : [])];
    }
    default:
      return [];
  }
}

/** components-contrib v1.18's Features() of the pub/subs runtimed serves under the same type names. */
const CONTRIB_PUBSUB_FEATURES: Readonly<Record<string, string[]>> = {
  "pubsub.in-memory": ["SUBSCRIBE_WILDCARDS"],
  "pubsub.mqtt3": ["SUBSCRIBE_WILDCARDS"],
  "pubsub.mqtt": ["SUBSCRIBE_WILDCARDS"],
  "pubsub.rabbitmq": ["MESSAGE_TTL"],
  "pubsub.kafka": ["BULK_PUBSUB"],
  "pubsub.redis": [],
  "pubsub.jetstream": [],
};

function metadataTrue(entry: ComponentEntry, name: string): boolean {
  const item = entry.resource.spec.metadata?.find((m) => m.name.toLowerCase() === name.toLowerCase());
  return (item?.value ?? "").trim().toLowerCase() === "true";
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
