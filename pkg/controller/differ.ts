import type { ComponentResource, Resource } from "../apis/types.js";
import { loadRank } from "../components/component.js";

/** Resources are identified by kind and name (names are unique per kind in a namespace). */
export function resourceKey(resource: Resource): string {
  return `${resource.kind}/${resource.metadata.name}`;
}

/**
 * What decides whether a resource changed: its spec (and a component's auth), never the
 * bookkeeping the API server adds (resourceVersion, managedFields, generation, status, labels).
 * Scopes are applied before the diff, so they are not part of it.
 */
export function specFingerprint(resource: Resource): string {
  const relevant = resource.kind === "Component" ? { kind: resource.kind, spec: resource.spec, auth: resource.auth ?? null } : { kind: resource.kind, spec: resource.spec };
  return canonicalJson(relevant);
}

export interface ResourceDiff {
  deletes: Resource[];
  updates: Resource[];
  creates: Resource[];
}

/**
 * Compares what is applied with what is desired. Deletes come first, then updates, then creates
 * (the order the reconciler applies them). Secret stores are created and updated before the
 * components whose secretKeyRefs need them, and deleted after them.
 */
export function diffResources(applied: ReadonlyMap<string, Resource>, desired: readonly Resource[]): ResourceDiff {
  const wanted = new Map<string, Resource>();
  for (const resource of desired) wanted.set(resourceKey(resource), resource);
  const diff: ResourceDiff = { deletes: [], updates: [], creates: [] };
  for (const [key, resource] of applied) if (!wanted.has(key)) diff.deletes.push(resource);
  for (const [key, resource] of wanted) {
    const current = applied.get(key);
    if (!current) diff.creates.push(resource);
    else if (specFingerprint(current) !== specFingerprint(resource)) diff.updates.push(resource);
  }
  diff.deletes.sort((a, b) => rank(b) - rank(a));
  diff.updates.sort((a, b) => rank(a) - rank(b));
  diff.creates.sort((a, b) => rank(a) - rank(b));
  return diff;
}

/** Components in load order (secret stores first), then the resources that use them. */
function rank(resource: Resource): number {
  return resource.kind === "Component" ? loadRank((resource as ComponentResource).spec.type) : 2;
}

/** JSON with object keys sorted and undefined members dropped, so equal specs compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) out[key] = sortKeys(member);
  }
  return out;
}
