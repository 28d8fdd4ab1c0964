/**
 * fast-check drives the built runtime-injector's POST /mutate over HTTPS with hostile
 * requests and AdmissionReviews of any shape. Never a 5xx, every answer within the bound, a patch
 * never leaves two runtimed containers, and a well-formed review answers exactly as before.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import jsonpatch from "fast-json-patch";
import fc from "fast-check";
import { anyJsonText, checkAnswer, deepJson, fuzz, fuzzTimeoutMs, hostileBody, hostileContentType, hostileHeaders, hostileMethod, hostileSegment, printSummary, send, withBody, type Target } from "../support/fuzz.js";
import { selfSignedCertificate, startInjector, type RunningInjector } from "../support/injector.js";
import { freePort, waitFor } from "../support/ports.js";
import { tempDir } from "../support/tempdirs.js";
import { admissionReview, deploymentPod } from "../unit/injector-fixtures.js";

let dir: string | undefined;
let injector: RunningInjector | undefined;
let target: Target;

beforeAll(async () => {
  dir = tempDir("fuzz-injector-");
  const ca = selfSignedCertificate(dir);
  const port = await freePort();
  injector = startInjector(
    ["--port", String(port), "--listen-address", "127.0.0.1", "--enable-metrics=false", "--tls-cert-file", path.join(dir, "tls.crt"), "--tls-key-file", path.join(dir, "tls.key"), "--sidecar-image", "ghcr.io/example/runtimed:fuzz"],
    { RELEASE_NAMESPACE: "runtime-system" },
  );
  target = { port, ca };
  await waitFor(async () => (await send(target, { method: "GET", path: "/healthz", headers: {} })).status === 200, { timeoutMs: 15_000, what: "injector /healthz" });
});

afterAll(async () => {
  printSummary("injector");
  if (injector && injector.child.exitCode === null) {
    injector.child.kill("SIGKILL");
    await injector.exited;
  }
});

const CANONICAL = Buffer.from(JSON.stringify(admissionReview(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "8080" }), { uid: "canon" })));

const ANNOTATION_KEYS = ["runtime.io/enabled", "runtime.io/app-id", "runtime.io/app-port", "runtime.io/config", "runtime.io/log-level", "runtime.io/api-token-secret", "runtime.io/sidecar-cpu-limit", "runtime.io/sidecar-memory-limit", "runtime.io/enable-metrics", "runtime.io/metrics-port", "__proto__", "constructor"];
const annotationValue = fc.oneof(fc.constantFrom("true", "false", "8080", "0", "65536", "-1", "debug", "two", "100m", "1Gi", "", "a".repeat(300)), fc.string({ maxLength: 12 }));
const container = fc.record(
  {
    name: fc.oneof(fc.constantFrom("app", "runtimed", "RUNTIMED", "sidecar", ""), fc.string({ maxLength: 8 })),
    image: fc.constantFrom("app:1", "runtimed:1"),
    restartPolicy: fc.constantFrom("Always", "Never", undefined),
    ports: fc.array(fc.record({ containerPort: fc.oneof(fc.integer({ min: 1, max: 65535 }), fc.constantFrom(3500, 9090, 50001, -1, 0)), name: fc.string({ maxLength: 4 }) }), { maxLength: 2 }),
    env: fc.oneof(fc.constant(undefined), fc.array(fc.record({ name: fc.constantFrom("RUNTIME_HTTP_PORT", "X"), value: fc.string({ maxLength: 4 }) }), { maxLength: 2 })),
  },
  { requiredKeys: ["name"] },
);

/** A review of a pod of any shape: random containers, init containers, annotations, and hostile JSON spliced in. */
const review = fc
  .record({
    annotations: fc.dictionary(fc.constantFrom(...ANNOTATION_KEYS), annotationValue, { maxKeys: 5 }),
    containers: fc.oneof(fc.array(container, { maxLength: 3 }), fc.constant("not-a-list")),
    initContainers: fc.oneof(fc.constant(undefined), fc.array(container, { maxLength: 2 })),
    namespace: fc.constantFrom("shop", "kube-system", "runtime-system", ""),
    operation: fc.constantFrom("CREATE", "UPDATE", "DELETE", "CONNECT", ""),
    kind: fc.constantFrom("Pod", "Deployment", ""),
    extra: fc.oneof(fc.constant(undefined), anyJsonText, deepJson),
  })
  .map((r) => {
    const pod = deploymentPod(r.annotations) as { spec: Record<string, unknown> };
    pod.spec.containers = r.containers;
    if (r.initContainers) pod.spec.initContainers = r.initContainers;
    const doc = JSON.stringify(admissionReview(pod, { namespace: r.namespace, operation: r.operation, kind: { group: "", version: "v1", kind: r.kind } }));
    // Hostile JSON goes in as text, so keys like __proto__ and numbers like 1e400 reach the parser as sent.
    return { pod, body: Buffer.from(r.extra === undefined ? doc : `${doc.slice(0, -1)},"extra":${r.extra}}`) };
  });

function sidecarsAfter(pod: unknown, patchBase64: string): number {
  const patch = JSON.parse(Buffer.from(patchBase64, "base64").toString("utf8")) as jsonpatch.Operation[];
  const patched = jsonpatch.applyPatch(jsonpatch.deepClone(pod), patch, false, false).newDocument as { spec: { containers?: unknown; initContainers?: unknown } };
  const names = [patched.spec.containers, patched.spec.initContainers].flatMap((list) => (Array.isArray(list) ? list : [])).map((c) => (c as { name?: unknown }).name);
  return names.filter((n) => n === "runtimed").length;
}

describe("fuzzing the built injector over HTTPS", () => {
  it(
    "POST /mutate: AdmissionReviews of any shape, and anything else",
    async () => {
      const expected = (await send(target, withBody("POST", "/mutate", {}, "application/json", CANONICAL))).body.toString();
      expect(JSON.parse(expected)).toMatchObject({ response: { uid: "canon", allowed: true, patchType: "JSONPatch" } });
      await fuzz(
        "injector /mutate",
        [fc.oneof({ weight: 5, arbitrary: fc.constant("/mutate") }, { weight: 1, arbitrary: fc.array(hostileSegment, { maxLength: 2 }).map((s) => `/${s.join("/")}`) }), fc.oneof({ weight: 4, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: hostileMethod }), hostileHeaders, fc.oneof({ weight: 4, arbitrary: fc.constant("application/json") }, { weight: 1, arbitrary: hostileContentType }), fc.oneof({ weight: 3, arbitrary: review }, { weight: 1, arbitrary: hostileBody.map((body) => ({ pod: undefined, body })) })],
        async (p, method, headers, contentType, { pod, body }) => {
          const request = withBody(method, p, headers, contentType, body);
          const reply = await send(target, request);
          checkAnswer(request, reply, {});
          if (reply.status === 200 && pod !== undefined && p === "/mutate") {
            const response = (JSON.parse(reply.body.toString()) as { response: { patch?: string } }).response;
            if (response.patch && sidecarsAfter(pod, response.patch) !== 1) throw new Error("the patched pod does not have exactly one runtimed container");
          }
          if (injector!.child.exitCode !== null) throw new Error(`the injector exited\n${injector!.output().slice(-2000)}`);
          const again = (await send(target, withBody("POST", "/mutate", {}, "application/json", CANONICAL))).body.toString();
          if (again !== expected) throw new Error(`the canonical review answered differently: ${again.slice(0, 300)}`);
        },
      );
    },
    fuzzTimeoutMs(),
  );
});
