import http from "node:http";
import { watchAbort } from "../../util/abort.js";
import { tokenValue, type Token } from "../../util/token.js";
import type { Logger } from "../../diagnostics/logger.js";
import { TRACEPARENT } from "../../diagnostics/tracing.js";
import { parseJson } from "../../util/json.js";
import { askUntilAnswered } from "./ask.js";
import { askHttpApp, type AppResponse } from "./http-discovery.js";
import { IdleSweep, type SweptRequest } from "./idle-sweep.js";
import { AppPort } from "./reachability.js";
import { AppChannelError, statusOutcome, type AppChannel, type BindingEvent, type BulkDelivery, type DeclarationParser, type DeliveryResult, type TopicEvent } from "./types.js";

export interface HttpAppChannelOptions {
  address: string;
  port: number;
  /** Sent as `dapr-app-id` with subscription discovery, as daprd's GetSubscriptionsHTTP does. */
  appId?: string;
  /** Sent on every call (APP_API_TOKEN as header runtime-api-token; dapr-api-token too, for Dapr SDK apps: docs/api.md "Authentication"). */
  token?: Token;
  timeoutMs: number;
  /** Replies bigger than this are cut off with an error: an app cannot make the sidecar buffer without bound. */
  maxReplyBytes: number;
  /** The app health probe's path (daprd's `--app-health-check-path`). */
  healthPath?: string;
  /** The longest wait between two subscription discovery attempts. */
  discoveryMaxDelayMs?: number;
}

export interface AppRequest {
  method: "GET" | "POST" | "PUT" | "DELETE" | "OPTIONS";
  path: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}


const HEADER_NAME = /^[A-Za-z0-9._-]{1,128}$/;
// Printable ASCII only: a header built from an event attribute must not carry CR/LF (ARCHITECTURE.md "Hardening").
const HEADER_VALUE = /^[\x20-\x7e]{0,4096}$/;
/** Headers an event's metadata must never set: framing, routing and the app token belong to the sidecar. */
const RESERVED_HEADERS = new Set(["host", "content-length", "content-type", "transfer-encoding", "connection", "keep-alive", "te", "trailer", "upgrade", "expect", "authorization", "runtime-api-token", "dapr-api-token", "proxy-authorization"]);
/** W3C tracestate: list members of printable ASCII without CR/LF, bounded as the spec bounds it (32 members, 512 bytes). */
/** Headers a delivery sets itself: message metadata of the same name does not replace them. */
const DELIVERY_OWN_HEADERS = new Set(["traceparent", "tracestate", "pubsubname"]);
const TRACESTATE = /^[\x20-\x2b\x2d-\x7e]+(,[\x20-\x2b\x2d-\x7e]+){0,31}$/;

/**
 * Dapr's HTTP app callbacks (the spec's A1-A4): discovery by GET, deliveries by POST with the reply's
 * status read per the spec, input bindings as `POST /<name>`. Keep-alive connections: delivery is the
 * hot path. Configuration notifications (A4) use `invoke` directly: only HTTP apps have that callback.
 */
export class HttpAppChannel implements AppChannel {
  readonly protocol = "http" as const;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly appPort: AppPort;
  /**
   * Deliveries' callback timeout (`timeoutMs`), kept by one sweep rather than a timer on each request's socket
   * (idle-sweep.ts: the same idle timeout, ended up to two sweep periods late). Every other request (discovery,
   * bindings, probes, invoke) keeps its exact per-request socket timeout.
   */
  private readonly deliveryTimeouts: IdleSweep;

  constructor(private readonly options: HttpAppChannelOptions) {
    this.appPort = new AppPort(options.address, options.port);
    this.deliveryTimeouts = new IdleSweep(options.timeoutMs, (req) => req.destroy(timedOut(req.method, req.path, options.timeoutMs)));
  }

  get target(): string {
    return this.appPort.target;
  }

  get baseUrl(): string {
    return `http://${this.appPort.target}`;
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

  listSubscriptions<T>(parse: DeclarationParser<T>, logger: Logger, signal: AbortSignal): Promise<T[]> {
    const headers = this.options.appId ? { "dapr-app-id": this.options.appId } : undefined;
    const get = (path: string): Promise<AppResponse> => this.invoke({ method: "GET", path, headers, timeoutMs: 10_000, signal });
    return askUntilAnswered("subscription discovery", () => askHttpApp(get, parse, logger), logger, signal, this.options.discoveryMaxDelayMs ?? 5000);
  }

  /**
   * The spec's "Reply handling for A2": 2xx goes by `status` (empty, no status or an unparsable body is
   * SUCCESS); 404 drops; any other status, and an app that cannot be reached or times out, retries.
   * The outcome is read where the reply ends: no async frame, no response object per delivery.
   */
  deliverTopicEvent(event: TopicEvent): Promise<DeliveryResult> {
    return this.send("POST", event.path, event.body, this.withFraming(deliveryHeaders(event), event.body), this.deliveryTimeouts, event.signal, deliveryOutcome, unreachable);
  }

  /**
   * The bulk body (docs/api.md "Subscriptions and delivery"), read per the spec's "Reply handling for bulk delivery": 2xx goes by each
   * entry's status (missing entries RETRY); 404 drops all; anything else retries all.
   */
  async deliverBulk(bulk: BulkDelivery): Promise<Map<string, DeliveryResult>> {
    const all = (result: DeliveryResult): Map<string, DeliveryResult> => new Map(bulk.entries.map((e) => [e.entryId, result]));
    const body = Buffer.from(JSON.stringify({ id: bulk.id, type: bulk.type, pubsubname: bulk.pubsubName, topic: bulk.topic, metadata: bulk.metadata, entries: bulk.entries }));
    let status: number;
    let reply: Buffer;
    try {
      ({ status, body: reply } = await this.invoke({ method: "POST", path: bulk.path, body, headers: { "content-type": "application/json", pubsubname: bulk.pubsubName }, signal: bulk.signal }));
    } catch (error) {
      return all({ outcome: "retry", reason: (error as Error).message });
    }
    if (status === 404) return all({ outcome: "drop", reason: "the app answered 404" });
    if (status < 200 || status > 299) return all({ outcome: "retry", reason: `the app answered ${status}` });
    let statuses: unknown;
    try {
      const parsed = parseJson(reply);
      statuses = typeof parsed === "object" && parsed !== null ? (parsed as { statuses?: unknown }).statuses : undefined;
    } catch {
      return all({ outcome: "retry", reason: "the bulk reply is not JSON" });
    }
    const byId = new Map<string, unknown>();
    if (Array.isArray(statuses)) {
      for (const item of statuses as unknown[]) {
        if (typeof item === "object" && item !== null && typeof (item as { entryId?: unknown }).entryId === "string") {
          byId.set((item as { entryId: string }).entryId, (item as { status?: unknown }).status);
        }
      }
    }
    const results = new Map<string, DeliveryResult>();
    for (const entry of bulk.entries) {
      if (!byId.has(entry.entryId)) {
        results.set(entry.entryId, { outcome: "retry", reason: "entry missing from statuses" });
        continue;
      }
      const s = byId.get(entry.entryId);
      // In a bulk reply a status is required per entry: an empty one is not SUCCESS but an error.
      results.set(entry.entryId, typeof s !== "string" || s === "" ? { outcome: "retry", reason: "entry without a status string" } : statusOutcome(s));
    }
    return results;
  }

  /** An HTTP app takes every input binding's events at `POST /<name>` (docs/api.md "Bindings"). */
  acceptsBinding(): Promise<boolean> {
    return Promise.resolve(true);
  }

  async deliverBindingEvent(event: BindingEvent): Promise<void> {
    const path = `/${encodeURIComponent(event.name)}`;
    const headers: Record<string, string> = { "content-type": event.contentType ?? "application/json" };
    for (const [key, value] of Object.entries(event.metadata)) {
      if (HEADER_NAME.test(key) && HEADER_VALUE.test(value) && !RESERVED_HEADERS.has(key.toLowerCase())) headers[key] = value;
    }
    const response = await this.invoke({ method: "POST", path, body: event.data, headers, signal: event.signal });
    if (response.status < 200 || response.status > 299) throw new AppChannelError(`app answered HTTP ${response.status} to POST ${path}`);
  }

  /** daprd's HTTP probe: GET the health path; any 2xx is healthy. */
  async probeHealth(timeoutMs: number): Promise<string | undefined> {
    const path = this.options.healthPath ?? "/healthz";
    try {
      const { status } = await this.invoke({ method: "GET", path, timeoutMs });
      return status >= 200 && status < 300 ? undefined : `GET ${path} answered ${status}`;
    } catch (error) {
      return (error as Error).message;
    }
  }

  invoke(request: AppRequest): Promise<AppResponse> {
    const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
    return this.send(request.method, request.path, body, this.withFraming({ ...request.headers }, body), request.timeoutMs ?? this.options.timeoutMs, request.signal, appResponse);
  }

  /** The app token and the body's length, added to `headers` (a delivery's own object: no copy per request). */
  private withFraming(headers: Record<string, string>, body: Buffer | undefined): Record<string, string> {
    const token = tokenValue(this.options.token);
    if (token) {
      headers["runtime-api-token"] = token;
      headers["dapr-api-token"] = token;
    }
    if (body) headers["content-length"] = String(body.length);
    return headers;
  }

  /**
   * One request: `answered` reads the reply once it ended; a failure (unreachable, timeout, abort, a reply too
   * large) rejects, or is what `failed` makes of it. `timeout` is the socket's idle timeout in milliseconds, or
   * the sweep that keeps it.
   */
  private send<T>(method: AppRequest["method"], path: string, body: Buffer | undefined, headers: Record<string, string>, timeout: number | IdleSweep, signal: AbortSignal | undefined, answered: (res: http.IncomingMessage, body: Buffer) => T, failed?: (error: Error) => T): Promise<T> {
    // The same error http.request's `signal` option gives, from a listener of our own: the option ties the
    // request to the signal through stream.finished, some 2 KB and a handful of listeners per delivery
    // (bench/profile-delivery.mjs), on the delivery hot path.
    const aborted = (): AppChannelError => new AppChannelError(`calling the app ${method} ${path}: The operation was aborted`, "ABORT_ERR");
    return new Promise<T>((settleResolve, settleReject) => {
      if (signal?.aborted) return failed ? settleResolve(failed(aborted())) : settleReject(aborted());
      const sweep = timeout instanceof IdleSweep ? timeout : undefined;
      let unwatch: (() => void) | undefined;
      let swept: SweptRequest | undefined;
      let settled = false;
      const reject = (error: Error): void => {
        if (settled) return;
        settled = true;
        unwatch?.();
        if (swept) sweep?.unwatch(swept);
        if (failed) settleResolve(failed(error));
        else settleReject(error);
      };
      // A timeout of the request's own as an option, not req.setTimeout(): the agent sets it on the socket it
      // hands over, where setTimeout() waits for the socket through two `once` listeners (about 1 KB per request).
      const req = http.request({ host: this.options.address, port: this.options.port, method, path, headers, agent: this.agent, timeout: sweep ? undefined : (timeout as number) }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.options.maxReplyBytes) {
            res.destroy();
            reject(new AppChannelError(`app reply to ${method} ${path} exceeds ${this.options.maxReplyBytes} bytes`, "REPLY_TOO_LARGE"));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          if (settled) return;
          settled = true;
          unwatch?.();
          if (swept) sweep?.unwatch(swept);
          settleResolve(answered(res, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
        });
        res.on("error", (error) => reject(new AppChannelError(`app reply to ${method} ${path}: ${error.message}`)));
      });
      if (signal) unwatch = watchAbort(signal, () => void req.destroy(aborted()));
      if (sweep) swept = sweep.watch(req);
      else req.on("timeout", () => req.destroy(timedOut(method, path, timeout as number)));
      req.on("error", (error: NodeJS.ErrnoException) => reject(error instanceof AppChannelError ? error : new AppChannelError(`calling the app ${method} ${path}: ${error.message}`, error.code)));
      req.end(body);
    });
  }

  close(): void {
    this.deliveryTimeouts.stop();
    this.agent.destroy();
  }
}

/**
 * Headers the app gets with every delivery (docs/api.md "Subscriptions and delivery"); invoke adds the app token.
 * The message's metadata (the publish call's `metadata.*` included, where the broker keeps it) comes
 * along as headers, as daprd's HTTP postman sends it (WithCustomHTTPMetadata), minus what cannot be a
 * header and what the sidecar owns.
 */
function deliveryHeaders(event: TopicEvent): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const key in event.metadata) {
    const value = event.metadata[key]!;
    if (HEADER_NAME.test(key) && HEADER_VALUE.test(value) && !RESERVED_HEADERS.has(key.toLowerCase()) && !DELIVERY_OWN_HEADERS.has(key.toLowerCase())) headers[key.toLowerCase()] = value;
  }
  headers["content-type"] = event.contentType;
  headers["pubsubname"] = event.pubsubName;
  // Only a well-formed W3C traceparent becomes a header: a value with CR/LF would make Node throw (ARCHITECTURE.md "Hardening").
  if (event.traceparent && TRACEPARENT.test(event.traceparent)) {
    headers["traceparent"] = event.traceparent;
    if (event.tracestate && event.tracestate.length <= 512 && TRACESTATE.test(event.tracestate)) headers["tracestate"] = event.tracestate;
  }
  return headers;
}

function timedOut(method: string, path: string, timeoutMs: number): AppChannelError {
  return new AppChannelError(`app did not answer ${method} ${path} within ${timeoutMs}ms`, "TIMEOUT");
}

function appResponse(res: http.IncomingMessage, body: Buffer): AppResponse {
  return { status: res.statusCode ?? 0, headers: res.headers, body };
}

/** A delivery's outcome from the app's reply (deliverTopicEvent). */
function deliveryOutcome(res: http.IncomingMessage, body: Buffer): DeliveryResult {
  const status = res.statusCode ?? 0;
  if (status === 404) return { outcome: "drop", reason: "the app answered 404" };
  if (status < 200 || status > 299) return { outcome: "retry", reason: `the app answered ${status}`, httpStatus: status };
  return statusOutcome(replyField(body, "status"));
}

/** An app that could not be reached, timed out or aborted: the delivery is retried. */
function unreachable(error: Error): DeliveryResult {
  return { outcome: "retry", reason: error.message };
}

/** A field of a JSON object reply; a body that is not one (or nested too deep) has none. */
function replyField(body: Buffer, field: string): unknown {
  if (body.length === 0) return undefined;
  try {
    const parsed = parseJson(body);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}
