import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { parseBool, parseByteSize } from "../../../util/parse.js";
import { requestBytes, requestValue } from "../request.js";
import { BindingRequestError, type InvokeRequest, type InvokeResponse } from "../types.js";
import { targetUrl } from "./target.js";

const OPERATIONS = ["create", "get", "head", "post", "put", "patch", "delete", "options", "trace"] as const;
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);
const DEFAULT_MAX_RESPONSE_BYTES = 100 * 1024 ** 2;
const CONNECT_TIMEOUT_MS = 15_000;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII, space and tab: Node refuses CR/LF in a header, and so does this binding, with a 400.
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** Lower-case request metadata Dapr passes on as headers: the trace context. */
const TRACE_HEADERS = ["traceparent", "tracestate", "baggage"];

interface HttpSettings {
  url: URL;
  responseTimeoutMs?: number;
  maxResponseBytes: number;
  errorIfNot2XX: boolean;
  securityToken?: { header: string; value: string };
  tls: https.AgentOptions;
  renegotiation: boolean;
}

/** PEM given inline or as a path to a file, as Dapr takes MTLSRootCA and its siblings. */
function pemOf(metadata: ComponentMetadata, field: string): string | undefined {
  const value = metadata.string(field);
  if (value === undefined) return undefined;
  if (value.includes("-----BEGIN")) return value;
  if (!existsSync(value)) throw metadata.error(field, "is neither PEM text nor the path of a readable file");
  return readFileSync(value, "utf8");
}

function parseSettings(metadata: ComponentMetadata): HttpSettings {
  const raw = metadata.requireString("url");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw metadata.error("url", `must be an absolute http(s) URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw metadata.error("url", `must be an http or https URL, got ${JSON.stringify(raw)}`);
  const rawTimeout = metadata.string("responseTimeout");
  const responseTimeoutMs = rawTimeout === undefined ? undefined : metadata.durationMs("responseTimeout", 0);
  const rawMax = metadata.string("maxResponseBodySize")?.trim();
  let maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
  if (rawMax !== undefined) {
    const parsed = /^-\d+$/.test(rawMax) ? 0 : parseByteSize(rawMax);
    if (parsed === undefined) throw metadata.error("maxResponseBodySize", `must be a size such as 1024, 10Ki or 100Mi, got ${JSON.stringify(rawMax)}`);
    maxResponseBytes = parsed > 0 ? parsed : Number.POSITIVE_INFINITY;
  }
  const cert = pemOf(metadata, "MTLSClientCert");
  const key = pemOf(metadata, "MTLSClientKey");
  if ((cert === undefined) !== (key === undefined)) throw metadata.error(cert === undefined ? "MTLSClientCert" : "MTLSClientKey", "is required with the other half of the client certificate");
  const renegotiationRaw = metadata.string("MTLSRenegotiation");
  if (renegotiationRaw !== undefined && !["RenegotiateNever", "RenegotiateOnceAsClient", "RenegotiateFreelyAsClient"].includes(renegotiationRaw)) {
    throw metadata.error("MTLSRenegotiation", `must be RenegotiateNever, RenegotiateOnceAsClient or RenegotiateFreelyAsClient, got ${JSON.stringify(renegotiationRaw)}`);
  }
  const tokenHeader = metadata.string("securityTokenHeader");
  const token = metadata.string("securityToken");
  if (tokenHeader !== undefined && !HEADER_NAME.test(tokenHeader)) throw metadata.error("securityTokenHeader", `must be a header name, got ${JSON.stringify(tokenHeader)}`);
  if (token !== undefined && !HEADER_VALUE.test(token)) throw metadata.error("securityToken", "may not contain control characters");
  return {
    url,
    responseTimeoutMs,
    maxResponseBytes,
    errorIfNot2XX: metadata.bool("errorIfNot2XX", true),
    securityToken: token !== undefined && tokenHeader !== undefined ? { header: tokenHeader, value: token } : undefined,
    tls: { ca: pemOf(metadata, "MTLSRootCA"), cert, key, minVersion: "TLSv1.2" },
    renegotiation: renegotiationRaw !== "RenegotiateNever",
  };
}

/**
 * `bindings.http`: each operation is the HTTP method of that name (`create` is `post`) sent to the
 * configured `url` plus the request's `metadata.path`. Request metadata whose name starts with an
 * upper-case letter becomes a header (Dapr's rule); the response's status and headers come back
 * as response metadata (`statusCode`, `status`, one entry per header).
 */
export class HttpBinding {
  private settings?: HttpSettings;
  private agent?: http.Agent;

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    this.settings = parseSettings(metadata);
    this.agent = this.settings.url.protocol === "https:" ? new https.Agent({ keepAlive: true, ...this.settings.tls }) : new http.Agent({ keepAlive: true });
    await Promise.resolve();
  }

  features(): string[] {
    return ["output"];
  }

  operations(): string[] {
    return [...OPERATIONS];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    const settings = this.settings;
    if (!settings || !this.agent) throw new Error(`http binding ${this.context.name} is not initialised`);
    if (!(OPERATIONS as readonly string[]).includes(request.operation)) throw new BindingRequestError(`unsupported operation ${request.operation}; http supports ${OPERATIONS.join(", ")}`);
    const method = request.operation === "create" ? "POST" : request.operation.toUpperCase();
    const url = targetUrl(settings.url, requestValue(request.metadata, "path"));
    const errorIfNot2XXRaw = requestValue(request.metadata, "errorIfNot2XX");
    const errorIfNot2XX = errorIfNot2XXRaw === undefined ? settings.errorIfNot2XX : (parseBool(errorIfNot2XXRaw) ?? false);
    const body = WITH_BODY.has(method) ? requestBytes(request.data) : undefined;
    const headers = this.headersFor(request.metadata, body !== undefined);
    const { status, statusText, responseHeaders, data } = await this.send(method, url, headers, body, settings);
    const metadata: Record<string, string> = { statusCode: String(status), status: `${status} ${statusText}`.trim() };
    for (const [name, value] of Object.entries(responseHeaders)) {
      if (value !== undefined) metadata[canonicalHeader(name)] = Array.isArray(value) ? value.join(", ") : value;
    }
    if (errorIfNot2XX && (status < 200 || status > 299)) throw new Error(`received status code ${status}`);
    return { data, metadata };
  }

  private headersFor(metadata: Record<string, string>, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {};
    if (hasBody) headers["Content-Type"] = "application/json; charset=utf-8";
    headers["Accept"] = "application/json; charset=utf-8";
    const token = this.settings?.securityToken;
    if (token) headers[token.header] = token.value;
    for (const [name, value] of Object.entries(metadata)) {
      const isHeader = /^[A-Z]/.test(name) || TRACE_HEADERS.includes(name);
      if (!isHeader || value === "") continue;
      if (!HEADER_NAME.test(name)) throw new BindingRequestError(`metadata.${name} cannot be sent as a header: not a valid header name`);
      if (!HEADER_VALUE.test(value)) throw new BindingRequestError(`metadata.${name} cannot be sent as a header: its value has control characters`);
      // One entry per header whatever its case: a metadata Content-Type replaces the default one.
      for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
      headers[name] = value;
    }
    return headers;
  }

  private send(method: string, url: URL, headers: Record<string, string>, body: Buffer | undefined, settings: HttpSettings): Promise<{ status: number; statusText: string; responseHeaders: http.IncomingHttpHeaders; data: Buffer }> {
    const signal = settings.responseTimeoutMs === undefined ? undefined : AbortSignal.timeout(settings.responseTimeoutMs);
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method, headers, agent: this.agent, signal }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let cut = false;
        res.on("data", (chunk: Buffer) => {
          if (cut) return;
          const room = settings.maxResponseBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            cut = true;
            this.context.logger.warn(`http ${method} ${url.pathname}: response body cut at maxResponseBodySize (${settings.maxResponseBytes} bytes)`);
            res.destroy();
            finish();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        const finish = (): void => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", responseHeaders: res.headers, data: Buffer.concat(chunks, size) });
        res.on("end", finish);
        res.on("error", (error) => (cut ? undefined : reject(timeoutAware(error, settings))));
      });
      req.on("socket", (socket) => {
        if (!settings.renegotiation && "disableRenegotiation" in socket) (socket as TLSSocket).disableRenegotiation();
        // Dapr's dialer gives up connecting after 15s; the answer itself waits for responseTimeout only.
        if (!socket.connecting) return;
        const timer = setTimeout(() => req.destroy(new Error(`no connection to ${url.host} within ${CONNECT_TIMEOUT_MS}ms`)), CONNECT_TIMEOUT_MS);
        socket.once("connect", () => clearTimeout(timer));
        socket.once("close", () => clearTimeout(timer));
      });
      req.on("error", (error) => reject(timeoutAware(error, settings)));
      req.end(body);
    });
  }

  async close(): Promise<void> {
    this.agent?.destroy();
    this.agent = undefined;
    await Promise.resolve();
  }
}

function timeoutAware(error: Error, settings: HttpSettings): Error {
  if (error.name === "AbortError" || error.name === "TimeoutError") return new Error(`no answer within responseTimeout (${settings.responseTimeoutMs}ms)`);
  return error;
}

/** Go's canonical header form (content-type -> Content-Type), the keys Dapr's response metadata has. */
function canonicalHeader(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase());
}
