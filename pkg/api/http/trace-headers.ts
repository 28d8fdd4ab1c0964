import type { Request, Response } from "express";
import type { ActiveSpan } from "../../diagnostics/tracing.js";
import { Errors, type ApiError } from "./errors.js";

/**
 * daprd's HTTP tracing middleware (pkg/diagnostics/http_tracing.go HTTPTraceMiddleware), on while tracing is:
 * every answer but the health probes' carries the server span's `traceparent` (and `tracestate` when it has
 * one), and a `baggage` header is checked as OpenTelemetry's baggage.Parse checks it (go.opentelemetry.io/otel
 * v1.44, what daprd 1.18 builds with): a valid one is echoed on the answer, an invalid one refused with 400.
 * Returns the refusal, if any.
 */
export function traceResponseHeaders(span: ActiveSpan, req: Request, res: Response): ApiError | undefined {
  if (req.path.includes("/healthz")) return undefined;
  const values = req.headersDistinct["baggage"];
  if (values && values.length > 0) {
    // Go joins repeated headers with "," (Node's req.headers would join them with ", ").
    const baggage = values.join(",");
    const problem = baggageProblem(baggage);
    if (problem !== undefined) return Errors.invalidBaggage(problem);
    if (baggage !== "") res.setHeader("baggage", baggage);
  }
  const { traceparent, tracestate } = span.headers;
  res.setHeader("traceparent", traceparent);
  if (tracestate && tracestate.length <= MAX_TRACESTATE) res.setHeader("tracestate", tracestate);
  return undefined;
}

/** daprd's diagConsts.MaxTracestateLen. */
const MAX_TRACESTATE = 512;
/** W3C Baggage limits as OpenTelemetry Go applies them. */
const MAX_BAGGAGE_BYTES = 8192;
const MAX_MEMBERS = 64;

/** RFC 7230 token characters: a baggage key. */
const KEY = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** W3C baggage-octet: a value (percent escapes checked apart). */
const VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** A property: a key, or key=value, blanks (space, tab) allowed around both. */
const PROPERTY = /^[ \t]*[!#$%&'*+\-.^_`|~0-9A-Za-z]+[ \t]*(=[ \t]*[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*[ \t]*)?$/;

/** Why OpenTelemetry Go's baggage.Parse would refuse `baggage`, or undefined when it takes it. */
function baggageProblem(baggage: string): string | undefined {
  if (baggage === "") return undefined;
  if (Buffer.byteLength(baggage) > MAX_BAGGAGE_BYTES) return `baggage-string too large: ${Buffer.byteLength(baggage)}`;
  const keys = new Set<string>();
  for (const member of baggage.split(",")) {
    const [keyValue = "", ...properties] = member.split(";");
    for (const property of properties) if (property !== "" && (!PROPERTY.test(property) || BAD_ESCAPE.test(property))) return `invalid baggage list-member property: ${JSON.stringify(property)}`;
    const equals = keyValue.indexOf("=");
    if (equals === -1) return `invalid baggage list-member: ${JSON.stringify(member)}`;
    const key = keyValue.slice(0, equals).trim();
    const value = keyValue.slice(equals + 1).trim();
    if (!KEY.test(key)) return `invalid key: ${JSON.stringify(key)}`;
    if (!VALUE.test(value) || BAD_ESCAPE.test(value)) return `invalid value: ${JSON.stringify(value)}`;
    keys.add(key);
    if (keys.size > MAX_MEMBERS) return "too many list-members in baggage-string";
  }
  return undefined;
}
