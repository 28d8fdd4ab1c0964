import * as grpc from "@grpc/grpc-js";
import { daprProtos } from "../../pkg/proto/dapr.js";
import type { BindingEventRequest__Output } from "../../pkg/proto/gen/dapr/proto/runtime/v1/BindingEventRequest.js";
import type { TopicEventBulkRequest__Output } from "../../pkg/proto/gen/dapr/proto/runtime/v1/TopicEventBulkRequest.js";
import type { TopicEventBulkResponse } from "../../pkg/proto/gen/dapr/proto/runtime/v1/TopicEventBulkResponse.js";
import type { TopicEventRequest__Output } from "../../pkg/proto/gen/dapr/proto/runtime/v1/TopicEventRequest.js";
import type { TopicEventResponse } from "../../pkg/proto/gen/dapr/proto/runtime/v1/TopicEventResponse.js";
import type { TopicSubscription } from "../../pkg/proto/gen/dapr/proto/runtime/v1/TopicSubscription.js";

/** What a handler may answer: a reply, a gRPC error status, never (a hang), or bytes that are not the reply message. */
export type Answer<T> = { reply: T } | { error: grpc.status; details?: string } | { hang: true } | { garbage: true };

export interface Call<T> {
  request: T;
  metadata: Record<string, string>;
}

export interface GrpcAppBehaviour {
  /** undefined: ListTopicSubscriptions answers UNIMPLEMENTED. */
  subscriptions?: TopicSubscription[];
  /** ListTopicSubscriptions fails with UNAVAILABLE this many times first (an app still starting). */
  listFailures?: number;
  onTopicEvent?: (call: Call<TopicEventRequest__Output>, n: number) => Answer<TopicEventResponse>;
  /** undefined: OnBulkTopicEvent answers UNIMPLEMENTED (as the JS SDK's DaprServer). */
  onBulk?: (call: Call<TopicEventBulkRequest__Output>) => Answer<TopicEventBulkResponse>;
  /** undefined: OnBulkTopicEventAlpha1 answers UNIMPLEMENTED. */
  onBulkAlpha?: (call: Call<TopicEventBulkRequest__Output>) => Answer<TopicEventBulkResponse>;
  /** undefined: ListInputBindings answers UNIMPLEMENTED. */
  bindings?: string[];
  onBindingEvent?: (call: Call<BindingEventRequest__Output>) => Answer<object>;
  /** HealthCheck answers OK while true, UNAVAILABLE otherwise. */
  healthy?: boolean;
}

function metadataOf(metadata: grpc.Metadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata.getMap())) out[key] = String(value);
  return out;
}

/**
 * A Dapr gRPC app written with plain grpc-js from the vendored protos (no SDK): it serves AppCallback,
 * AppCallbackAlpha and AppCallbackHealthCheck, records every call and answers as the test says, so the
 * sidecar's gRPC app channel is checked against the wire and not against a library's reading of it.
 */
export class GrpcApp {
  readonly topicEvents: Array<Call<TopicEventRequest__Output>> = [];
  readonly bulks: Array<Call<TopicEventBulkRequest__Output> & { method: "v1" | "alpha" }> = [];
  readonly bindingEvents: Array<Call<BindingEventRequest__Output>> = [];
  listCalls = 0;
  healthChecks = 0;
  private server?: grpc.Server;
  private readonly hanging: Array<() => void> = [];

  constructor(
    readonly port: number,
    public behaviour: GrpcAppBehaviour,
  ) {}

  async start(): Promise<void> {
    const v1 = daprProtos().appCallback.dapr.proto.runtime.v1;
    const server = new grpc.Server();
    const unimplemented = (name: string) => ({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented by this app` });
    const answer = <T>(callback: grpc.sendUnaryData<T>, a: Answer<T>): void => {
      if ("reply" in a) callback(null, a.reply);
      else if ("error" in a) callback({ code: a.error, details: a.details ?? grpc.status[a.error] });
      else if ("hang" in a) this.hanging.push(() => callback({ code: grpc.status.ABORTED, details: "released" }));
      else callback(null, GARBAGE as unknown as T);
    };
    // Replies go through a serializer that passes GARBAGE through as raw bytes: an app answering nonsense on the wire.
    const withGarbage = <D extends grpc.ServiceDefinition>(definition: D): D => {
      const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
      for (const [name, method] of Object.entries(definition)) {
        out[name] = { ...method, responseSerialize: (value: unknown) => (value === GARBAGE ? GARBAGE_BYTES : method.responseSerialize(value)) };
      }
      return out as unknown as D;
    };
    server.addService(withGarbage(v1.AppCallback.service), {
      ListTopicSubscriptions: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => {
        this.listCalls++;
        if ((this.behaviour.listFailures ?? 0) >= this.listCalls) return callback({ code: grpc.status.UNAVAILABLE, details: "starting" });
        if (!this.behaviour.subscriptions) return callback(unimplemented("ListTopicSubscriptions"));
        callback(null, { subscriptions: this.behaviour.subscriptions });
      },
      OnTopicEvent: (call: grpc.ServerUnaryCall<TopicEventRequest__Output, TopicEventResponse>, callback: grpc.sendUnaryData<TopicEventResponse>) => {
        const record = { request: call.request, metadata: metadataOf(call.metadata) };
        this.topicEvents.push(record);
        if (!this.behaviour.onTopicEvent) return callback(unimplemented("OnTopicEvent"));
        answer(callback, this.behaviour.onTopicEvent(record, this.topicEvents.length));
      },
      OnBulkTopicEvent: (call: grpc.ServerUnaryCall<TopicEventBulkRequest__Output, TopicEventBulkResponse>, callback: grpc.sendUnaryData<TopicEventBulkResponse>) => {
        if (!this.behaviour.onBulk) return callback(unimplemented("OnBulkTopicEvent"));
        const record = { request: call.request, metadata: metadataOf(call.metadata), method: "v1" as const };
        this.bulks.push(record);
        answer(callback, this.behaviour.onBulk(record));
      },
      ListInputBindings: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => {
        if (!this.behaviour.bindings) return callback(unimplemented("ListInputBindings"));
        callback(null, { bindings: this.behaviour.bindings });
      },
      OnBindingEvent: (call: grpc.ServerUnaryCall<BindingEventRequest__Output, object>, callback: grpc.sendUnaryData<object>) => {
        const record = { request: call.request, metadata: metadataOf(call.metadata) };
        this.bindingEvents.push(record);
        if (!this.behaviour.onBindingEvent) return callback(unimplemented("OnBindingEvent"));
        answer(callback, this.behaviour.onBindingEvent(record));
      },
      OnInvoke: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(unimplemented("OnInvoke")),
    });
    server.addService(withGarbage(v1.AppCallbackAlpha.service), {
      OnBulkTopicEventAlpha1: (call: grpc.ServerUnaryCall<TopicEventBulkRequest__Output, TopicEventBulkResponse>, callback: grpc.sendUnaryData<TopicEventBulkResponse>) => {
        if (!this.behaviour.onBulkAlpha) return callback(unimplemented("OnBulkTopicEventAlpha1"));
        const record = { request: call.request, metadata: metadataOf(call.metadata), method: "alpha" as const };
        this.bulks.push(record);
        answer(callback, this.behaviour.onBulkAlpha(record));
      },
      OnJobEventAlpha1: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(unimplemented("OnJobEventAlpha1")),
    });
    server.addService(v1.AppCallbackHealthCheck.service, {
      HealthCheck: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => {
        this.healthChecks++;
        if (this.behaviour.healthy === false) return callback({ code: grpc.status.UNAVAILABLE, details: "unhealthy" });
        callback(null, {});
      },
    });
    await new Promise<void>((resolve, reject) => server.bindAsync(`127.0.0.1:${this.port}`, grpc.ServerCredentials.createInsecure(), (error) => (error ? reject(error) : resolve())));
    this.server = server;
  }

  /** Stops at once (a crash, as far as the sidecar can tell); hanging calls end with it. */
  close(): Promise<void> {
    for (const release of this.hanging.splice(0)) release();
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    server.forceShutdown();
    return Promise.resolve();
  }

  /** Events delivered whose data, read as text, is `text`. */
  eventsWithData(text: string): Array<Call<TopicEventRequest__Output>> {
    return this.topicEvents.filter((e) => e.request.data.toString() === text);
  }
}

const GARBAGE = Symbol("garbage");
/** Not a protobuf message: a field tag with wire type 7, which does not exist. */
const GARBAGE_BYTES = Buffer.from([0x0f, 0xff, 0xff, 0xff, 0xff, 0x07, 0x01]);

export async function startGrpcApp(port: number, behaviour: GrpcAppBehaviour): Promise<GrpcApp> {
  const app = new GrpcApp(port, behaviour);
  await app.start();
  return app;
}
