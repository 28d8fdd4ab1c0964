import type { InvokeRequest } from "../../components/bindings/types.js";
import type { BulkPublishRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/BulkPublishRequest.js";
import type { BulkPublishResponse } from "../../proto/gen/dapr/proto/runtime/v1/BulkPublishResponse.js";
import type { GetBulkSecretRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/GetBulkSecretRequest.js";
import type { GetBulkSecretResponse } from "../../proto/gen/dapr/proto/runtime/v1/GetBulkSecretResponse.js";
import type { GetConfigurationRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/GetConfigurationRequest.js";
import type { GetConfigurationResponse } from "../../proto/gen/dapr/proto/runtime/v1/GetConfigurationResponse.js";
import type { GetMetadataResponse } from "../../proto/gen/dapr/proto/runtime/v1/GetMetadataResponse.js";
import type { GetSecretRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/GetSecretRequest.js";
import type { GetSecretResponse } from "../../proto/gen/dapr/proto/runtime/v1/GetSecretResponse.js";
import type { InvokeBindingRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/InvokeBindingRequest.js";
import type { InvokeBindingResponse } from "../../proto/gen/dapr/proto/runtime/v1/InvokeBindingResponse.js";
import type { PublishEventRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/PublishEventRequest.js";
import type { SetMetadataRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/SetMetadataRequest.js";
import type { UnsubscribeConfigurationRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/UnsubscribeConfigurationRequest.js";
import type { UnsubscribeConfigurationResponse } from "../../proto/gen/dapr/proto/runtime/v1/UnsubscribeConfigurationResponse.js";
import type { ConfigurationItem } from "../../proto/gen/dapr/proto/common/v1/ConfigurationItem.js";
import { JsonDepthError, parseJson } from "../../util/json.js";
import { checkedKeys, Errors, itemView, NO_METADATA, type BulkInputEntry, type Universal } from "../universal/index.js";

/** What a method reads from the call besides its request: the caller's trace context (gRPC metadata). */
export interface CallContext {
  traceparent?: string;
}

type Empty = Record<string, never>;
const EMPTY: Empty = {};

/** A map field as protobuf gives it: a plain object of strings (keyed by user input, so without a prototype). */
function stringMap(map: Record<string, string> | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  // for...in rather than Object.entries: no array of pairs per call (most requests carry an empty map).
  for (const key in map) if (Object.hasOwn(map, key)) out[key] = String(map[key]);
  return out;
}

/** A publish's map: the shared empty one when it has no entry (most publishes), else a copy as stringMap makes. */
function publishMetadata(map: Record<string, string> | undefined): Record<string, string> {
  for (const key in map) if (Object.hasOwn(map, key)) return stringMap(map);
  return NO_METADATA;
}

/** A binding's data as the HTTP API hands it over: JSON when it parses (within the depth bound), else the text. */
function bindingData(data: Buffer): unknown {
  if (data.length === 0) return undefined;
  try {
    return parseJson(data);
  } catch (error) {
    if (error instanceof JsonDepthError) throw Errors.bindingRequest(`the data is ${error.message}`);
    return data.toString("utf8");
  }
}

function responseData(data: unknown): Buffer {
  if (data === undefined || data === null) return Buffer.alloc(0);
  if (Buffer.isBuffer(data)) return data;
  return Buffer.from(JSON.stringify(data));
}

function configurationItems(items: Map<string, { value: string; version?: string; metadata?: Record<string, string> }>): Record<string, ConfigurationItem> {
  const out = Object.create(null) as Record<string, ConfigurationItem>;
  for (const [key, item] of items) out[key] = itemView(item);
  return out;
}

/**
 * The unary methods of `dapr.proto.runtime.v1.Dapr` runtimed serves: each parses its request, calls the
 * universal operation, and renders the protobuf answer (nothing for Empty). Errors are the catalogue's,
 * rendered by server.ts.
 */
export function unaryMethods(api: Universal): Record<string, (request: never, call: CallContext) => Promise<unknown>> {
  // Resolves with nothing, which server.ts answers as Empty: no async frame of its own on the hot path.
  const publish = (request: PublishEventRequest__Output, call: CallContext): Promise<void> =>
    api.publishEvent({ pubsubName: request.pubsub_name, topic: request.topic, data: request.data, contentType: request.data_content_type || undefined, metadata: publishMetadata(request.metadata), traceparent: call.traceparent });
  // daprd answers OK with the failed entries listed (a client retries those alone).
  const bulkPublish = async (request: BulkPublishRequest__Output, call: CallContext): Promise<BulkPublishResponse> => {
    const entries = request.entries.map((entry): BulkInputEntry => ({ entryId: entry.entry_id, data: entry.event, contentType: entry.content_type || "text/plain", metadata: stringMap(entry.metadata) }));
    const { failedEntries } = await api.bulkPublishEvent({ pubsubName: request.pubsub_name, topic: request.topic, entries, metadata: stringMap(request.metadata), traceparent: call.traceparent });
    return { failedEntries: failedEntries.map((f) => ({ entry_id: f.entryId, error: f.error })) };
  };
  const getConfiguration = async (request: GetConfigurationRequest__Output): Promise<GetConfigurationResponse> => {
    api.configuration.check(request.store_name);
    return { items: configurationItems(await api.configuration.get(request.store_name, checkedKeys(request.keys), stringMap(request.metadata))) };
  };
  const unsubscribeConfiguration = async (request: UnsubscribeConfigurationRequest__Output): Promise<UnsubscribeConfigurationResponse> => {
    const result = await api.configuration.unsubscribe(request.store_name, request.id);
    return { ok: result.ok, message: result.message ?? "" };
  };
  return {
    PublishEvent: publish,
    BulkPublishEvent: bulkPublish,
    BulkPublishEventAlpha1: bulkPublish,
    GetSecret: async (request: GetSecretRequest__Output): Promise<GetSecretResponse> => ({ data: (await api.secrets.get(request.store_name, request.key, stringMap(request.metadata))) ?? {} }),
    GetBulkSecret: async (request: GetBulkSecretRequest__Output): Promise<GetBulkSecretResponse> => {
      const secrets = await api.secrets.bulkGet(request.store_name, stringMap(request.metadata));
      return { data: Object.fromEntries(Object.entries(secrets).map(([name, values]) => [name, { secrets: values }])) };
    },
    GetConfiguration: getConfiguration,
    GetConfigurationAlpha1: getConfiguration,
    UnsubscribeConfiguration: unsubscribeConfiguration,
    UnsubscribeConfigurationAlpha1: unsubscribeConfiguration,
    InvokeBinding: async (request: InvokeBindingRequest__Output): Promise<InvokeBindingResponse> => {
      api.bindings.binding(request.name);
      const invoke: InvokeRequest = { operation: request.operation, data: bindingData(request.data), metadata: stringMap(request.metadata) };
      const response = await api.bindings.invoke(request.name, invoke);
      return { data: responseData(response.data), metadata: stringMap(response.metadata) };
    },
    GetMetadata: (): Promise<GetMetadataResponse> => Promise.resolve(metadataResponse(api)),
    SetMetadata: (request: SetMetadataRequest__Output): Promise<Empty> => {
      api.setMetadata(request.key, request.value);
      return Promise.resolve(EMPTY);
    },
    Shutdown: (): Promise<Empty> => {
      // The answer goes out first (setImmediate in the operation), then the sidecar drains, as over HTTP.
      api.shutdown();
      return Promise.resolve(EMPTY);
    },
  };
}

function metadataResponse(api: Universal): GetMetadataResponse {
  const view = api.getMetadata();
  const app = view.appConnectionProperties;
  return {
    id: view.id,
    runtime_version: view.runtimeVersion,
    enabled_features: view.enabledFeatures,
    active_actors_count: [],
    registered_components: view.components,
    extended_metadata: view.extended,
    subscriptions: view.subscriptions.map((s) => ({ pubsub_name: s.pubsubname, topic: s.topic, metadata: s.metadata, rules: { rules: s.rules }, dead_letter_topic: s.deadLetterTopic, type: s.type })),
    http_endpoints: [],
    app_connection_properties: { port: app.port ?? 0, protocol: app.protocol, channel_address: app.channelAddress, max_concurrency: app.maxConcurrency, ...(app.health ? { health: { health_check_path: app.health.healthCheckPath, health_probe_interval: app.health.healthProbeInterval, health_probe_timeout: app.health.healthProbeTimeout, health_threshold: app.health.healthThreshold } } : {}) },
    actor_runtime: { runtime_status: view.actorRuntime.runtimeStatus, host_ready: view.actorRuntime.hostReady, placement: view.actorRuntime.placement },
  };
}
