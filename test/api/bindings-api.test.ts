import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { registerTestBindings } from "../support/test-bindings.js";

const component = (name: string, type: string, metadata: Record<string, string> = {}): string =>
  `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: ${type}
  version: v1
  metadata: ${JSON.stringify(Object.entries(metadata).map(([n, value]) => ({ name: n, value })))}
---
`;

/** docs/api.md "Bindings": POST /v1.0/bindings/<name> rows, black-box over HTTP against a Runtime. */
describe("bindings API: POST /v1.0/bindings/<name>", () => {
  let rt: TestRuntime;

  const invoke = (name: string, body: unknown, raw = false): Promise<Response> =>
    fetch(`${rt.url}/v1.0/bindings/${name}`, { method: "POST", headers: { "content-type": "application/json" }, body: raw ? (body as string) : JSON.stringify(body) });

  beforeAll(async () => {
    const dir = await resourcesFolder({
      "bindings.yaml":
        component("echo", "bindings.test.echo") +
        component("echo-in-only", "bindings.test.echo", { direction: "input" }) +
        component("source", "bindings.test.source"),
    });
    rt = createRuntime({ resourcesPaths: [dir] }, { registries: registerTestBindings(builtinRegistries()) });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
  });

  it("200 with the component's JSON result, its metadata as metadata.<key> headers (unsafe names dropped)", async () => {
    const res = await invoke("echo", { operation: "echo", data: { orderId: 1 }, metadata: { ttl: "10" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { orderId: 1 }, metadata: { ttl: "10" } });
    expect(res.headers.get("metadata.op")).toBe("echo");
  });

  it("204 when the component returns no data; bytes come back as application/octet-stream", async () => {
    expect((await invoke("echo", { operation: "empty" })).status).toBe(204);
    const bytes = await invoke("echo", { operation: "bytes" });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toMatch(/application\/octet-stream/);
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it("404 ERR_BINDING_NOT_FOUND for an unknown binding, an input-only one and a binding with no output side", async () => {
    for (const name of ["nope", "echo-in-only", "source"]) {
      const res = await invoke(name, { operation: "echo" });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ errorCode: "ERR_BINDING_NOT_FOUND", message: `output binding ${name} is not found` });
    }
  });

  it("400 ERR_BINDING_OPERATION_NOT_SUPPORTED naming the supported operations", async () => {
    const res = await invoke("echo", { operation: "delete" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errorCode: string; message: string };
    expect(body.errorCode).toBe("ERR_BINDING_OPERATION_NOT_SUPPORTED");
    expect(body.message).toBe("binding echo does not support operation delete (supported: echo, empty, bytes, fail, badrequest)");
  });

  it.each([
    ["not JSON", "{oops", /not JSON/],
    ["an array", "[1,2]", /must be a JSON object/],
    ["empty", "", /must be a JSON object/],
    ["no operation", JSON.stringify({ data: 1 }), /operation is required/],
    ["metadata not an object", JSON.stringify({ operation: "echo", metadata: ["a"] }), /metadata must be an object of strings/],
    ["a metadata value not a string", JSON.stringify({ operation: "echo", metadata: { ttl: 10 } }), /metadata.ttl must be a string/],
  ])("400 ERR_MALFORMED_REQUEST for a body that is %s", async (_what, body, message) => {
    const res = await invoke("echo", body, true);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { errorCode: string; message: string };
    expect(json.errorCode).toBe("ERR_MALFORMED_REQUEST");
    expect(json.message).toMatch(message);
  });

  it("500 ERR_INVOKE_OUTPUT_BINDING when the component fails; 400 when it says the request is wrong; the sidecar keeps serving", async () => {
    const failed = await invoke("echo", { operation: "fail" });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ errorCode: "ERR_INVOKE_OUTPUT_BINDING", message: "error invoking output binding echo: backend is down" });
    const bad = await invoke("echo", { operation: "badrequest" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("invalid binding request: echo: data must be a number");
    expect((await invoke("echo", { operation: "empty" })).status).toBe(204);
  });

  it("a __proto__ metadata key stays plain data", async () => {
    const res = await invoke("echo", '{"operation":"echo","metadata":{"__proto__":"x"}}', true);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { metadata: Record<string, string> }).metadata).toEqual({ ["__proto__"]: "x" });
  });

  it("counts invocations by component, operation and outcome in runtime_bindings_*", async () => {
    const text = await rt.runtime.metrics.registry.metrics();
    expect(text).toMatch(/runtime_bindings_requests_total\{component="echo",direction="output",operation="echo",success="true"\} [1-9]/);
    expect(text).toMatch(/runtime_bindings_requests_total\{component="echo",direction="output",operation="fail",success="false"\} 1/);
    expect(text).toMatch(/runtime_bindings_latency_ms_bucket\{le="[^"]+",component="echo",direction="output",operation="echo",success="true"\}/);
  });
});
