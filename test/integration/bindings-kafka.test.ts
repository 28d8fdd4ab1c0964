import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "@jest/globals";
import { usePrivateKafka } from "../support/kafka.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * `bindings.kafka` through the built sidecar against a private KRaft broker: `create` on the output binding
 * publishes to `publishTopic`; the input binding reads `topics` and posts each record to `/<binding-name>`,
 * again after a non-2xx answer (its offset is committed only once the app took it).
 */

const kafka = usePrivateKafka(1);
const BINDING = "orders-stream";
let sidecar: SidecarProcess | undefined;
let app: TestApp | undefined;

afterAll(async () => {
  await sidecar?.stop("SIGKILL");
  await app?.close();
});

it("publishes with create and delivers the topic's records to POST /<binding-name>, redelivering one the app refused", async () => {
  const topic = `binding-${randomUUID()}`;
  app = await startTestApp();
  app.respond(`/${BINDING}`, (_req, n) => (n === 1 ? { status: 500 } : { status: 200 }));
  const resources = await resourcesFolder({
    "binding.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${BINDING}}
spec:
  type: bindings.kafka
  version: v1
  metadata:
  - {name: brokers, value: "${kafka().bootstrap}"}
  - {name: authType, value: none}
  - {name: disableTls, value: "true"}
  - {name: topics, value: "${topic}"}
  - {name: publishTopic, value: "${topic}"}
  - {name: consumerGroup, value: binding-group}
  - {name: initialOffset, value: oldest}
`,
  });
  sidecar = await startSidecar({ appId: "binding-app", args: ["--app-port", String(app.port), "--resources-path", resources, "--log-level", "warn"] });
  const sc = sidecar;
  const invoke = (body: unknown): Promise<Response> => fetch(`${sc.url}/v1.0/bindings/${BINDING}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  for (let n = 0; n < 5; n++) expect((await invoke({ operation: "create", data: { n }, metadata: { partitionKey: "one", source: "test" } })).status).toBeLessThan(300);
  const unsupported = await invoke({ operation: "delete", data: {} });
  // A dapr.io binding answers an unsupported operation as daprd: 500 ERR_INVOKE_OUTPUT_BINDING.
  expect(unsupported.status).toBe(500);
  await waitFor(() => new Set(app!.on(`/${BINDING}`).map((r) => r.json<{ n: number }>().n)).size === 5, { timeoutMs: 30_000, what: "5 records at the input binding" });
  const received = app.on(`/${BINDING}`);
  // The first delivery was refused (500) and came again: 6 requests, in order (one key, one partition).
  expect(received.map((r) => r.json<{ n: number }>().n)).toEqual([0, 0, 1, 2, 3, 4]);
  expect(received[0]!.headers["source"]).toBe("test");
}, 90_000);
