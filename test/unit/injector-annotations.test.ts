import { describe, expect, it } from "@jest/globals";
import { injectionRequested, parseAnnotations, parseQuantity, withDaprNames } from "../../pkg/injector/annotations.js";

/** As the patcher reads a pod's annotations: Dapr's names too, complaints naming what the pod wrote. */
function errorsOf(podAnnotations: Record<string, string>): string[] {
  const { annotations, named } = withDaprNames(podAnnotations);
  const result = parseAnnotations(annotations);
  return result.ok ? [] : result.errors.map(named);
}

describe("the app protocol annotation", () => {
  it("takes runtime.io/app-protocol, and Dapr's dapr.io/app-protocol unchanged, in any case", () => {
    expect(parseAnnotations({ "runtime.io/app-protocol": "grpc" })).toMatchObject({ ok: true, value: { appProtocol: "grpc" } });
    expect(parseAnnotations(withDaprNames({ "dapr.io/app-protocol": "GRPC" }).annotations)).toMatchObject({ ok: true, value: { appProtocol: "grpc" } });
    expect(parseAnnotations(withDaprNames({ "dapr.io/app-protocol": "http" }).annotations)).toMatchObject({ ok: true, value: { appProtocol: "http" } });
  });

  it("prefers runtime.io/app-protocol when both are given", () => {
    expect(parseAnnotations(withDaprNames({ "runtime.io/app-protocol": "http", "dapr.io/app-protocol": "grpc" }).annotations)).toMatchObject({ ok: true, value: { appProtocol: "http" } });
  });
});

describe("Dapr's annotation names", () => {
  it("reads every dapr.io/<name> as runtime.io/<name> unless the pod sets the runtime.io one", () => {
    const { annotations } = withDaprNames({ "dapr.io/enabled": "true", "dapr.io/app-id": "orders", "dapr.io/app-port": "8080", "runtime.io/log-level": "warn", "dapr.io/log-level": "debug" });
    expect(injectionRequested(annotations)).toBe(true);
    expect(parseAnnotations(annotations)).toMatchObject({ ok: true, value: { appId: "orders", appPort: 8080, logLevel: "warn" } });
  });

  it("names the annotation the pod used in a complaint about it", () => {
    const { annotations, named } = withDaprNames({ "dapr.io/app-port": "eighty", "runtime.io/log-level": "loud" });
    const result = parseAnnotations(annotations);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors.map(named);
    expect(errors.some((e) => e.startsWith("annotation dapr.io/app-port:"))).toBe(true);
    expect(errors.some((e) => e.startsWith("annotation runtime.io/log-level:"))).toBe(true);
  });
});

describe("runtime.io annotations", () => {
  it("asks for injection only with runtime.io/enabled true (any case)", () => {
    expect(injectionRequested({ "runtime.io/enabled": "true" })).toBe(true);
    expect(injectionRequested({ "runtime.io/enabled": "TRUE" })).toBe(true);
    expect(injectionRequested({ "runtime.io/enabled": "false" })).toBe(false);
    expect(injectionRequested({ "runtime.io/enabled": "1" })).toBe(false);
    expect(injectionRequested({ "dapr.io/enabled": "true" })).toBe(false);
    expect(injectionRequested(undefined)).toBe(false);
  });

  it("parses every annotation into typed settings", () => {
    const result = parseAnnotations({
      "runtime.io/app-id": "orders",
      "runtime.io/app-port": "8080",
      "runtime.io/config": "appconfig",
      "runtime.io/log-level": "warn",
      "runtime.io/api-token-secret": "api-token",
      "runtime.io/app-token-secret": "app-token",
      "runtime.io/enable-metrics": "False",
      "runtime.io/metrics-port": "9999",
      "runtime.io/sidecar-image": "ghcr.io/acme/runtimed:1.2.3",
      "runtime.io/sidecar-cpu-request": "250m",
      "runtime.io/sidecar-memory-limit": "1Gi",
      "runtime.io/env": "A=1,B=x=y",
    });
    expect(result).toEqual({
      ok: true,
      value: {
        appId: "orders", appPort: 8080, config: "appconfig", logLevel: "warn", apiTokenSecret: "api-token", appTokenSecret: "app-token",
        enableMetrics: false, metricsPort: 9999, sidecarImage: "ghcr.io/acme/runtimed:1.2.3",
        resources: { requests: { cpu: "250m" }, limits: { memory: "1Gi" } },
        env: [{ name: "A", value: "1" }, { name: "B", value: "x=y" }],
      },
    });
  });

  it.each([
    ["runtime.io/app-id", "Orders_Service", "is not a valid app id"],
    ["runtime.io/app-id", "a".repeat(64), "is not a valid app id"],
    ["runtime.io/app-port", "0", "is not a port number (1-65535)"],
    ["runtime.io/app-port", "70000", "is not a port number (1-65535)"],
    ["runtime.io/app-port", "80 80", "is not a port number (1-65535)"],
    ["runtime.io/metrics-port", "-1", "is not a port number (1-65535)"],
    ["runtime.io/config", "My Config", "is not a valid Configuration name"],
    ["runtime.io/log-level", "trace", "is not one of error, warn, info, debug"],
    ["runtime.io/api-token-secret", "UPPER", "is not a valid Secret name"],
    ["runtime.io/app-token-secret", "a/b", "is not a valid Secret name"],
    ["runtime.io/enable-metrics", "yes", "must be true or false"],
    ["runtime.io/sidecar-image", "img with space", "is not an image reference"],
    ["runtime.io/sidecar-cpu-request", "lots", "is not a quantity such as 100m or 0.5"],
    ["runtime.io/sidecar-memory-limit", "12XB", "is not a quantity such as 64Mi or 1Gi"],
    ["runtime.io/app-protocol", "tcp", "is not one of http, grpc"],
    ["runtime.io/app-protocol", "grpcs", "is a Dapr app protocol runtimed does not speak; use http or grpc"],
    ["dapr.io/app-protocol", "https", "is a Dapr app protocol runtimed does not speak; use http or grpc"],
  ])("refuses %s %j with a message naming it", (key, value, expected) => {
    expect(errorsOf({ [key]: value })).toEqual([expect.stringMatching(new RegExp(`^annotation ${key}: ${JSON.stringify(value)} ${expected.replace(/[()]/g, "\\$&")}`))]);
  });

  it("refuses a request above its limit", () => {
    expect(errorsOf({ "runtime.io/sidecar-memory-request": "1Gi", "runtime.io/sidecar-memory-limit": "512Mi" })).toEqual([
      'annotation runtime.io/sidecar-memory-request: "1Gi" is more than runtime.io/sidecar-memory-limit "512Mi"',
    ]);
    expect(errorsOf({ "runtime.io/sidecar-cpu-request": "500m", "runtime.io/sidecar-cpu-limit": "0.5" })).toEqual([]);
  });

  it("refuses malformed runtime.io/env entries and overriding the injector's own variables", () => {
    expect(errorsOf({ "runtime.io/env": "NOEQUALS,1BAD=x,RUNTIME_API_TOKEN=leak,OK=1" })).toEqual([
      'annotation runtime.io/env: "NOEQUALS" is not of the form NAME=value',
      'annotation runtime.io/env: "1BAD" is not a valid environment variable name',
      "annotation runtime.io/env: RUNTIME_API_TOKEN is set by the injector and cannot be overridden",
    ]);
  });

  it("reports every bad annotation at once", () => {
    expect(errorsOf({ "runtime.io/app-port": "x", "runtime.io/metrics-port": "y", "runtime.io/log-level": "z" })).toHaveLength(3);
  });

  it("reads Kubernetes quantities", () => {
    expect(parseQuantity("100m")).toBeCloseTo(0.1);
    expect(parseQuantity("1.5")).toBe(1.5);
    expect(parseQuantity("64Mi")).toBe(64 * 2 ** 20);
    expect(parseQuantity("1e3")).toBe(1000);
    expect(parseQuantity("1G")).toBe(1e9);
    expect(parseQuantity("M")).toBeUndefined();
    expect(parseQuantity("-1")).toBeUndefined();
  });
});
