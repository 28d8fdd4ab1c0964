import type * as grpc from "@grpc/grpc-js";
import { tokenValue, type Token } from "../../util/token.js";
import type { Logger } from "../../diagnostics/logger.js";
import { daprProtos } from "../../proto/dapr.js";
import { grpcJs } from "../../proto/grpc-js.js";
import type { AppCallbackClient } from "../../proto/gen/dapr/proto/runtime/v1/AppCallback.js";
import type { AppCallbackAlphaClient } from "../../proto/gen/dapr/proto/runtime/v1/AppCallbackAlpha.js";
import type { AppCallbackHealthCheckClient } from "../../proto/gen/dapr/proto/runtime/v1/AppCallbackHealthCheck.js";
import type { ListInputBindingsResponse__Output } from "../../proto/gen/dapr/proto/runtime/v1/ListInputBindingsResponse.js";
import type { ListTopicSubscriptionsResponse__Output } from "../../proto/gen/dapr/proto/runtime/v1/ListTopicSubscriptionsResponse.js";
import type { TopicEventResponse__Output } from "../../proto/gen/dapr/proto/runtime/v1/TopicEventResponse.js";
import type { TopicEventBulkRequestEntry } from "../../proto/gen/dapr/proto/runtime/v1/TopicEventBulkRequestEntry.js";
import type { TopicEventBulkResponse__Output } from "../../proto/gen/dapr/proto/runtime/v1/TopicEventBulkResponse.js";
import { askUntilAnswered } from "./ask.js";
import { bulkCloudEvent, callMetadata, declarationOf, EnvelopeError, topicEventFields } from "./grpc-envelope.js";
import { encodeTopicEventRequest } from "./topic-event-wire.js";
import { AppPort } from "./reachability.js";
import { AppChannelError, type AppChannel, type BindingEvent, type BulkDelivery, type DeclarationParser, type DeliveryResult, type TopicEvent } from "./types.js";
import { watchAbort } from "../../util/abort.js";

export interface GrpcAppChannelOptions {
  address: string;
  port: number;
  /** Sent as `dapr-api-token` on every call, as daprd sends the app token. */
  token?: Token;
  /** Every callback's deadline: an app that never answers must not hold a subscription. */
  timeoutMs: number;
  /** The largest reply the sidecar reads (grpc-js fails the call with RESOURCE_EXHAUSTED beyond it). */
  maxReplyBytes: number;
  /** The longest wait between two ListTopicSubscriptions attempts while the app starts. */
  discoveryMaxDelayMs?: number;
}

/** A generated unary method in the form with every argument (the generated clients overload it). */
type Unary = (argument: object, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<unknown>) => grpc.ClientUnaryCall;

/** The route daprd gives a subscription that names none; parsed declarations need a path, so it travels as this one. */
const IMPLICIT_ROUTE = "/";

function isStatus(error: unknown, code: grpc.status): boolean {
  return (error as grpc.ServiceError | undefined)?.code === code;
}

function describe(error: unknown): string {
  const e = error as grpc.ServiceError;
  return e.code !== undefined ? `${grpcJs().status[e.code] ?? e.code}: ${e.details || e.message}` : (error as Error).message;
}

/**
 * Dapr's `AppCallback` services over grpc-js (daprd's gRPC channel and its gRPC postman). One HTTP/2
 * connection shared by the three services; grpc-js reconnects it by itself when the app restarts (with
 * a short backoff here, so a restarted app is reached within about a second), and a call made while it
 * is down fails fast with UNAVAILABLE, which is a retry.
 */
export class GrpcAppChannel implements AppChannel {
  readonly protocol = "grpc" as const;
  private readonly appPort: AppPort;
  private readonly channel: grpc.Channel;
  private readonly callback: AppCallbackClient;
  private readonly alpha: AppCallbackAlphaClient;
  private readonly health: AppCallbackHealthCheckClient;
  /** A route as the parser normalised it -> as the app spelled it (gRPC apps match the path as they declared it). */
  private readonly appPaths = new Map<string, string>();
  private inputBindings?: Promise<Set<string>>;
  /** Once the app answered UNIMPLEMENTED to OnBulkTopicEvent, bulks go straight to the Alpha1 method. */
  private bulkAlphaOnly = false;
  /** OnTopicEvent with its request written by topic-event-wire.ts: the generated method would convert and encode it through proto-loader. */
  private readonly onTopicEvent: Unary;

  constructor(private readonly options: GrpcAppChannelOptions) {
    this.appPort = new AppPort(options.address, options.port);
    const { appCallback } = daprProtos();
    const v1 = appCallback.dapr.proto.runtime.v1;
    const { Channel, credentials } = grpcJs();
    this.channel = new Channel(this.appPort.target, credentials.createInsecure(), {
      "grpc.max_receive_message_length": options.maxReplyBytes,
      "grpc.initial_reconnect_backoff_ms": 100,
      "grpc.max_reconnect_backoff_ms": 1000,
      "grpc.enable_retries": 0,
    });
    const shared = { channelOverride: this.channel };
    this.callback = new v1.AppCallback(this.appPort.target, credentials.createInsecure(), shared);
    this.alpha = new v1.AppCallbackAlpha(this.appPort.target, credentials.createInsecure(), shared);
    this.health = new v1.AppCallbackHealthCheck(this.appPort.target, credentials.createInsecure(), shared);
    const { path, responseDeserialize } = v1.AppCallback.service.OnTopicEvent;
    this.onTopicEvent = (request, metadata, options, callback) => this.callback.makeUnaryRequest(path, passEncoded, responseDeserialize, request as Buffer, metadata, options, callback);
  }

  get target(): string {
    return this.appPort.target;
  }

  get isReachable(): boolean {
    return this.appPort.isReachable;
  }

  whenReachable(signal: AbortSignal): Promise<boolean> {
    return this.appPort.whenReachable(signal);
  }

  waitUntilReachable(logger: Logger, signal: AbortSignal): Promise<boolean> {
    return this.appPort.waitUntilReachable(logger, this.protocol, signal);
  }

  /** daprd's GetSubscriptionsGRPC: UNIMPLEMENTED is no subscriptions; any other failure is asked again while the app starts. */
  listSubscriptions<T>(parse: DeclarationParser<T>, logger: Logger, signal: AbortSignal): Promise<T[]> {
    const ask = async (): Promise<T[]> => {
      let reply;
      try {
        reply = await this.call<ListTopicSubscriptionsResponse__Output>(this.callback, this.callback.ListTopicSubscriptions, {}, callMetadata({}, tokenValue(this.options.token)), 10_000, signal);
      } catch (error) {
        if (isStatus(error, grpcJs().status.UNIMPLEMENTED)) {
          logger.info("the gRPC app does not implement ListTopicSubscriptions: no programmatic subscriptions");
          return [];
        }
        throw new AppChannelError(`ListTopicSubscriptions: ${describe(error)}`);
      }
      const declarations = reply.subscriptions.map((s) => declarationOf(s, IMPLICIT_ROUTE));
      this.rememberSpellings(reply.subscriptions.flatMap((s) => [...(s.routes?.rules ?? []).map((r) => r.path), s.routes?.default ?? ""]));
      const { subscriptions, errors } = parse(declarations);
      for (const error of errors) logger.error(`ListTopicSubscriptions: ignoring ${error}`);
      logger.info(`the gRPC app lists ${subscriptions.length} subscription(s) (ListTopicSubscriptions)`);
      return subscriptions;
    };
    return askUntilAnswered("ListTopicSubscriptions", ask, logger, signal, this.options.discoveryMaxDelayMs ?? 5000);
  }

  /** daprd's gRPC postman: SUCCESS or unset done, RETRY retry, DROP drop, any other value retry; UNIMPLEMENTED drops (no dead letter), any other error retries. */
  async deliverTopicEvent(event: TopicEvent): Promise<DeliveryResult> {
    let request;
    try {
      request = encodeTopicEventRequest(topicEventFields(event, this.appPath(event.path)));
    } catch (error) {
      if (error instanceof EnvelopeError) return { outcome: "retry", reason: `the event cannot be handed to a gRPC app: ${error.message}` };
      throw error;
    }
    const metadata = callMetadata({ pubsubname: event.pubsubName, ...event.metadata }, tokenValue(this.options.token), event);
    let reply;
    try {
      reply = await this.call<TopicEventResponse__Output>(this.callback, this.onTopicEvent, request, metadata, this.options.timeoutMs, event.signal);
    } catch (error) {
      if (isStatus(error, grpcJs().status.UNIMPLEMENTED)) return { outcome: "drop", reason: `the app answered ${describe(error)}`, skipDeadLetter: true };
      return { outcome: "retry", reason: `OnTopicEvent: ${describe(error)}` };
    }
    return topicStatus(reply.status);
  }

  /** OnBulkTopicEvent, or OnBulkTopicEventAlpha1 when the app has only that one (the JS SDK's DaprServer); daprd's mapping per entry. */
  async deliverBulk(bulk: BulkDelivery): Promise<Map<string, DeliveryResult>> {
    const all = (result: DeliveryResult): Map<string, DeliveryResult> => new Map(bulk.entries.map((e) => [e.entryId, result]));
    const results = new Map<string, DeliveryResult>();
    const entries: TopicEventBulkRequestEntry[] = [];
    for (const entry of bulk.entries) {
      try {
        const event = typeof entry.event === "string" ? { bytes: Buffer.from(entry.event, "base64") } : { cloud_event: bulkCloudEvent(entry.event as Record<string, unknown>) };
        entries.push({ entry_id: entry.entryId, ...event, content_type: entry.contentType, metadata: entry.metadata });
      } catch (error) {
        results.set(entry.entryId, { outcome: "retry", reason: `the entry cannot be handed to a gRPC app: ${(error as Error).message}` });
      }
    }
    const request = { id: bulk.id, entries, metadata: bulk.metadata, topic: bulk.topic, pubsub_name: bulk.pubsubName, type: bulk.type, path: this.appPath(bulk.path) };
    const metadata = callMetadata({ pubsubname: bulk.pubsubName, ...bulk.metadata }, tokenValue(this.options.token));
    let reply: TopicEventBulkResponse__Output;
    try {
      reply = await this.bulkCall(request, metadata, bulk.signal);
    } catch (error) {
      if (isStatus(error, grpcJs().status.UNIMPLEMENTED)) return all({ outcome: "drop", reason: `the app answered ${describe(error)} to the bulk`, skipDeadLetter: true });
      return all({ outcome: "retry", reason: `OnBulkTopicEvent: ${describe(error)}` });
    }
    const byId = new Map(reply.statuses.map((s) => [s.entry_id, s.status]));
    for (const entry of entries) {
      const id = entry.entry_id!;
      results.set(id, byId.has(id) ? topicStatus(byId.get(id)) : { outcome: "retry", reason: "entry missing from statuses" });
    }
    return results;
  }

  private async bulkCall(request: object, metadata: grpc.Metadata, signal?: AbortSignal): Promise<TopicEventBulkResponse__Output> {
    if (!this.bulkAlphaOnly) {
      try {
        return await this.call<TopicEventBulkResponse__Output>(this.callback, this.callback.OnBulkTopicEvent, request, metadata, this.options.timeoutMs, signal);
      } catch (error) {
        if (!isStatus(error, grpcJs().status.UNIMPLEMENTED)) throw error;
        this.bulkAlphaOnly = true;
      }
    }
    return this.call<TopicEventBulkResponse__Output>(this.alpha, this.alpha.OnBulkTopicEventAlpha1, request, metadata, this.options.timeoutMs, signal);
  }

  /** daprd reads only the input bindings a gRPC app lists (ListInputBindings; UNIMPLEMENTED lists none). */
  acceptsBinding(name: string, signal: AbortSignal): Promise<boolean> {
    this.inputBindings ??= this.call<ListInputBindingsResponse__Output>(this.callback, this.callback.ListInputBindings, {}, callMetadata({}, tokenValue(this.options.token)), 10_000, signal).then(
      (reply) => new Set(reply.bindings),
      (error: unknown) => {
        this.inputBindings = undefined;
        if (isStatus(error, grpcJs().status.UNIMPLEMENTED)) return new Set<string>();
        throw new AppChannelError(`ListInputBindings: ${describe(error)}`);
      },
    );
    return this.inputBindings.then((names) => names.has(name));
  }

  async deliverBindingEvent(event: BindingEvent): Promise<void> {
    const metadata = callMetadata(event.metadata, tokenValue(this.options.token));
    try {
      await this.call(this.callback, this.callback.OnBindingEvent, { name: event.name, data: event.data, metadata: event.metadata }, metadata, this.options.timeoutMs, event.signal);
    } catch (error) {
      throw new AppChannelError(`OnBindingEvent ${event.name}: ${describe(error)}`);
    }
  }

  /** daprd's gRPC probe: `AppCallbackHealthCheck.HealthCheck` answering OK. */
  async probeHealth(timeoutMs: number): Promise<string | undefined> {
    try {
      await this.call(this.health, this.health.HealthCheck, {}, callMetadata({}, tokenValue(this.options.token)), timeoutMs);
      return undefined;
    } catch (error) {
      return `HealthCheck: ${describe(error)}`;
    }
  }

  close(): void {
    this.callback.close();
    this.alpha.close();
    this.health.close();
    this.channel.close();
  }

  private appPath(path: string): string {
    return this.appPaths.get(path) ?? path;
  }

  private rememberSpellings(paths: string[]): void {
    const declared = new Set(paths.filter((p) => p !== ""));
    for (const path of declared) if (!path.startsWith("/")) this.appPaths.set(`/${path}`, path);
    if (!declared.has(IMPLICIT_ROUTE)) this.appPaths.set(IMPLICIT_ROUTE, "");
  }

  /** One unary call with its deadline; `signal` cancels it (a Resiliency timeout, the sidecar stopping). */
  private call<Res>(client: grpc.Client, method: unknown, request: object, metadata: grpc.Metadata, timeoutMs: number, signal?: AbortSignal): Promise<Res> {
    return new Promise<Res>((resolve, reject) => {
      if (signal?.aborted) return reject(new AppChannelError("the call was cancelled before it started", "CANCELLED"));
      let unwatch: (() => void) | undefined;
      const call = (method as Unary).call(client, request, metadata, { deadline: Date.now() + timeoutMs }, (error, reply) => {
        unwatch?.();
        if (error) reject(error);
        else resolve(reply as Res);
      });
      if (signal) unwatch = watchAbort(signal, () => call.cancel());
    });
  }
}

const passEncoded = (bytes: Buffer): Buffer => bytes;

function topicStatus(status: unknown): DeliveryResult {
  if (status === undefined || status === null || status === "SUCCESS") return { outcome: "success", reason: "SUCCESS" };
  if (status === "RETRY") return { outcome: "retry", reason: "the app answered RETRY" };
  if (status === "DROP") return { outcome: "drop", reason: "the app answered DROP" };
  return { outcome: "retry", reason: `unknown status ${JSON.stringify(status)} from the app` };
}
