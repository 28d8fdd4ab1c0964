import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { registerTestBindings, sources } from "../support/test-bindings.js";

const source = (name: string): string => `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: bindings.test.source
  version: v1
  metadata: []
---
`;

const RESILIENCY = `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata: {name: resiliency}
spec:
  policies:
    retries:
      three:
        policy: constant
        duration: 10ms
        maxRetries: 3
  targets:
    components:
      in-retried:
        inbound:
          retry: three
`;

/** Dapr's Resiliency `components.<name>.inbound` applies to an input binding's deliveries to the app. */
describe("input bindings under a Resiliency inbound policy", () => {
  let rt: TestRuntime;
  let app: http.Server;
  const attempts = new Map<string, number>();
  let failFirst = 0;

  beforeAll(async () => {
    app = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const n = (attempts.get(req.url ?? "") ?? 0) + 1;
        attempts.set(req.url ?? "", n);
        res.writeHead(n <= failFirst ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const dir = await resourcesFolder({ "sources.yaml": source("in-retried") + source("in-plain"), "resiliency.yaml": RESILIENCY });
    rt = createRuntime({ resourcesPaths: [dir], appPort: (app.address() as AddressInfo).port }, { registries: registerTestBindings(builtinRegistries()) });
    await rt.start();
  });

  afterAll(async () => {
    await rt?.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
  });

  it("retries a delivery the app failed as the policy says, and the source sees one success", async () => {
    failFirst = 2;
    await sources.get("in-retried")!.emit({ n: 1 });
    expect(attempts.get("/in-retried")).toBe(3);
  });

  it("gives up after the policy's retries, and the source sees the failure", async () => {
    attempts.clear();
    failFirst = 10;
    await expect(sources.get("in-retried")!.emit({ n: 2 })).rejects.toThrow("HTTP 500");
    expect(attempts.get("/in-retried")).toBe(4);
  });

  it("a binding no policy names gets one attempt: its source redelivers", async () => {
    attempts.clear();
    failFirst = 1;
    await expect(sources.get("in-plain")!.emit({ n: 3 })).rejects.toThrow("HTTP 500");
    expect(attempts.get("/in-plain")).toBe(1);
  });
});
