import { BindingOperations } from "./bindings.js";
import { ConfigurationOperations } from "./configuration.js";
import type { ApiContext } from "./context.js";
import { getMetadata, setMetadata, shutdown, type MetadataView } from "./metadata.js";
import { bulkPublishEvent, publishEvent, topicEmptyError, type BulkPublishInput, type PublishEventInput } from "./pubsub.js";
import type { ApiError } from "./errors.js";
import { SecretOperations } from "./secrets.js";

export { ApiError, Errors, GrpcCode, type GrpcCodeName } from "./errors.js";
export { outboundPolicy, type ApiContext, type SubscriptionInfo } from "./context.js";
export { checkEntryIds, NO_METADATA, type BulkInputEntry, type BulkPublishInput, type PublishEventInput } from "./pubsub.js";
export { checkedKeys, itemView, type ConfigurationSink } from "./configuration.js";
export { notSupported, unsupportedMethod, UNSUPPORTED_BLOCKS } from "./unsupported.js";
export type { MetadataView };

/**
 * The building-block operations once (Dapr's pkg/api/universal): the HTTP routes and the gRPC methods
 * parse their request, call one of these, and render the result or the catalogue error. A rule (scoping,
 * the not-configured order, entry ids, secret filtering) lives here and nowhere in a transport.
 */
export class Universal {
  readonly secrets: SecretOperations;
  readonly configuration: ConfigurationOperations;
  readonly bindings: BindingOperations;

  constructor(readonly ctx: ApiContext) {
    this.secrets = new SecretOperations(ctx);
    this.configuration = new ConfigurationOperations(ctx);
    this.bindings = new BindingOperations(ctx);
  }

  publishEvent(input: PublishEventInput): Promise<void> {
    return publishEvent(this.ctx, input);
  }

  bulkPublishEvent(input: BulkPublishInput): Promise<{ failedEntries: Array<{ entryId: string; error: string }> }> {
    return bulkPublishEvent(this.ctx, input);
  }

  /** No topic in the path: the spec's 404, with daprd's details for a `dapr.io` pub/sub. */
  topicEmpty(pubsubName: string, metadata: Record<string, string>): ApiError {
    return topicEmptyError(this.ctx, pubsubName, metadata);
  }

  getMetadata(): MetadataView {
    return getMetadata(this.ctx);
  }

  setMetadata(key: string, value: string): void {
    setMetadata(this.ctx, key, value);
  }

  shutdown(): void {
    shutdown(this.ctx);
  }
}
