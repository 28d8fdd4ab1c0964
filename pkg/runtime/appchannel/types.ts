import type { Logger } from "../../diagnostics/logger.js";

/**
 * The app channel: how the sidecar hands the app what it subscribed to, whatever the transport
 * (`--app-protocol http|grpc`, daprd's `pkg/channel`). The delivery machinery above it (retries,
 * Resiliency, dead letters, metrics, spans) speaks only this contract; each implementation maps its
 * transport's answers onto one outcome, as daprd's postmen do.
 */
export interface AppChannel {
  readonly protocol: "http" | "grpc";
  /** host:port, for log lines. */
  readonly target: string;
  /** Whether the app's port has accepted a connection yet. */
  readonly isReachable: boolean;
  /** True once the app's port has accepted a connection; false if `signal` aborts first. */
  whenReachable(signal: AbortSignal): Promise<boolean>;
  /** Polls the app's port until it opens (true) or `signal` aborts (false), logging at a slow interval while it waits. */
  waitUntilReachable(logger: Logger, signal: AbortSignal): Promise<boolean>;
  /**
   * The app's programmatic subscriptions in Dapr's declaration shape (`pubsubname`, `topic`, `route` or
   * `routes: {rules, default}`, `metadata`, `deadLetterTopic`, `bulkSubscribe`), read by `parse`. Asked
   * again with backoff while the app is starting, until `signal` aborts.
   */
  listSubscriptions<T>(parse: DeclarationParser<T>, logger: Logger, signal: AbortSignal): Promise<T[]>;
  /** One message to the app. Never rejects: a transport failure is an outcome (retry). */
  deliverTopicEvent(event: TopicEvent): Promise<DeliveryResult>;
  /** Several messages in one call; one result per entry id. Never rejects. */
  deliverBulk(bulk: BulkDelivery): Promise<Map<string, DeliveryResult>>;
  /** Whether the app takes the events of input binding `name` (gRPC apps list theirs; HTTP apps take any). */
  acceptsBinding(name: string, signal: AbortSignal): Promise<boolean>;
  /** One input binding event; resolves when the app took it, rejects otherwise. */
  deliverBindingEvent(event: BindingEvent): Promise<void>;
  /** One app health probe (daprd's `pkg/apphealth`): undefined when healthy, else why not. */
  probeHealth(timeoutMs: number): Promise<string | undefined>;
  close(): void;
}

/**
 * What the delivery machinery hands messages to: the app channel, or a subscriber's stream
 * (pkg/runtime/pubsub/streams), whose acknowledgements come back as the same outcomes.
 */
export type DeliveryTarget = Pick<AppChannel, "deliverTopicEvent" | "deliverBulk">;

export type DeclarationParser<T> = (declarations: unknown[]) => { subscriptions: T[]; errors: string[] };

export type Outcome = "success" | "retry" | "drop";

export interface DeliveryResult {
  outcome: Outcome;
  /** Why, for the log line: the status, the reply's status value, or the connection error. */
  reason: string;
  /** The app's HTTP status when it answered outside 2xx (Resiliency `matching.httpStatusCodes`). */
  httpStatus?: number;
  /**
   * A drop the dead-letter topic does not get: daprd treats a gRPC app's UNIMPLEMENTED as a message
   * nobody will ever take, acknowledged and logged, not dead-lettered.
   */
  skipDeadLetter?: boolean;
}

export interface TopicEvent {
  /** The route the routing rules chose. */
  path: string;
  pubsubName: string;
  topic: string;
  /** The CloudEvent (a raw message is wrapped, as Dapr does), as the routing rules saw it. */
  event: Record<string, unknown>;
  /** The bytes an HTTP app gets: the CloudEvent, or the raw payload for a rawPayload subscription. */
  body: Buffer;
  contentType: string;
  rawPayload: boolean;
  /** The broker message's metadata (daprd hands it to gRPC apps as gRPC metadata). */
  metadata: Record<string, string>;
  traceparent?: string;
  tracestate?: string;
  /** Aborts the call (a Resiliency timeout, the sidecar stopping). */
  signal?: AbortSignal;
}

export interface BulkEntry {
  entryId: string;
  /** The CloudEvent object, or the raw bytes as base64 for a rawPayload subscription (docs/api.md "Subscriptions and delivery": the bulk body). */
  event: unknown;
  contentType: string;
  metadata: Record<string, string>;
}

export interface BulkDelivery {
  path: string;
  pubsubName: string;
  topic: string;
  id: string;
  /** The bulk body's `type`, by the pub/sub's wire dialect. */
  type: string;
  metadata: Record<string, string>;
  entries: BulkEntry[];
  signal?: AbortSignal;
}

export interface BindingEvent {
  name: string;
  data: Buffer;
  contentType?: string;
  metadata: Record<string, string>;
  signal?: AbortSignal;
}

export class AppChannelError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
    this.name = "AppChannelError";
  }
}

/**
 * Spec "Processing status" (and daprd's TopicEventResponse): SUCCESS, RETRY, DROP, matched exactly as
 * daprd's HTTP postman does; none is SUCCESS; a `status` that is not a string fails daprd's decode of the
 * reply, which then skips the status check: SUCCESS too; any other string is an error, retried.
 */
export function statusOutcome(status: unknown): DeliveryResult {
  if (status === undefined || status === null || status === "") return { outcome: "success", reason: "no status" };
  if (typeof status !== "string") return { outcome: "success", reason: `a non-string status (${JSON.stringify(status)}) is not read` };
  const value = status;
  if (value === "SUCCESS") return { outcome: "success", reason: "SUCCESS" };
  if (value === "DROP") return { outcome: "drop", reason: "the app answered DROP" };
  if (value === "RETRY") return { outcome: "retry", reason: "the app answered RETRY" };
  return { outcome: "retry", reason: `unknown processing status ${JSON.stringify(status)}` };
}
