/**
 * The one error catalogue (after Dapr's pkg/messages and pkg/api/errors): every error either
 * transport renders has a code, an HTTP status, a gRPC status code and a message template. Operations throw
 * `ApiError`s made here; the HTTP API renders `{errorCode, message}` with the status, the gRPC API the code
 * with the message. HTTP statuses follow the spec's Errors tables, which sometimes differ from Dapr's
 * (secret store missing: 400, not 401); gRPC codes follow daprd's.
 */

/** gRPC status codes by name (grpc-js' `status` enum has the same numbers; this layer does not load grpc-js). */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type GrpcCodeName = keyof typeof GrpcCode;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra fields rendered beside errorCode and message (bulk publish's failedEntries). */
    readonly details: Record<string, unknown> = {},
    /** daprd's gRPC status code for the same error. */
    readonly grpcCode: GrpcCodeName = "INTERNAL",
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The same error with the status another endpoint's table asks for. */
  withStatus(status: number): ApiError {
    return new ApiError(status, this.errorCode, this.message, this.details, this.grpcCode);
  }

  toBody(): Record<string, unknown> {
    return { errorCode: this.errorCode, message: this.message, ...this.details };
  }
}

type Template = (...args: string[]) => ApiError;

function entry(errorCode: string, status: number, grpcCode: GrpcCodeName, template: string): Template {
  return (...args: string[]) => {
    let index = 0;
    const message = template.replace(/%s/g, () => args[index++] ?? "");
    return new ApiError(status, errorCode, message, {}, grpcCode);
  };
}

export const Errors = {
  // General
  notFound: entry("ERR_NOT_FOUND", 404, "UNIMPLEMENTED", "%s %s: route not found"),
  methodNotAllowed: entry("ERR_METHOD_NOT_ALLOWED", 405, "UNIMPLEMENTED", "%s %s: method not allowed"),
  malformedRequest: entry("ERR_MALFORMED_REQUEST", 400, "INVALID_ARGUMENT", "malformed request: %s"),
  bodyTooLarge: entry("ERR_BODY_TOO_LARGE", 413, "RESOURCE_EXHAUSTED", "request body exceeds the limit of %s bytes (raise it with --max-body-size)"),
  unauthorized: entry("ERR_UNAUTHORIZED", 401, "UNAUTHENTICATED", "authorization failed: missing or invalid API token"),
  internal: entry("ERR_INTERNAL", 500, "INTERNAL", "internal error: %s"),
  notReady: entry("ERR_HEALTH_NOT_READY", 500, "INTERNAL", "sidecar is not ready: %s"),
  componentsNotReady: entry("ERR_OUTBOUND_HEALTH_NOT_READY", 500, "INTERNAL", "sidecar outbound is not ready: %s"),
  /** daprd's healthz with `?appid=` naming another app (name resolvers check they reached the right one). */
  healthAppIdMismatch: entry("ERR_HEALTH_APPID_NOT_MATCH", 500, "INTERNAL", "dapr app-id does not match"),
  /** daprd's tracing middleware refuses a `baggage` header OpenTelemetry cannot parse (it answers in plain text; here the catalogue's JSON). */
  invalidBaggage: entry("ERR_MALFORMED_REQUEST", 400, "INVALID_ARGUMENT", "invalid baggage header: %s"),
  metadataKeyInvalid: entry("ERR_METADATA_SET", 400, "INVALID_ARGUMENT", "invalid metadata key: %s"),
  /** A building block runtimed does not serve (unsupported.ts names it); daprd's ERR_API_UNIMPLEMENTED is 501 too. */
  notSupported: entry("ERR_NOT_SUPPORTED", 501, "UNIMPLEMENTED", "%s"),

  // Pub/sub (spec: Errors, publish and bulk publish; gRPC codes: daprd's pkg/api/errors/pubsub.go)
  pubsubNotConfigured: entry("ERR_PUBSUB_NOT_CONFIGURED", 400, "FAILED_PRECONDITION", "no pubsub is configured"),
  pubsubEmpty: entry("ERR_PUBSUB_EMPTY", 404, "INVALID_ARGUMENT", "pubsub name is empty"),
  pubsubTopicEmpty: entry("ERR_TOPIC_NAME_EMPTY", 404, "INVALID_ARGUMENT", "topic is empty in pubsub %s"),
  pubsubNotFound: entry("ERR_PUBSUB_NOT_FOUND", 404, "INVALID_ARGUMENT", "pubsub %s is not found"),
  pubsubForbidden: entry("ERR_PUBSUB_FORBIDDEN", 403, "PERMISSION_DENIED", "topic %s is not allowed for app id %s"),
  pubsubPublishMessage: entry("ERR_PUBSUB_PUBLISH_MESSAGE", 500, "INTERNAL", "error when publishing to topic %s in pubsub %s: %s"),
  pubsubCloudEventsSer: entry("ERR_PUBSUB_CLOUD_EVENTS_SER", 400, "INVALID_ARGUMENT", "error when creating the cloud event for topic %s in pubsub %s: %s"),
  /** daprd's CloudEventCreation: a `dapr.io` pub/sub's cloudevents+json body that is not a JSON object. */
  pubsubCloudEventCreation: entry("ERR_PUBSUB_CLOUD_EVENTS_SER", 500, "INVALID_ARGUMENT", "cannot create cloudevent"),
  pubsubEventsSer: entry("ERR_PUBSUB_EVENTS_SER", 400, "INVALID_ARGUMENT", "error when marshalling the bulk publish request for topic %s in pubsub %s: %s"),
  /**
   * SubscribeTopicEventsAlpha1's own refusals (no initial request first, a second one, no pub/sub name or
   * topic), with daprd's messages and code: daprd's pkg/api/grpc/subscribe.go returns them as plain Go
   * errors, which grpc-go sends as UNKNOWN.
   */
  streamProtocol: entry("ERR_PUBSUB_STREAM_PROTOCOL", 400, "UNKNOWN", "%s"),
  /**
   * A stream on a topic the component's scopes refuse: daprd's subscription.New fails with a plain error,
   * wrapped by StartStreamerSubscription (UNKNOWN on gRPC); the HTTP stream answers 403 as publish does.
   */
  streamForbidden: entry("ERR_PUBSUB_FORBIDDEN", 403, "UNKNOWN", "failed to create subscription for %s: subscription to topic '%s' on pubsub '%s' is not allowed"),
  /** The sidecar ended the stream (its pub/sub reloaded or removed): the subscriber opens it again. */
  streamEnded: entry("ERR_PUBSUB_STREAM_ENDED", 503, "UNAVAILABLE", "%s"),
  /** Streaming subscriptions: an acknowledgement for a stream that is not open (ended, or never was). */
  streamNotFound: entry("ERR_PUBSUB_STREAM_NOT_FOUND", 404, "NOT_FOUND", "subscription stream %s is not open"),
  pubsubRequestMetadata: entry("ERR_PUBSUB_REQUEST_METADATA", 400, "INVALID_ARGUMENT", "invalid metadata for topic %s in pubsub %s: %s"),

  // Configuration (spec: Errors, configuration; gRPC codes: daprd's getConfigurationStore and subscribeConfiguration)
  configurationStoresNotConfigured: entry("ERR_CONFIGURATION_STORE_NOT_CONFIGURED", 400, "FAILED_PRECONDITION", "configuration stores not configured"),
  configurationStoreNotFound: entry("ERR_CONFIGURATION_STORE_NOT_FOUND", 400, "INVALID_ARGUMENT", "configuration store %s is not found"),
  configurationGet: entry("ERR_CONFIGURATION_GET", 500, "INTERNAL", "failed to get %s from configuration store %s: %s"),
  configurationSubscribe: entry("ERR_CONFIGURATION_SUBSCRIBE", 500, "INVALID_ARGUMENT", "failed to subscribe %s from configuration store %s: %s"),
  configurationUnsubscribe: entry("ERR_CONFIGURATION_UNSUBSCRIBE", 500, "INTERNAL", "failed to unsubscribe %s from configuration store %s: %s"),

  // Secrets (spec: Errors, secrets; gRPC codes: daprd's pkg/messages)
  secretStoresNotConfigured: entry("ERR_SECRET_STORES_NOT_CONFIGURED", 500, "FAILED_PRECONDITION", "secret store is not configured"),
  secretStoreNotFound: entry("ERR_SECRET_STORE_NOT_FOUND", 400, "INVALID_ARGUMENT", "failed finding secret store with key %s"),
  secretPermissionDenied: entry("ERR_PERMISSION_DENIED", 403, "PERMISSION_DENIED", "access denied by policy to get %s from %s"),
  secretGet: entry("ERR_SECRET_GET", 500, "INTERNAL", "failed getting secret with key %s from secret store %s: %s"),
  secretBulkGet: entry("ERR_SECRET_GET", 500, "INTERNAL", "failed getting secrets from secret store %s: %s"),

  // Bindings (docs/api.md "Bindings"; daprd answers INTERNAL to all three on gRPC, as 500 on HTTP: we say which on both)
  bindingNotFound: entry("ERR_BINDING_NOT_FOUND", 404, "NOT_FOUND", "output binding %s is not found"),
  bindingOperationUnsupported: entry("ERR_BINDING_OPERATION_NOT_SUPPORTED", 400, "INVALID_ARGUMENT", "binding %s does not support operation %s (supported: %s)"),
  bindingRequest: entry("ERR_MALFORMED_REQUEST", 400, "INVALID_ARGUMENT", "invalid binding request: %s"),
  bindingInvoke: entry("ERR_INVOKE_OUTPUT_BINDING", 500, "INTERNAL", "error invoking output binding %s: %s"),
} satisfies Record<string, Template>;
