/**
 * The one error catalogue (after Dapr's pkg/messages): every error the API renders has a
 * code, an HTTP status and a message template. Handlers throw `ApiError`s made here; one middleware
 * renders `{errorCode, message}`. Statuses follow the spec's Errors tables, which sometimes differ
 * from Dapr's (secret store missing: 400, not 401).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra fields rendered beside errorCode and message (bulk publish's failedEntries). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The same error with the status another endpoint's table asks for. */
  withStatus(status: number): ApiError {
    return new ApiError(status, this.errorCode, this.message, this.details);
  }

  toBody(): Record<string, unknown> {
    return { errorCode: this.errorCode, message: this.message, ...this.details };
  }
}

type Template = (...args: string[]) => ApiError;

function entry(errorCode: string, status: number, template: string): Template {
  return (...args: string[]) => {
    let index = 0;
    const message = template.replace(/%s/g, () => args[index++] ?? "");
    return new ApiError(status, errorCode, message);
  };
}

export const Errors = {
  // General
  notFound: entry("ERR_NOT_FOUND", 404, "%s %s: route not found"),
  methodNotAllowed: entry("ERR_METHOD_NOT_ALLOWED", 405, "%s %s: method not allowed"),
  malformedRequest: entry("ERR_MALFORMED_REQUEST", 400, "malformed request: %s"),
  bodyTooLarge: entry("ERR_BODY_TOO_LARGE", 413, "request body exceeds the limit of %s bytes"),
  unauthorized: entry("ERR_UNAUTHORIZED", 401, "authorization failed: missing or invalid API token"),
  internal: entry("ERR_INTERNAL", 500, "internal error: %s"),
  notReady: entry("ERR_HEALTH_NOT_READY", 500, "sidecar is not ready: %s"),
  componentsNotReady: entry("ERR_OUTBOUND_HEALTH_NOT_READY", 500, "sidecar outbound is not ready: %s"),
  metadataKeyInvalid: entry("ERR_METADATA_SET", 400, "invalid metadata key: %s"),

  // Pub/sub (spec: Errors, publish and bulk publish)
  pubsubEmpty: entry("ERR_PUBSUB_EMPTY", 404, "pubsub name is empty"),
  pubsubTopicEmpty: entry("ERR_TOPIC_EMPTY", 404, "topic is empty in pubsub %s"),
  pubsubNotFound: entry("ERR_PUBSUB_NOT_FOUND", 404, "pubsub %s is not found"),
  pubsubForbidden: entry("ERR_PUBSUB_FORBIDDEN", 403, "topic %s is not allowed for app id %s"),
  pubsubPublishMessage: entry("ERR_PUBSUB_PUBLISH_MESSAGE", 500, "error when publishing to topic %s in pubsub %s: %s"),
  pubsubCloudEventsSer: entry("ERR_PUBSUB_CLOUD_EVENTS_SER", 400, "error when creating the cloud event for topic %s in pubsub %s: %s"),
  pubsubEventsSer: entry("ERR_PUBSUB_EVENTS_SER", 400, "error when marshalling the bulk publish request for topic %s in pubsub %s: %s"),
  pubsubRequestMetadata: entry("ERR_PUBSUB_REQUEST_METADATA", 400, "invalid metadata for topic %s in pubsub %s: %s"),

  // Configuration (spec: Errors, configuration)
  configurationStoresNotConfigured: entry("ERR_CONFIGURATION_STORE_NOT_CONFIGURED", 400, "configuration stores not configured"),
  configurationStoreNotFound: entry("ERR_CONFIGURATION_STORE_NOT_FOUND", 400, "configuration store %s is not found"),
  configurationGet: entry("ERR_CONFIGURATION_GET", 500, "failed to get %s from configuration store %s: %s"),
  configurationSubscribe: entry("ERR_CONFIGURATION_SUBSCRIBE", 500, "failed to subscribe %s from configuration store %s: %s"),
  configurationUnsubscribe: entry("ERR_CONFIGURATION_UNSUBSCRIBE", 500, "failed to unsubscribe %s from configuration store %s: %s"),

  // Secrets (spec: Errors, secrets)
  secretStoresNotConfigured: entry("ERR_SECRET_STORES_NOT_CONFIGURED", 500, "secret store is not configured"),
  secretStoreNotFound: entry("ERR_SECRET_STORE_NOT_FOUND", 400, "failed finding secret store with key %s"),
  secretPermissionDenied: entry("ERR_PERMISSION_DENIED", 403, "access denied by policy to get %s from %s"),
  secretGet: entry("ERR_SECRET_GET", 500, "failed getting secret with key %s from secret store %s: %s"),
  secretBulkGet: entry("ERR_SECRET_GET", 500, "failed getting secrets from secret store %s: %s"),

  // Bindings (docs/api.md "Bindings": 404, 400 and 500 say which, where Dapr answers 500)
  bindingNotFound: entry("ERR_BINDING_NOT_FOUND", 404, "output binding %s is not found"),
  bindingOperationUnsupported: entry("ERR_BINDING_OPERATION_NOT_SUPPORTED", 400, "binding %s does not support operation %s (supported: %s)"),
  bindingRequest: entry("ERR_MALFORMED_REQUEST", 400, "invalid binding request: %s"),
  bindingInvoke: entry("ERR_INVOKE_OUTPUT_BINDING", 500, "error invoking output binding %s: %s"),
} satisfies Record<string, Template>;
