import { parseBool } from "../util/parse.js";

/** A Configuration's `spec.tracing`, read as daprd reads it (dapr/dapr pkg/config TracingSpec). */
export interface TracingSpec {
  /** 0..1; 0 (Dapr's default) records and exports nothing. */
  samplingRate: number;
  otel?: { endpointAddress: string; isSecure: boolean; protocol: "http" };
  zipkin?: { endpointAddress: string };
  stdout: boolean;
}

interface FieldError {
  field: string;
  message: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Parses `spec.tracing`, pushing one error per bad field. Dapr takes `samplingRate` as a string ("1",
 * "0.01"); YAML numbers are accepted as well. `otel.endpointAddress` is `host:port` as in Dapr's
 * examples (the scheme follows `isSecure`), or a whole URL; `zipkin.endpointAddress` is a URL.
 */
export function parseTracingSpec(value: unknown, errors: FieldError[]): TracingSpec | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return void errors.push({ field: "spec.tracing", message: "must be a mapping" });
  const spec: TracingSpec = { samplingRate: 0, stdout: false };
  const rate = value.samplingRate;
  if (rate !== undefined) {
    const parsed = typeof rate === "number" ? rate : typeof rate === "string" && /^\s*[0-9.eE+-]+\s*$/.test(rate) ? Number(rate) : Number.NaN;
    if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) errors.push({ field: "spec.tracing.samplingRate", message: `${JSON.stringify(rate)} is not a number from "0" to "1"` });
    else spec.samplingRate = parsed;
  }
  if (value.stdout !== undefined) {
    const stdout = parseBool(value.stdout as string | boolean);
    if (stdout === undefined) errors.push({ field: "spec.tracing.stdout", message: "must be true or false" });
    else spec.stdout = stdout;
  }
  if (value.otel !== undefined) {
    const otel = value.otel;
    if (!isObject(otel)) errors.push({ field: "spec.tracing.otel", message: "must be a mapping" });
    else {
      const isSecure = otel.isSecure === undefined ? false : parseBool(otel.isSecure as string | boolean);
      if (isSecure === undefined) errors.push({ field: "spec.tracing.otel.isSecure", message: "must be true or false" });
      const protocol = otel.protocol ?? "http";
      // OTLP over gRPC would carry a second transport stack (grpc-js) for one exporter: http only.
      if (protocol !== "http") errors.push({ field: "spec.tracing.otel.protocol", message: `${JSON.stringify(protocol)} is not supported: use http (OTLP/HTTP)` });
      const endpoint = otlpTracesUrl(otel.endpointAddress, isSecure ?? false);
      if (endpoint === undefined) errors.push({ field: "spec.tracing.otel.endpointAddress", message: `${JSON.stringify(otel.endpointAddress)} is not host:port or an http(s) URL` });
      if (endpoint !== undefined && isSecure !== undefined && protocol === "http") spec.otel = { endpointAddress: endpoint, isSecure, protocol };
    }
  }
  if (value.zipkin !== undefined) {
    const zipkin = value.zipkin;
    const url = isObject(zipkin) ? httpUrl(zipkin.endpointAddress) : undefined;
    if (!isObject(zipkin)) errors.push({ field: "spec.tracing.zipkin", message: "must be a mapping" });
    else if (url === undefined) errors.push({ field: "spec.tracing.zipkin.endpointAddress", message: `${JSON.stringify(zipkin.endpointAddress)} is not an http(s) URL` });
    else spec.zipkin = { endpointAddress: url };
  }
  return spec;
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** `host:port` (Dapr's form) or a URL -> the OTLP/HTTP traces URL (`/v1/traces` unless a path is given). */
function otlpTracesUrl(value: unknown, isSecure: boolean): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `${isSecure ? "https" : "http"}://${value}`;
  const url = httpUrl(withScheme);
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  if (parsed.pathname === "/" || parsed.pathname === "") parsed.pathname = "/v1/traces";
  return parsed.toString();
}
