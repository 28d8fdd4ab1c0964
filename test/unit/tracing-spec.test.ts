import { describe, expect, it } from "@jest/globals";
import { parseTracingSpec } from "../../pkg/apis/tracing.js";
import { validateResource } from "../../pkg/apis/validate.js";

function parse(value: unknown): { spec: ReturnType<typeof parseTracingSpec>; errors: Array<{ field: string; message: string }> } {
  const errors: Array<{ field: string; message: string }> = [];
  return { spec: parseTracingSpec(value, errors), errors };
}

describe("Configuration spec.tracing, read as daprd reads it", () => {
  it("takes Dapr's shape: samplingRate as a string, otel host:port with isSecure, zipkin URL, stdout", () => {
    expect(parse({ samplingRate: "1", otel: { endpointAddress: "localhost:4318", isSecure: false, protocol: "http" }, zipkin: { endpointAddress: "http://zipkin:9411/api/v2/spans" }, stdout: true })).toEqual({
      errors: [],
      spec: { samplingRate: 1, otel: { endpointAddress: "http://localhost:4318/v1/traces", isSecure: false, protocol: "http" }, zipkin: { endpointAddress: "http://zipkin:9411/api/v2/spans" }, stdout: true },
    });
    expect(parse({ samplingRate: 0.25, otel: { endpointAddress: "collector:4318", isSecure: "true" } }).spec).toMatchObject({ samplingRate: 0.25, otel: { endpointAddress: "https://collector:4318/v1/traces" } });
    expect(parse({ otel: { endpointAddress: "http://c:4318/custom/path" } }).spec?.otel?.endpointAddress).toBe("http://c:4318/custom/path");
  });

  it("defaults to samplingRate 0 (nothing recorded), as Dapr does", () => {
    expect(parse({}).spec).toEqual({ samplingRate: 0, stdout: false });
    expect(parse(undefined).spec).toBeUndefined();
  });

  it("rejects what it cannot parse, by field", () => {
    expect(parse({ samplingRate: "often" }).errors).toEqual([{ field: "spec.tracing.samplingRate", message: expect.stringContaining("\"often\"") }]);
    expect(parse({ samplingRate: "1.5" }).errors[0]?.field).toBe("spec.tracing.samplingRate");
    expect(parse({ samplingRate: "" }).errors[0]?.field).toBe("spec.tracing.samplingRate");
    expect(parse({ otel: { endpointAddress: "" } }).errors.map((e) => e.field)).toEqual(["spec.tracing.otel.endpointAddress"]);
    expect(parse({ otel: { endpointAddress: "ftp://x:21" } }).errors.map((e) => e.field)).toEqual(["spec.tracing.otel.endpointAddress"]);
    expect(parse({ otel: { endpointAddress: "x:4317", protocol: "grpc" } }).errors.map((e) => e.field)).toEqual(["spec.tracing.otel.protocol"]);
    expect(parse({ otel: { endpointAddress: "x:4318", isSecure: "maybe" } }).errors.map((e) => e.field)).toEqual(["spec.tracing.otel.isSecure"]);
    expect(parse({ zipkin: { endpointAddress: "not a url" } }).errors.map((e) => e.field)).toEqual(["spec.tracing.zipkin.endpointAddress"]);
    expect(parse({ stdout: "yes please" }).errors.map((e) => e.field)).toEqual(["spec.tracing.stdout"]);
  });

  it("makes a Configuration with a bad tracing section invalid, naming the field", () => {
    const result = validateResource({ apiVersion: "dapr.io/v1alpha1", kind: "Configuration", metadata: { name: "tracing" }, spec: { tracing: { samplingRate: "x" } } });
    expect(result).toMatchObject({ ok: false, errors: [{ field: "spec.tracing.samplingRate" }] });
    expect(validateResource({ apiVersion: "dapr.io/v1alpha1", kind: "Configuration", metadata: { name: "tracing" }, spec: { tracing: { samplingRate: "1", zipkin: { endpointAddress: "http://localhost:9411/api/v2/spans" } } } }).ok).toBe(true);
  });
});
