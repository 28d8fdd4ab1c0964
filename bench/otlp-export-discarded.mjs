// Preloaded (`node --import`) into benchmark 20's reference sidecar only: the OTLP exporter reports every
// batch exported without encoding or sending it. That sidecar still makes every span with the
// OpenTelemetry SDK and batches it, so its throughput is the ceiling of samplingRate "1" for any exporter,
// however cheap. The patched class is the module instance the sidecar imports (same file, one ESM cache).
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";

const SUCCESS = 0; // ExportResultCode.SUCCESS

OTLPTraceExporter.prototype.export = function exportDiscarded(_spans, resultCallback) {
  resultCallback({ code: SUCCESS });
};
