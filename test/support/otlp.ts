/**
 * The receiving end of OTLP/HTTP in protobuf (what the sidecar's exporter sends, as daprd's does): the part
 * of opentelemetry-proto's ExportTraceServiceRequest the tests read, decoded with protobufjs, each span in
 * the shape OTLP/JSON gives it (hex ids, SpanKind as a number, attribute values as {stringValue}, ...).
 */
import protobuf from "protobufjs";

const SCHEMA = `
syntax = "proto3";
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { repeated Span spans = 2; }
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  bytes parent_span_id = 4;
  string name = 5;
  int32 kind = 6;
  repeated KeyValue attributes = 9;
}
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
  }
}
`;

const request = protobuf.parse(SCHEMA, { keepCase: false }).root.lookupType("ExportTraceServiceRequest");

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
  /** The resource's service.name. */
  service: string;
}

interface Decoded {
  resourceSpans?: Array<{ resource?: { attributes?: OtlpSpan["attributes"] }; scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }> }>;
}

/** The spans of one ExportTraceServiceRequest body. */
export function decodeTraces(body: Buffer): OtlpSpan[] {
  const decoded = request.toObject(request.decode(body), { longs: Number, bytes: Buffer, oneofs: false, defaults: false }) as Decoded;
  const spans: OtlpSpan[] = [];
  for (const rs of decoded.resourceSpans ?? []) {
    const service = String(rs.resource?.attributes?.find((a) => a.key === "service.name")?.value["stringValue"]);
    for (const ss of rs.scopeSpans ?? []) {
      for (const span of ss.spans ?? []) {
        const hex = (key: string): string | undefined => (span[key] instanceof Uint8Array && (span[key] as Uint8Array).length > 0 ? Buffer.from(span[key] as Uint8Array).toString("hex") : undefined);
        spans.push({
          traceId: hex("traceId")!,
          spanId: hex("spanId")!,
          parentSpanId: hex("parentSpanId"),
          name: String(span["name"]),
          kind: Number(span["kind"] ?? 0),
          attributes: (span["attributes"] as OtlpSpan["attributes"] | undefined) ?? [],
          service,
        });
      }
    }
  }
  return spans;
}
