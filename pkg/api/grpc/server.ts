import { createServer, isIP, type Server as NetServer, type Socket } from "node:net";
import type * as grpc from "@grpc/grpc-js";
import type { Gate } from "../../diagnostics/health.js";
import type { Logger } from "../../diagnostics/logger.js";
import type { Metrics, TimedSeries } from "../../diagnostics/metrics.js";
import { TRACEPARENT, type ActiveSpan, type Tracing } from "../../diagnostics/tracing.js";
import { daprServiceDefinition } from "../../proto/dapr.js";
import { grpcJs } from "../../proto/grpc-js.js";
import { apiTokenMatcher, API_TOKEN_NAMES } from "../universal/auth.js";
import type { Token } from "../../util/token.js";
import { ApiError, Errors, GrpcCode, unsupportedMethod, type Universal } from "../universal/index.js";
import { unaryMethods, type CallContext } from "./methods.js";
import { ConfigurationStreams } from "./streams.js";
import { serveTopicEvents, type TopicEventsCall } from "./subscribe.js";
import { withPublishEventWire } from "./publish-wire.js";
import { withTopicEventsWire } from "./topic-events-wire.js";

export const DAPR_SERVICE = "dapr.proto.runtime.v1.Dapr";

export interface GrpcApiOptions {
  api: Universal;
  port: number;
  address: string;
  /** `--max-body-size`: the largest message received (RESOURCE_EXHAUSTED beyond it, from grpc-js). */
  maxBodyBytes: number;
  gracefulShutdownMs: number;
  /** A function when the token comes from a watched file and may rotate. */
  apiToken?: Token;
  logger: Logger;
  metrics: Metrics;
  tracing?: Tracing;
  /** Set once the port is bound: readiness gate `grpc-server`. */
  gate?: Gate;
}

/** The outcome a call ends with: a status code and, on failure, the message sent with it. */
interface Outcome {
  code: grpc.status;
  details?: string;
}

type Unary = (request: never, call: CallContext) => Promise<unknown>;

/** google.protobuf.Empty, the answer of a method that resolves with nothing. */
const EMPTY = {};

/** What a call's metrics and span need at its end: the method, when it started (performance.now(), ms), its span. */
interface Timing {
  method: string;
  started: number;
  span?: ActiveSpan;
}

const OK: Outcome = { code: GrpcCode.OK as grpc.status };

/** A method that throws before returning its promise still becomes a status, never a crash of the call. */
function invoke(method: Unary, request: unknown, context: CallContext): Promise<unknown> {
  try {
    return method(request as never, context);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Dapr's gRPC API (`dapr.proto.runtime.v1.Dapr`) on grpc-js, plain HTTP/2 beside the HTTP API. Every call
 * passes the API token check, is timed (`runtime_grpc_server_*` by method and status) and traced (rpc
 * semantic conventions) here, then runs a method of methods.ts or streams.ts over the universal layer. A
 * method runtimed does not serve answers UNIMPLEMENTED naming its building block at once.
 *
 * The port is a plain TCP listener; grpc-js and the service are set up when the first connection comes,
 * which is handed to them (grpc-js' connection injector) as it was accepted, so a sidecar whose app never
 * calls gRPC does not hold grpc-js (see grpc-js.ts). A listen address that is a host name, which grpc-js
 * resolves and binds on every address it has, is bound by grpc-js at start as before.
 */
export class GrpcApiServer {
  private server?: grpc.Server;
  private injector?: ReturnType<grpc.Server["createConnectionInjector"]>;
  private listener?: NetServer;
  private readonly streams: ConfigurationStreams;
  private readonly tokenMatches?: (given: string | undefined) => boolean;
  private readonly series = new Map<string, Map<string, TimedSeries>>();
  private readonly requests;
  private readonly latency;
  private boundPort = 0;

  constructor(private readonly options: GrpcApiOptions) {
    this.tokenMatches = options.apiToken ? apiTokenMatcher(options.apiToken) : undefined;
    this.requests = options.metrics.counter("grpc_server_request_count", "gRPC calls served by the sidecar API, by method and status", ["method", "status"]);
    this.latency = options.metrics.histogram("grpc_server_latency_ms", "Latency of the sidecar's gRPC API in milliseconds, by method and status", ["method", "status"]);
    this.streams = new ConfigurationStreams(options.api, options.logger);
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<void> {
    const host = this.options.address.includes(":") ? `[${this.options.address}]` : this.options.address;
    const cannotListen = (error: Error): Error => new Error(`the gRPC API cannot listen on ${host}:${this.options.port} (in use? choose another with --grpc-port): ${error.message}`);
    this.boundPort = await (isIP(this.options.address) ? this.listen(cannotListen) : this.bind(host, cannotListen));
    this.options.gate?.set(true);
  }

  /** A TCP listener on the address; each connection goes to grpc-js as it is accepted. */
  private listen(cannotListen: (error: Error) => Error): Promise<number> {
    const listener = createServer((socket) => this.accept(socket));
    return new Promise<number>((resolve, reject) => {
      listener.once("error", (error) => reject(cannotListen(error)));
      listener.listen(this.options.port, this.options.address, () => {
        listener.removeAllListeners("error");
        listener.on("error", (error) => this.options.logger.error(`gRPC API listener: ${error.message}`));
        this.listener = listener;
        resolve((listener.address() as { port: number }).port);
      });
    });
  }

  /** grpc-js resolves a host name and binds every address; it says "No address added out of total 1 resolved" for a port in use. */
  private bind(host: string, cannotListen: (error: Error) => Error): Promise<number> {
    const server = this.grpcServer();
    return new Promise<number>((resolve, reject) => {
      server.bindAsync(`${host}:${this.options.port}`, grpcJs().ServerCredentials.createInsecure(), (error, port) => (error ? reject(cannotListen(error)) : resolve(port)));
    });
  }

  /** Synchronously, in the listener's connection event: no byte is read before grpc-js owns the socket. */
  private accept(socket: Socket): void {
    try {
      this.injector ??= this.grpcServer().createConnectionInjector(grpcJs().ServerCredentials.createInsecure());
      this.injector.injectConnection(socket);
    } catch (error) {
      this.options.logger.error(`gRPC API: cannot serve a connection from ${socket.remoteAddress ?? "?"}: ${(error as Error).message}`);
      socket.destroy();
    }
  }

  /** The grpc-js server with Dapr's service, made once. */
  private grpcServer(): grpc.Server {
    if (this.server) return this.server;
    // Channelz off: nothing serves its service here (nor in daprd), and keeping its counters took a tracker
    // of closures and two Date.now() per call (about 1 KB per publish, measured over the wire).
    const server = new (grpcJs().Server)({ "grpc.max_receive_message_length": this.options.maxBodyBytes, "grpc.enable_channelz": 0 });
    const service = withPublishEventWire(withTopicEventsWire(daprServiceDefinition()));
    server.addService(service, this.implementation(service));
    this.server = server;
    return server;
  }

  /** Stops accepting, ends the configuration streams, lets calls in flight finish up to the grace period, then cuts the rest. */
  async close(): Promise<void> {
    if (this.boundPort === 0) return;
    this.boundPort = 0;
    this.options.gate?.set(false);
    this.streams.closeAll();
    const { server, listener } = this;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server?.forceShutdown();
        resolve();
      }, this.options.gracefulShutdownMs);
      let waiting = 2;
      const done = (): void => {
        if (--waiting > 0) return;
        clearTimeout(timer);
        resolve();
      };
      // grpc-js ends its sessions gracefully (GOAWAY, calls in flight finish) but calls back at once for a
      // connection it was handed: the listener's own close, which waits for every connection it accepted
      // to end, is what says the calls are over.
      if (listener) listener.close(() => done());
      else done();
      if (server) server.tryShutdown(() => done());
      else done();
    });
  }

  private implementation(service: grpc.ServiceDefinition): grpc.UntypedServiceImplementation {
    const unary = unaryMethods(this.options.api) as Record<string, Unary | undefined>;
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const [name, definition] of Object.entries(service)) {
      const method = unary[name];
      if (method) implementation[name] = this.unary(name, method);
      else if (name === "SubscribeConfiguration" || name === "SubscribeConfigurationAlpha1") implementation[name] = this.configurationStream(name);
      else if (name === "SubscribeTopicEventsAlpha1") implementation[name] = this.topicEventsStream(name);
      else implementation[name] = this.unimplemented(name, definition.requestStream, definition.responseStream);
    }
    return implementation;
  }

  private unary(name: string, method: Unary): grpc.handleUnaryCall<unknown, unknown> {
    return (call, callback) => {
      const timing = this.begin(name, call.metadata);
      if (timing.refused) return void callback(this.fail(timing, timing.refused));
      // The call's timing carries its traceparent: it is the method's CallContext, no second object per call.
      (timing.span ? timing.span.run(() => invoke(method, call.request, timing)) : invoke(method, call.request, timing)).then(
        (response) => {
          this.finish(timing, OK);
          callback(null, response ?? EMPTY);
        },
        (error: unknown) => callback(this.fail(timing, this.outcomeOf(name, error))),
      );
    };
  }

  /** A server stream: the subscription's outcome (the id sent, or the refusal) is what is timed and counted. */
  private configurationStream(name: string): grpc.handleServerStreamingCall<unknown, unknown> {
    return (call) => {
      const timing = this.begin(name, call.metadata);
      if (timing.refused) return void call.emit("error", this.fail(timing, timing.refused));
      this.streams.openStream(call as Parameters<ConfigurationStreams["openStream"]>[0]).then(
        () => this.finish(timing, OK),
        (error: unknown) => call.emit("error", this.fail(timing, this.outcomeOf(name, error))),
      );
    };
  }

  /** A bidirectional stream subscription (subscribe.ts): timed and counted over its whole life, its end status included. */
  private topicEventsStream(name: string): grpc.handleBidiStreamingCall<unknown, unknown> {
    return (call) => {
      const timing = this.begin(name, call.metadata);
      if (timing.refused) return void call.emit("error", this.fail(timing, timing.refused));
      serveTopicEvents(this.options.api, call as TopicEventsCall).then(
        () => this.finish(timing, OK),
        (error: unknown) => {
          const status = this.fail(timing, this.outcomeOf(name, error));
          if (!call.cancelled) call.emit("error", status);
        },
      );
    };
  }

  /** Answers at once, whatever the method's shape, so no client waits on a method runtimed does not have. */
  private unimplemented(name: string, requestStream: boolean, responseStream: boolean): grpc.UntypedHandleCall {
    const answer = (metadata: grpc.Metadata): grpc.ServiceError => {
      const timing = this.begin(name, metadata);
      return this.fail(timing, timing.refused ?? toOutcome(unsupportedMethod(name)));
    };
    if (!responseStream) {
      return ((call: { metadata: grpc.Metadata }, callback: grpc.sendUnaryData<unknown>) => callback(answer(call.metadata))) as grpc.UntypedHandleCall;
    }
    return ((call: grpc.ServerWritableStream<unknown, unknown> | grpc.ServerDuplexStream<unknown, unknown>) => {
      call.emit("error", answer(call.metadata));
      if (requestStream) (call as grpc.ServerDuplexStream<unknown, unknown>).on("data", () => undefined);
    }) as grpc.UntypedHandleCall;
  }

  private begin(method: string, metadata: grpc.Metadata): Timing & { traceparent?: string; refused?: Outcome } {
    const started = performance.now();
    const traceparent = traceparentOf(metadata);
    const tracing = this.options.tracing;
    const span = tracing?.enabled
      ? tracing.start(`${DAPR_SERVICE}/${method}`, "server", { "rpc.system": "grpc", "rpc.service": DAPR_SERVICE, "rpc.method": method }, { traceparent, tracestate: first(metadata, "tracestate") })
      : undefined;
    const refused = this.tokenMatches && !API_TOKEN_NAMES.some((n) => this.tokenMatches!(first(metadata, n))) ? toOutcome(Errors.unauthorized()) : undefined;
    return { method, started, span, traceparent, refused };
  }

  /** Records a failed call and returns its status as grpc-js sends it. */
  private fail(timing: Timing, outcome: Outcome): grpc.ServiceError {
    this.finish(timing, outcome);
    return Object.assign(new Error(outcome.details ?? grpcJs().status[outcome.code]), { code: outcome.code, details: outcome.details ?? "", metadata: new (grpcJs().Metadata)() });
  }

  /** Records the call's status and latency and ends its span. */
  private finish(timing: Timing, outcome: Outcome): void {
    const status = grpcJs().status[outcome.code] ?? String(outcome.code);
    // By method, then status, both strings V8 has hashed already: no key string is built per call.
    let byStatus = this.series.get(timing.method);
    if (!byStatus) this.series.set(timing.method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = this.options.metrics.timedSeries(this.requests, this.latency, { method: timing.method, status });
      byStatus.set(status, series);
    }
    series.record(performance.now() - timing.started);
    if (timing.span) {
      timing.span.setAttributes({ "rpc.grpc.status_code": outcome.code });
      timing.span.end(SERVER_ERRORS.has(outcome.code) ? new Error(`${status}: ${outcome.details ?? ""}`) : undefined);
    }
  }

  private outcomeOf(method: string, error: unknown): Outcome {
    if (error instanceof ApiError) return toOutcome(error);
    this.options.logger.error(`unhandled error in ${method}: ${(error as Error)?.message ?? String(error)}`);
    return toOutcome(Errors.internal("see the sidecar log"));
  }
}

function toOutcome(error: ApiError): Outcome {
  return { code: GrpcCode[error.grpcCode] as grpc.status, details: error.message };
}

/** The codes OpenTelemetry's rpc conventions count as a server-side failure. */
const SERVER_ERRORS = new Set<number>([GrpcCode.UNKNOWN, GrpcCode.DEADLINE_EXCEEDED, GrpcCode.UNIMPLEMENTED, GrpcCode.INTERNAL, GrpcCode.UNAVAILABLE, GrpcCode.DATA_LOSS]);

function first(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === "string" ? value : undefined;
}

/** A W3C traceparent is carried into the envelope, as the HTTP header is; anything else is ignored. */
function traceparentOf(metadata: grpc.Metadata): string | undefined {
  const value = first(metadata, "traceparent")?.trim().toLowerCase();
  return value && TRACEPARENT.test(value) ? value : undefined;
}
