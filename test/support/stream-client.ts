import http from "node:http";
import * as grpc from "@grpc/grpc-js";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { waitFor } from "./ports.js";

/** One frame of an HTTP subscription stream, as the sidecar wrote it (NDJSON line or SSE event data). */
export interface Frame {
  type: string;
  id: string;
  event?: Record<string, unknown>;
  entries?: Array<{ entryId: string; event: Record<string, unknown> }>;
  error?: { errorCode: string; message: string };
  [key: string]: unknown;
}

export interface StreamClientOptions {
  token?: string;
  /** Ask for Server-Sent Events instead of NDJSON. */
  sse?: boolean;
}

/**
 * A subscriber over plain node:http: POSTs the stream request, reads NDJSON lines (or SSE events) as they
 * come, acknowledges over the ack route. `kill()` cuts the socket as a crashed client would.
 */
export class HttpStreamClient {
  readonly frames: Frame[] = [];
  readonly statusCode: number;
  /** The error body when the sidecar refused the stream. */
  readonly refusal?: { errorCode: string; message: string };
  ended = false;
  private buffer = "";

  private constructor(
    private readonly baseUrl: string,
    private readonly response: http.IncomingMessage,
    private readonly request: http.ClientRequest,
    private readonly options: StreamClientOptions,
    refusal?: { errorCode: string; message: string },
  ) {
    this.statusCode = response.statusCode ?? 0;
    this.refusal = refusal;
  }

  static open(baseUrl: string, body: unknown, options: StreamClientOptions = {}): Promise<HttpStreamClient> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { "content-type": "application/json", accept: options.sse ? "text/event-stream" : "application/x-ndjson" };
      if (options.token) headers["dapr-api-token"] = options.token;
      const request = http.request(`${baseUrl}/v1.0-alpha1/subscriptions/stream`, { method: "POST", headers, agent: false }, (response) => {
        response.setEncoding("utf8");
        if (response.statusCode !== 200) {
          let text = "";
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve(new HttpStreamClient(baseUrl, response, request, options, JSON.parse(text) as { errorCode: string; message: string })));
          return;
        }
        const client = new HttpStreamClient(baseUrl, response, request, options);
        response.on("data", (chunk: string) => client.take(chunk));
        response.on("end", () => (client.ended = true));
        response.on("error", () => (client.ended = true));
        response.on("close", () => (client.ended = true));
        resolve(client);
      });
      request.on("error", reject);
      request.end(typeof body === "string" ? body : JSON.stringify(body));
    });
  }

  get id(): string {
    return this.frames[0]!.id;
  }

  /** Every message frame so far (not the first, `subscribed`). */
  get events(): Frame[] {
    return this.frames.filter((f) => f.type === "event");
  }

  async waitForEvents(count: number, timeoutMs = 10_000): Promise<Frame[]> {
    await waitFor(() => this.events.length >= count, { timeoutMs, what: `${count} events on stream (have ${this.events.length})` });
    return this.events;
  }

  async waitForOpen(): Promise<void> {
    await waitFor(() => this.frames.length > 0, { what: "the subscribed frame" });
  }

  /** POSTs acknowledgements; resolves with the ack route's status and body. */
  ack(acks: { id: string; status?: string } | Array<{ id: string; status?: string }>): Promise<{ status: number; body: string }> {
    return ackOver(this.baseUrl, this.id, acks, this.options.token);
  }

  /** Stops reading: what the sidecar writes piles up in the socket buffers until they are full. */
  pause(): void {
    this.response.pause();
  }

  resume(): void {
    this.response.resume();
  }

  /** Cuts the connection without a goodbye. */
  kill(): void {
    this.request.destroy();
    this.response.destroy();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    const separator = this.options.sse ? "\n\n" : "\n";
    let index: number;
    while ((index = this.buffer.indexOf(separator)) >= 0) {
      const block = this.buffer.slice(0, index);
      this.buffer = this.buffer.slice(index + separator.length);
      if (block.trim() === "") continue;
      const json = this.options.sse ? block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n") : block;
      this.frames.push(JSON.parse(json) as Frame);
    }
  }
}

export function ackOver(baseUrl: string, streamId: string, acks: unknown, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers["dapr-api-token"] = token;
    const request = http.request(`${baseUrl}/v1.0-alpha1/subscriptions/stream/${streamId}/ack`, { method: "POST", headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end(JSON.stringify(acks));
  });
}

/** The CloudEvent data of an event frame. */
export function dataOf(frame: Frame): unknown {
  return frame.event?.["data"];
}

/** An event_message as grpc-js (proto-loader, the sidecar's options) reads it. */
export interface EventMessage {
  id: string;
  source: string;
  type: string;
  topic: string;
  pubsub_name: string;
  path: string;
  data: Buffer;
  data_content_type: string;
  extensions: { fields: Record<string, unknown> } | null;
}
interface StreamResponse {
  initial_response?: object | null;
  event_message?: EventMessage | null;
}
type Duplex = grpc.ClientDuplexStream<unknown, StreamResponse>;
export type DaprGrpcClient = grpc.Client & {
  SubscribeTopicEventsAlpha1(metadata: grpc.Metadata): Duplex;
  PublishEvent(request: unknown, metadata: grpc.Metadata, callback: (error: grpc.ServiceError | null) => void): void;
  GetMetadata(request: unknown, metadata: grpc.Metadata, callback: (error: grpc.ServiceError | null, response: { subscriptions: Array<{ topic: string; type: string }> }) => void): void;
};

/** A grpc-js client of the sidecar's Dapr service. */
export function daprGrpcClient(grpcPort: number): DaprGrpcClient {
  const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
  return new Dapr(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure()) as unknown as DaprGrpcClient;
}

/**
 * A SubscribeTopicEventsAlpha1 subscriber over grpc-js: writes the first message, records the
 * event_messages and how the call ended, acknowledges with event_processed.
 */
export class GrpcStreamSubscriber {
  readonly events: EventMessage[] = [];
  /** Date.now() when each of `events` arrived. */
  readonly arrivedAt: number[] = [];
  initialised = false;
  ended?: { code: number; details: string };

  private constructor(readonly call: Duplex) {
    call.on("data", (response: StreamResponse) => {
      if (response.initial_response) this.initialised = true;
      if (response.event_message) {
        this.events.push(response.event_message);
        this.arrivedAt.push(Date.now());
      }
    });
    call.on("error", (error: grpc.ServiceError) => (this.ended = { code: error.code, details: error.details }));
    call.on("status", (status: grpc.StatusObject) => (this.ended ??= { code: status.code, details: status.details }));
  }

  /** Opens the call, sends `first` (an initial_request, or anything to be refused), waits for initial_response or the end. */
  static async open(client: DaprGrpcClient, first: unknown, token?: string): Promise<GrpcStreamSubscriber> {
    const metadata = new grpc.Metadata();
    if (token) metadata.set("dapr-api-token", token);
    const subscriber = new GrpcStreamSubscriber(client.SubscribeTopicEventsAlpha1(metadata));
    subscriber.call.write(first);
    await waitFor(() => subscriber.initialised || subscriber.ended !== undefined, { what: "initial_response or the stream's end" });
    return subscriber;
  }

  ack(id: string, status: "SUCCESS" | "RETRY" | "DROP" = "SUCCESS"): void {
    this.call.write({ event_processed: { id, status: { status } } });
  }

  async waitForEvents(count: number, timeoutMs = 10_000): Promise<EventMessage[]> {
    await waitFor(() => this.events.length >= count, { timeoutMs, what: `${count} event_messages (have ${this.events.length})` });
    return this.events;
  }

  async waitForEnd(): Promise<{ code: number; details: string }> {
    await waitFor(() => this.ended !== undefined, { what: "the stream's end" });
    return this.ended!;
  }
}

/** An event_message's data, read as JSON. */
export function messageData(event: EventMessage): unknown {
  return JSON.parse(event.data.toString("utf8"));
}
