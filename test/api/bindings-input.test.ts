import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { freePort, waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { registerTestBindings, sources } from "../support/test-bindings.js";

const source = (name: string, direction?: string): string =>
  `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: bindings.test.source
  version: v1
  metadata: ${JSON.stringify(direction ? [{ name: "direction", value: direction }] : [])}
---
`;

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** docs/api.md "Bindings": input bindings deliver POST /<binding-name> to the app with the app token; 2xx = handled. */
describe("input bindings: delivery to the app", () => {
  let rt: TestRuntime;
  let app: http.Server;
  const received: Received[] = [];
  let status = 200;

  beforeAll(async () => {
    app = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.method === "POST" && req.url?.startsWith("/in-")) received.push({ url: req.url, headers: req.headers, body });
        res.writeHead(req.url?.startsWith("/in-") ? status : 404).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const dir = await resourcesFolder({ "sources.yaml": source("in-a") + source("in-out-only", "output") });
    rt = createRuntime({ resourcesPaths: [dir], appPort: (app.address() as AddressInfo).port, appToken: "the-app-token" }, { registries: registerTestBindings(builtinRegistries()) });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
  });

  it("starts read() only for bindings whose direction includes input", () => {
    expect(sources.get("in-a")?.handler).toBeDefined();
    expect(sources.has("in-out-only")).toBe(false);
    expect(rt.runtime.inputBindings.active()).toEqual(["in-a"]);
  });

  it("POSTs each event to /<binding-name> as JSON with the app token and safe metadata headers; 2xx resolves", async () => {
    await sources.get("in-a")!.emit({ hello: "world" }, { "cloudevent.id": "e1", "content-length": "999", "bad header": "x", injected: "a\r\nb" });
    expect(received).toHaveLength(1);
    const [event] = received;
    expect(event!.url).toBe("/in-a");
    expect(JSON.parse(event!.body)).toEqual({ hello: "world" });
    expect(event!.headers["content-type"]).toBe("application/json");
    expect(event!.headers["runtime-api-token"]).toBe("the-app-token");
    expect(event!.headers["cloudevent.id"]).toBe("e1");
    expect(event!.headers["injected"]).toBeUndefined();
    expect(event!.headers["content-length"]).toBe(String(event!.body.length));
  });

  it("rejects when the app answers anything but 2xx, so the source can report the failure", async () => {
    status = 500;
    try {
      await expect(sources.get("in-a")!.emit({ n: 2 })).rejects.toThrow(/app answered HTTP 500 to POST \/in-a/);
    } finally {
      status = 200;
    }
    const text = await rt.runtime.metrics.registry.metrics();
    expect(text).toMatch(/runtime_bindings_requests_total\{component="in-a",direction="input",operation="read",success="false"\} 1/);
    expect(text).toMatch(/runtime_bindings_requests_total\{component="in-a",direction="input",operation="read",success="true"\} 1/);
  });

  it("stops read() (aborts its signal) before the binding is removed, and closes it", async () => {
    const started = sources.get("in-a")!;
    await rt.runtime.processor.remove("in-a");
    expect(started.signal?.aborted).toBe(true);
    expect(started.closed).toBe(true);
    expect(rt.runtime.inputBindings.active()).toEqual([]);
  });
});

describe("input bindings without an app port", () => {
  it("are not started, with a warning naming the binding", async () => {
    sources.clear();
    const dir = await resourcesFolder({ "sources.yaml": source("in-noapp") });
    const rt = createRuntime({ resourcesPaths: [dir] }, { registries: registerTestBindings(builtinRegistries()) });
    try {
      await rt.start();
      expect(sources.has("in-noapp")).toBe(false);
      expect(rt.logs()).toMatch(/input binding in-noapp not started: no --app-port/);
    } finally {
      await rt.close();
    }
  });
});

describe("input bindings before the app answers", () => {
  it("hold an event until the app's port opens, then deliver it (as Dapr reads only once the app channel is ready)", async () => {
    sources.clear();
    const appPort = await freePort();
    const dir = await resourcesFolder({ "sources.yaml": source("in-early") });
    const rt = createRuntime({ resourcesPaths: [dir], appPort }, { registries: registerTestBindings(builtinRegistries()) });
    const bodies: string[] = [];
    const app = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        if (req.url === "/in-early") bodies.push(body);
        res.writeHead(req.url === "/in-early" ? 200 : 404).end();
      });
    });
    try {
      await rt.start();
      let settled: string | undefined;
      const delivery = sources.get("in-early")!.emit({ early: true }).then(
        () => (settled = "delivered"),
        (error: Error) => (settled = `failed: ${error.message}`),
      );
      // The event the sidecar reports when it holds a delivery for an app that does not answer yet.
      await waitFor(() => rt.logs().includes("input binding in-early: holding an event until the app answers"), { what: "the event to be held" });
      expect(settled).toBeUndefined();
      await new Promise<void>((resolve) => app.listen(appPort, "127.0.0.1", resolve));
      await delivery;
      expect(settled).toBe("delivered");
      expect(bodies).toEqual(['{"early":true}']);
    } finally {
      await rt.close();
      await new Promise<void>((resolve) => (app.listening ? app.close(() => resolve()) : resolve()));
    }
  });

  it("give up on a held event when the sidecar stops", async () => {
    sources.clear();
    const dir = await resourcesFolder({ "sources.yaml": source("in-never") });
    const rt = createRuntime({ resourcesPaths: [dir], appPort: await freePort() }, { registries: registerTestBindings(builtinRegistries()) });
    await rt.start();
    const delivery = sources.get("in-never")!.emit({ never: true });
    await rt.close();
    await expect(delivery).rejects.toThrow(/in-never is stopping/);
  });
});
