/**
 * The AdmissionReview v1 service: a review in, a review out. Answers are built the
 * controller-runtime way (allowed / denied / patched / errored); a body that is not an AdmissionReview
 * is a 400 for the API server, never a decision about a pod.
 */
import type { Counter, Histogram } from "prom-client";
import type { Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import { JsonDepthError, parseJson } from "../util/json.js";
import { createPatch, type InjectorConfig, type PatchDecision } from "./patcher.js";

export const ADMISSION_API_VERSION = "admission.k8s.io/v1";

export type ReviewResult = "allowed" | "denied" | "patched" | "errored" | "malformed";

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: { code: number; message: string; reason?: string };
  patchType?: "JSONPatch";
  patch?: string;
  warnings?: string[];
}

export interface AdmissionReviewOut {
  apiVersion: typeof ADMISSION_API_VERSION;
  kind: "AdmissionReview";
  response: AdmissionResponse;
}

/** What the HTTP layer writes: a status and a JSON body. */
export interface WebhookReply {
  status: number;
  body: AdmissionReviewOut | { message: string };
  result: ReviewResult;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function allowed(uid: string, warnings?: string[]): AdmissionResponse {
  return warnings && warnings.length > 0 ? { uid, allowed: true, warnings } : { uid, allowed: true };
}

export function denied(uid: string, message: string): AdmissionResponse {
  return { uid, allowed: false, status: { code: 403, reason: "Forbidden", message } };
}

export function patched(uid: string, patch: unknown[]): AdmissionResponse {
  return { uid, allowed: true, patchType: "JSONPatch", patch: Buffer.from(JSON.stringify(patch)).toString("base64") };
}

export function errored(uid: string, code: number, message: string): AdmissionResponse {
  return { uid, allowed: false, status: { code, message } };
}

export interface WebhookDeps {
  config: InjectorConfig;
  logger: Logger;
  metrics: Metrics;
  /** Swappable for tests of the errored path; the real one is pure. */
  decide?: typeof createPatch;
}

/** Validated fields of a request: enough to decide, the rest of the review is not trusted. */
interface ReviewRequest {
  uid: string;
  kind: string;
  operation: string;
  namespace: string;
  object: unknown;
}

function parseReview(body: Buffer): ReviewRequest | string {
  let doc: unknown;
  try {
    doc = parseJson(body);
  } catch (error) {
    return error instanceof JsonDepthError ? `the body is ${error.message}` : `the body is not JSON: ${(error as Error).message}`;
  }
  if (!isObject(doc)) return "the body must be an AdmissionReview object";
  if (doc.apiVersion !== ADMISSION_API_VERSION || doc.kind !== "AdmissionReview") {
    return `expected apiVersion ${ADMISSION_API_VERSION} and kind AdmissionReview, got ${JSON.stringify(doc.apiVersion)} ${JSON.stringify(doc.kind)}`;
  }
  const request = doc.request;
  if (!isObject(request)) return "request is missing";
  if (typeof request.uid !== "string" || request.uid === "") return "request.uid is missing";
  const kind = isObject(request.kind) && typeof request.kind.kind === "string" ? request.kind.kind : undefined;
  if (!kind) return "request.kind.kind is missing";
  const object = isObject(request.object) ? request.object : undefined;
  const objectMeta = object && isObject(object.metadata) ? object.metadata : undefined;
  const namespace = typeof request.namespace === "string" && request.namespace !== ""
    ? request.namespace
    : typeof objectMeta?.namespace === "string" ? objectMeta.namespace : "";
  return { uid: request.uid, kind, operation: typeof request.operation === "string" ? request.operation : "", namespace, object: request.object };
}

/** Annotations are strings on the wire; anything else is dropped rather than trusted. Keyed by user input, hence no prototype. */
function stringValues(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const out = Object.create(null) as Record<string, string>;
  for (const [key, v] of Object.entries(value)) if (typeof v === "string") out[key] = v;
  return out;
}

export class InjectorWebhook {
  private readonly requests: Counter<"result">;
  private readonly latency: Histogram<"result">;
  private readonly decide: typeof createPatch;

  constructor(private readonly deps: WebhookDeps) {
    this.requests = deps.metrics.counter("injector_requests_total", "AdmissionReview requests handled by the sidecar injector, by result", ["result"]);
    this.latency = deps.metrics.histogram("injector_request_latency_ms", "Time to answer an AdmissionReview in milliseconds, by result", ["result"]);
    this.decide = deps.decide ?? createPatch;
  }

  /** Handles one POSTed body; never throws. */
  review(body: Buffer): WebhookReply {
    const started = process.hrtime.bigint();
    const reply = this.answer(body);
    this.requests.inc({ result: reply.result });
    this.latency.observe({ result: reply.result }, Number(process.hrtime.bigint() - started) / 1e6);
    return reply;
  }

  /** Counts a request the HTTP layer refused before it reached `review` (too large, wrong method). */
  countRejected(): void {
    this.requests.inc({ result: "malformed" });
  }

  private answer(body: Buffer): WebhookReply {
    const request = parseReview(body);
    if (typeof request === "string") {
      this.deps.logger.warn(`malformed AdmissionReview: ${request}`);
      return { status: 400, body: { message: request }, result: "malformed" };
    }
    const wrap = (response: AdmissionResponse, result: ReviewResult): WebhookReply => ({
      status: 200,
      body: { apiVersion: ADMISSION_API_VERSION, kind: "AdmissionReview", response },
      result,
    });
    // The injector never denies what it does not inject (ARCHITECTURE.md "Hardening"): other kinds and operations pass.
    if (request.kind !== "Pod" || request.operation !== "CREATE") return wrap(allowed(request.uid), "allowed");
    const pod = request.object;
    const meta = isObject(pod) && isObject(pod.metadata) ? pod.metadata : {};
    const annotations = stringValues(meta.annotations);
    const podName = typeof meta.name === "string" && meta.name ? meta.name : `${String(meta.generateName ?? "")}<generated>`;
    let decision: PatchDecision;
    try {
      decision = this.decide(pod, request.namespace, annotations, this.deps.config);
    } catch (error) {
      this.deps.logger.error(`building the patch for pod ${request.namespace}/${podName} failed: ${(error as Error).message}`);
      return wrap(errored(request.uid, 500, `the sidecar injector failed: ${(error as Error).message}`), "errored");
    }
    if (decision.kind === "skip") return wrap(allowed(request.uid), "allowed");
    if (decision.kind === "invalid") {
      const message = `runtime sidecar injection refused: ${decision.errors.join("; ")}`;
      this.deps.logger.info(`denied pod ${request.namespace}/${podName}: ${message}`);
      return wrap(denied(request.uid, message), "denied");
    }
    this.deps.logger.info(`injecting ${podName} in ${request.namespace} as app id ${decision.appId}`);
    return wrap(patched(request.uid, decision.patch), "patched");
  }
}
