import { describe, expect, it } from "@jest/globals";
import jsonpatch from "fast-json-patch";
import { Pod } from "kubernetes-models/v1/Pod";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import type { InjectorConfig } from "../../pkg/injector/patcher.js";
import { InjectorWebhook, type AdmissionReviewOut } from "../../pkg/injector/webhook.js";
import { admissionReview, DEPLOYMENT_OBJECT, deploymentPod } from "./injector-fixtures.js";
import { PassThrough } from "node:stream";

const CONFIG: InjectorConfig = { sidecarImage: "runtimed:test", skipNamespaces: ["kube-system", "kube-public", "runtime-system"] };

function setup(decide?: InjectorWebhook extends never ? never : ConstructorParameters<typeof InjectorWebhook>[0]["decide"]): { webhook: InjectorWebhook; metrics: Metrics; logs: () => string } {
  const stream = new PassThrough();
  let logs = "";
  stream.on("data", (d: Buffer) => (logs += d.toString()));
  const metrics = new Metrics({ processMetrics: false });
  const webhook = new InjectorWebhook({ config: CONFIG, logger: createLogger({ appId: "runtime-injector", level: "debug", json: false, stream }), metrics, decide });
  return { webhook, metrics, logs: () => logs };
}

function post(webhook: InjectorWebhook, review: unknown): ReturnType<InjectorWebhook["review"]> {
  return webhook.review(Buffer.from(typeof review === "string" ? review : JSON.stringify(review)));
}

async function counts(metrics: Metrics): Promise<Record<string, number>> {
  const metric = await metrics.registry.getSingleMetric("runtime_injector_requests_total")!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.result), v.value]));
}

describe("AdmissionReview v1 webhook", () => {
  it("answers an enabled Deployment pod with a base64 JSONPatch that yields a valid pod, echoing the uid", () => {
    const { webhook } = setup();
    const pod = deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "8080" });
    const reply = post(webhook, admissionReview(pod, { uid: "abc-123" }));
    expect(reply.status).toBe(200);
    const body = reply.body as AdmissionReviewOut;
    expect(body).toMatchObject({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "abc-123", allowed: true, patchType: "JSONPatch" } });
    const patch = JSON.parse(Buffer.from(body.response.patch!, "base64").toString("utf8")) as jsonpatch.Operation[];
    const result = jsonpatch.applyPatch(jsonpatch.deepClone(pod), patch, true, false).newDocument as { metadata: object; spec: { containers: Array<{ name: string }> } };
    new Pod({ ...result, metadata: { ...result.metadata, creationTimestamp: undefined } } as never).validate();
    expect(result.spec.containers.map((c) => c.name)).toEqual(["app", "runtimed"]);
  });

  it("denies an enabled pod with bad annotations, with the reasons in status.message", () => {
    const { webhook, logs } = setup();
    const reply = post(webhook, admissionReview(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "eighty" })));
    expect(reply.body).toMatchObject({ response: { allowed: false, status: { code: 403, message: 'runtime sidecar injection refused: annotation runtime.io/app-port: "eighty" is not a port number (1-65535)' } } });
    expect(logs()).toContain("denied pod shop/checkout-");
  });

  it("allows without a patch: non-pods, non-CREATE, pods not asking, pods in system namespaces", () => {
    const { webhook } = setup();
    const enabled = deploymentPod({ "runtime.io/enabled": "true" });
    const reviews = [
      admissionReview(DEPLOYMENT_OBJECT, { kind: { group: "apps", version: "v1", kind: "Deployment" }, resource: "deployments" }),
      admissionReview(enabled, { operation: "UPDATE" }),
      admissionReview(deploymentPod({})),
      admissionReview(enabled, { namespace: "kube-system" }),
      admissionReview(enabled, { namespace: "runtime-system" }),
    ];
    for (const review of reviews) {
      const reply = post(webhook, review);
      expect(reply.status).toBe(200);
      expect((reply.body as AdmissionReviewOut).response).toEqual({ uid: "705ab4f5-6393-11e8-b7cc-42010a800002", allowed: true });
    }
  });

  it("takes the namespace from the object when the request has none", () => {
    const { webhook } = setup();
    const pod = deploymentPod({ "runtime.io/enabled": "true" });
    (pod.metadata as Record<string, unknown>).namespace = "kube-public";
    const review = admissionReview(pod) as { request: Record<string, unknown> };
    delete review.request.namespace;
    expect((post(webhook, review).body as AdmissionReviewOut).response.patch).toBeUndefined();
  });

  it.each([
    ["not JSON", "{oops", /not JSON/],
    ["a JSON array", "[]", /must be an AdmissionReview object/],
    ["the v1beta1 version", JSON.stringify({ ...admissionReview({}), apiVersion: "admission.k8s.io/v1beta1" }), /expected apiVersion admission.k8s.io\/v1/],
    ["no request", JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview" }), /request is missing/],
    ["no uid", JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", request: { kind: { kind: "Pod" } } }), /request.uid is missing/],
    ["no kind", JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", request: { uid: "u" } }), /request.kind.kind is missing/],
  ])("answers 400 to %s", (_what, body, message) => {
    const { webhook } = setup();
    const reply = post(webhook, body);
    expect(reply.status).toBe(400);
    expect((reply.body as { message: string }).message).toMatch(message);
  });

  it("ignores non-string annotation values instead of failing", () => {
    const { webhook } = setup();
    const pod = deploymentPod({ "runtime.io/enabled": "true" });
    (pod.metadata as { annotations: Record<string, unknown> }).annotations["runtime.io/app-port"] = { nested: true };
    expect((post(webhook, admissionReview(pod)).body as AdmissionReviewOut).response.patchType).toBe("JSONPatch");
  });

  it("answers errored (allowed false, code 500) when building the patch throws, and logs it", () => {
    const { webhook, logs } = setup(() => {
      throw new Error("boom");
    });
    const reply = post(webhook, admissionReview(deploymentPod({ "runtime.io/enabled": "true" })));
    expect(reply.body).toMatchObject({ response: { allowed: false, status: { code: 500, message: "the sidecar injector failed: boom" } } });
    expect(logs()).toContain("failed: boom");
  });

  it("counts runtime_injector_requests_total by result", async () => {
    const { webhook, metrics } = setup();
    post(webhook, admissionReview(deploymentPod({ "runtime.io/enabled": "true" })));
    post(webhook, admissionReview(deploymentPod({ "runtime.io/enabled": "true" })));
    post(webhook, admissionReview(deploymentPod({})));
    post(webhook, admissionReview(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/log-level": "x" })));
    post(webhook, "nope");
    expect(await counts(metrics)).toEqual({ patched: 2, allowed: 1, denied: 1, malformed: 1 });
  });
});
