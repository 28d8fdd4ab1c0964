/**
 * The pure part of the status controller: a runtime.io object -> the `status` it should carry.
 * Validation is `runtimed validate`'s own (pkg/apis/validate.ts and the component registries), so
 * the READY column and `runtimed validate` never disagree.
 */
import { validateResource, type FieldError } from "../apis/validate.js";
import type { Registries } from "../components/builtins.js";
import { componentTypeErrors } from "../components/typecheck.js";

export type ConditionStatus = "True" | "False" | "Unknown";

/** A Kubernetes condition (metav1.Condition's fields). */
export interface Condition {
  type: "Valid" | "Loaded" | "Ready";
  status: ConditionStatus;
  reason: string;
  message: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
}

export interface ResourceStatus {
  observedGeneration?: number;
  conditions: Condition[];
}

/** A runtime.io object as the API serves it (only what the status needs). */
export interface KubeResource {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; generation?: number; uid?: string; resourceVersion?: string };
  spec?: unknown;
  auth?: unknown;
  scopes?: unknown;
  status?: Partial<ResourceStatus>;
}

/** What the sidecars of a namespace reported about one Component (summarised from their Events). */
export interface LoadedSummary {
  /** Sidecars whose latest report for the current generation is Loaded or Reloaded. */
  loaded: string[];
  /** Sidecars whose latest report for the current generation is InitFailed or ReloadFailed, with the message. */
  failed: Array<{ pod: string; reason: string; message: string }>;
}

/** Validates one object with the loader's rules and, for a Component, the registries. */
export function validationErrors(object: KubeResource, kind: string, registries: Registries): FieldError[] {
  const meta = object.metadata ?? {};
  const result = validateResource({
    apiVersion: object.apiVersion,
    kind: object.kind ?? kind,
    // Only the fields a resource carries reach validation, as the sidecar's Kubernetes loader does.
    metadata: { name: meta.name, namespace: meta.namespace },
    spec: object.spec,
    ...(object.auth !== undefined ? { auth: object.auth } : {}),
    ...(object.scopes !== undefined ? { scopes: object.scopes } : {}),
  });
  if (!result.ok) return result.errors;
  if (result.resource.kind !== "Component") return [];
  return componentTypeErrors(result.resource.spec.type, result.resource.spec.version, registries);
}

/** The conditions an object should carry; `loaded` only for Components (undefined: no summary yet). */
export function desiredConditions(errors: readonly FieldError[], generation: number | undefined, loaded?: LoadedSummary): Condition[] {
  const valid: Condition = errors.length === 0
    ? { type: "Valid", status: "True", reason: "Valid", message: "passes runtimed validate" }
    : { type: "Valid", status: "False", reason: "InvalidSpec", message: errors.map((e) => `${e.field}: ${e.message}`).join("; ") };
  const conditions: Condition[] = [valid];
  let loadedCondition: Condition | undefined;
  if (loaded) {
    if (loaded.failed.length > 0) {
      const first = loaded.failed[0]!;
      loadedCondition = { type: "Loaded", status: "False", reason: first.reason, message: `${loaded.failed.length} sidecar(s) failed (${first.pod}: ${first.message}); ${loaded.loaded.length} run this generation` };
    } else if (loaded.loaded.length > 0) {
      loadedCondition = { type: "Loaded", status: "True", reason: "Loaded", message: `${loaded.loaded.length} sidecar(s) run this generation` };
    } else {
      loadedCondition = { type: "Loaded", status: "Unknown", reason: "NoSidecarReports", message: "no sidecar has reported this generation yet" };
    }
    conditions.push(loadedCondition);
  }
  const ready: Condition = valid.status === "False"
    ? { type: "Ready", status: "False", reason: valid.reason, message: valid.message }
    : loadedCondition?.status === "False"
      ? { type: "Ready", status: "False", reason: loadedCondition.reason, message: loadedCondition.message }
      : { type: "Ready", status: "True", reason: loadedCondition?.status === "True" ? "Loaded" : "Valid", message: loadedCondition?.message ?? valid.message };
  conditions.push(ready);
  return conditions.map((c) => (generation === undefined ? c : { ...c, observedGeneration: generation }));
}

/**
 * The status to write, or undefined when the current one already says it. A condition keeps its
 * lastTransitionTime while its status stays the same (Kubernetes' condition convention).
 */
export function nextStatus(current: Partial<ResourceStatus> | undefined, desired: Condition[], generation: number | undefined, now: Date): ResourceStatus | undefined {
  const previous = new Map((current?.conditions ?? []).map((c) => [c.type, c]));
  const conditions = desired.map((c) => {
    const before = previous.get(c.type);
    return { ...c, lastTransitionTime: before && before.status === c.status && before.lastTransitionTime ? before.lastTransitionTime : now.toISOString() };
  });
  const next: ResourceStatus = { ...(generation !== undefined ? { observedGeneration: generation } : {}), conditions };
  const same = current?.observedGeneration === next.observedGeneration
    && (current?.conditions ?? []).length === conditions.length
    && conditions.every((c) => {
      const before = previous.get(c.type);
      return before !== undefined && before.status === c.status && before.reason === c.reason && before.message === c.message && before.observedGeneration === c.observedGeneration;
    });
  return same ? undefined : next;
}
