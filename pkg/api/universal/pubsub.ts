import { PublishError, type BulkInputEntry } from "../../runtime/pubsub/publisher.js";
import type { ApiContext } from "./context.js";
import { daprPubSubErrors, type DaprPubSubErrors } from "./dapr-errors.js";
import { isDaprComponent } from "./dialect.js";
import { ApiError, Errors } from "./errors.js";

export type { BulkInputEntry };

/**
 * The metadata of a publish that carries none, which is most: one shared map instead of a dictionary object per
 * call. Frozen, since nothing downstream writes to a request's metadata (components copy what they keep).
 */
export const NO_METADATA: Readonly<Record<string, string>> = Object.freeze(Object.create(null) as Record<string, string>);

export interface PublishEventInput {
  pubsubName: string;
  topic: string;
  data: Buffer;
  contentType?: string;
  /** Request metadata (`metadata.*` query parameters on HTTP, the request's map on gRPC). */
  metadata: Record<string, string>;
  /** The caller's W3C traceparent (a header on HTTP, gRPC metadata), already validated. */
  traceparent?: string;
  /** The caller's tracestate, carried into the envelope with its traceparent (daprd keeps it, tracing on or off). */
  tracestate?: string;
}

export interface BulkPublishInput {
  pubsubName: string;
  topic: string;
  entries: BulkInputEntry[];
  metadata: Record<string, string>;
  traceparent?: string;
}

/**
 * The target checks both publishes make, in daprd's order where the spec is silent: a name, a topic, at least
 * one pub/sub (daprd's "not configured"), then the publisher's own (unknown pub/sub, topic scoping).
 */
function checkTarget(ctx: ApiContext, pubsubName: string, topic: string, metadata: Record<string, string>): void {
  if (pubsubName === "") throw Errors.pubsubEmpty();
  if (!/[^/]/.test(topic)) throw topicEmptyError(ctx, pubsubName, metadata);
  if (!ctx.pubsub) throw Errors.internal("pub/sub is not wired into this runtime");
  // A pub/sub of that name proves there is one; only an unknown name pays the count.
  if (ctx.store.entry(pubsubName)?.kind !== "pubsub" && ctx.store.count("pubsub") === 0) throw Errors.pubsubNotConfigured();
}

/** No topic given: the spec's 404 ERR_TOPIC_NAME_EMPTY, with daprd's details for a `dapr.io` pub/sub. */
export function topicEmptyError(ctx: ApiContext, pubsubName: string, metadata: Record<string, string>): ApiError {
  return isDaprComponent(ctx, pubsubName) ? daprPubSubErrors(pubsubName, ctx.appId).topicEmpty(metadata) : Errors.pubsubTopicEmpty(pubsubName);
}

/**
 * Spec endpoint 1 (gRPC PublishEvent): resolves once the broker accepted the message (spec note 1). Not an async
 * function: the publisher's own frame is the one a publish needs; a refusal comes back as a rejection all the same.
 */
export function publishEvent(ctx: ApiContext, input: PublishEventInput): Promise<void> {
  try {
    checkTarget(ctx, input.pubsubName, input.topic, input.metadata);
    return ctx.pubsub!.publish({ pubsubName: input.pubsubName, topic: input.topic, body: input.data, contentType: input.contentType, metadata: input.metadata, traceparent: input.traceparent, tracestate: input.traceparent ? input.tracestate : undefined }).catch((error: unknown) => {
      throw publishError(error, ctx, input.pubsubName, input.topic, input.metadata);
    });
  } catch (error) {
    return Promise.reject(publishError(error, ctx, input.pubsubName, input.topic, input.metadata));
  }
}

/**
 * Spec endpoint 2 (gRPC BulkPublishEvent): entry ids present and unique, then every entry published. Entries
 * the broker refused come back in `failedEntries`; each transport renders them its way (HTTP 500, gRPC OK as
 * daprd). An unknown pub/sub is 400 here on HTTP (the spec's bulk table), 404 on single publish.
 */
export async function bulkPublishEvent(ctx: ApiContext, input: BulkPublishInput): Promise<{ failedEntries: Array<{ entryId: string; error: string }> }> {
  checkTarget(ctx, input.pubsubName, input.topic, input.metadata);
  checkEntryIds(input.entries, (problem) => (isDaprComponent(ctx, input.pubsubName) ? daprPubSubErrors(input.pubsubName, ctx.appId).marshalEvents(input.topic, problem) : Errors.pubsubEventsSer(input.topic, input.pubsubName, problem)));
  try {
    return await ctx.pubsub!.bulkPublish(input.pubsubName, input.topic, input.entries, input.metadata, input.traceparent);
  } catch (error) {
    const mapped = publishError(error, ctx, input.pubsubName, input.topic, input.metadata);
    throw mapped instanceof ApiError && mapped.errorCode === "ERR_PUBSUB_NOT_FOUND" ? mapped.withStatus(400) : mapped;
  }
}

/** daprd refuses a bulk request whose entry ids are empty or repeated (INVALID_ARGUMENT; spec: 400). */
export function checkEntryIds(entries: ReadonlyArray<{ entryId: string }>, bad: (problem: string) => ApiError): void {
  const seen = new Set<string>();
  entries.forEach(({ entryId }, index) => {
    if (entryId === "") throw bad(`entry #${index}: entryId is required`);
    if (seen.has(entryId)) throw bad(`entryId ${JSON.stringify(entryId)} is duplicated`);
    seen.add(entryId);
  });
}

function publishError(error: unknown, ctx: ApiContext, pubsubName: string, topic: string, metadata: Record<string, string>): unknown {
  if (!(error instanceof PublishError)) return error;
  if (error.kind !== "not-found" && isDaprComponent(ctx, pubsubName)) return daprPublishError(error, daprPubSubErrors(pubsubName, ctx.appId), topic, metadata);
  const appId = ctx.appId;
  switch (error.kind) {
    case "not-found":
      return Errors.pubsubNotFound(pubsubName);
    case "forbidden":
      return Errors.pubsubForbidden(topic, appId);
    case "invalid-event":
      return Errors.pubsubCloudEventsSer(topic, pubsubName, error.message);
    case "cloudevent-creation":
      return Errors.pubsubCloudEventCreation();
    case "invalid-metadata":
      return Errors.pubsubRequestMetadata(topic, pubsubName, error.message);
    case "failed":
      return Errors.pubsubPublishMessage(topic, pubsubName, error.message);
  }
}

/** daprd's answer to each refusal (pkg/api/http/http.go onPublish), for a `dapr.io` pub/sub. */
function daprPublishError(error: PublishError, dapr: DaprPubSubErrors, topic: string, metadata: Record<string, string>): ApiError {
  switch (error.kind) {
    case "forbidden":
      return dapr.forbidden(topic);
    case "invalid-metadata":
      return dapr.metadataDeserialize(metadata, error.message);
    case "cloudevent-creation":
      return dapr.cloudEventCreation(error.message);
    case "invalid-event":
      return dapr.marshalEnvelope(topic, error.message);
    default:
      return dapr.publishMessage(topic, error.message);
  }
}
