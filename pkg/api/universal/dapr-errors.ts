import { ApiError } from "./errors.js";

/**
 * daprd's rich pub/sub errors for a `dapr.io` pub/sub (dapr/dapr pkg/api/errors/pubsub.go, rendered by
 * dapr/kit's errors.JSONErrorValue): the catalogue's code, status and message, plus `details`: a
 * google.rpc.ResourceInfo naming the pub/sub (left out where daprd skips it) and a google.rpc.ErrorInfo
 * with daprd's `DAPR_PUBSUB_*` reason, domain `dapr.io` and its metadata. Go writes map keys sorted, so
 * each detail's keys (and the metadata's) come sorted too.
 */
const TYPE_PREFIX = "type.googleapis.com/google.rpc.";

function sorted(map: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function rich(status: number, errorCode: string, grpcCode: ApiError["grpcCode"], message: string, reason: string, pubsubName: string, metadata: Readonly<Record<string, string>>, resourceInfo = true): ApiError {
  const details: unknown[] = [];
  if (resourceInfo) details.push({ "@type": `${TYPE_PREFIX}ResourceInfo`, description: message, owner: "", resource_name: pubsubName, resource_type: "pubsub" });
  details.push({ "@type": `${TYPE_PREFIX}ErrorInfo`, domain: "dapr.io", metadata: sorted(metadata), reason });
  return new ApiError(status, errorCode, message, { details }, grpcCode);
}

/** The errors daprd's publish and bulk publish handlers (pkg/api/http/http.go onPublish, onBulkPublish) answer. */
export interface DaprPubSubErrors {
  topicEmpty(requestMetadata: Record<string, string>): ApiError;
  metadataDeserialize(requestMetadata: Record<string, string>, error: string): ApiError;
  cloudEventCreation(error: string): ApiError;
  forbidden(topic: string): ApiError;
  publishMessage(topic: string, error: string): ApiError;
  unmarshalEvents(topic: string, error: string): ApiError;
  marshalEnvelope(topic: string, error: string): ApiError;
  marshalEvents(topic: string, error: string): ApiError;
}

export function daprPubSubErrors(pubsubName: string, appId: string): DaprPubSubErrors {
  const appError = (error?: string): Record<string, string> => ({ appID: appId, ...(error !== undefined ? { error } : {}) });
  return {
    topicEmpty: (requestMetadata: Record<string, string>): ApiError => rich(404, "ERR_TOPIC_NAME_EMPTY", "INVALID_ARGUMENT", `topic is empty in pubsub ${pubsubName}`, "DAPR_PUBSUB_TOPIC_NAME_EMPTY", pubsubName, requestMetadata),
    metadataDeserialize: (requestMetadata: Record<string, string>, error: string): ApiError =>
      rich(400, "ERR_PUBSUB_REQUEST_METADATA", "INVALID_ARGUMENT", `failed deserializing metadata. Error: ${error}`, "DAPR_PUBSUB_METADATA_DESERIALIZATION", pubsubName, requestMetadata),
    cloudEventCreation: (error: string): ApiError => rich(500, "ERR_PUBSUB_CLOUD_EVENTS_SER", "INVALID_ARGUMENT", "cannot create cloudevent", "DAPR_PUBSUB_CLOUD_EVENT_CREATION", pubsubName, appError(error)),
    forbidden: (topic: string): ApiError => {
      const message = `topic ${topic} is not allowed for app id ${appId}`;
      return rich(403, "ERR_PUBSUB_FORBIDDEN", "PERMISSION_DENIED", message, "DAPR_PUBSUB_FORBIDDEN", pubsubName, { topic, error: message });
    },
    publishMessage: (topic: string, error: string): ApiError => rich(500, "ERR_PUBSUB_PUBLISH_MESSAGE", "INTERNAL", `error when publishing to topic ${topic} in pubsub ${pubsubName}: ${error}`, "DAPR_PUBSUB_PUBLISH_MESSAGE", pubsubName, { topic, error }),
    unmarshalEvents: (topic: string, error: string): ApiError => rich(400, "ERR_PUBSUB_EVENTS_SER", "INVALID_ARGUMENT", `error when unmarshaling the request for topic ${topic} pubsub ${pubsubName}: ${error}`, "DAPR_PUBSUB_UNMARSHAL_EVENTS", pubsubName, appError()),
    marshalEnvelope: (topic: string, error: string): ApiError =>
      rich(400, "ERR_PUBSUB_EVENTS_SER", "INVALID_ARGUMENT", `error when marshalling cloud event envelope for topic ${topic} pubsub ${pubsubName}: ${error}`, "DAPR_PUBSUB_MARSHAL_ENVELOPE", pubsubName, appError(error)),
    marshalEvents: (topic: string, error: string): ApiError =>
      rich(400, "ERR_PUBSUB_EVENTS_SER", "INVALID_ARGUMENT", `error marshaling events to bytes for topic ${topic} pubsub ${pubsubName}. error: ${error}`, "DAPR_PUBSUB_MARSHAL_EVENTS", pubsubName, appError(error)),
  };
}
