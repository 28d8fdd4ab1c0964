/**
 * The kube-apiserver wire vocabulary the fake API server speaks: the resource types it serves, the
 * object shape, URL paths and `Status` error bodies. Kept apart from the server's state and watch logic.
 */
import type http from "node:http";

/** A resource type the server knows: where its collection lives and what its objects are called. */
export interface ResourceType {
  /** "" for the core group. */
  group: string;
  version: string;
  plural: string;
  kind: string;
}

export const SECRETS: ResourceType = { group: "", version: "v1", plural: "secrets", kind: "Secret" };
export const COMPONENTS: ResourceType = { group: "runtime.io", version: "v1alpha1", plural: "components", kind: "Component" };
export const SUBSCRIPTIONS: ResourceType = { group: "runtime.io", version: "v2alpha1", plural: "subscriptions", kind: "Subscription" };
export const CONFIGURATIONS: ResourceType = { group: "runtime.io", version: "v1alpha1", plural: "configurations", kind: "Configuration" };
export const RESILIENCIES: ResourceType = { group: "runtime.io", version: "v1alpha1", plural: "resiliencies", kind: "Resiliency" };
export const LEASES: ResourceType = { group: "coordination.k8s.io", version: "v1", plural: "leases", kind: "Lease" };
export const EVENTS: ResourceType = { group: "", version: "v1", plural: "events", kind: "Event" };
export const RESOURCE_TYPES: readonly ResourceType[] = [SECRETS, COMPONENTS, SUBSCRIPTIONS, CONFIGURATIONS, RESILIENCIES, LEASES, EVENTS];

/** Types with a status subresource and metadata.generation (the CRDs under crds/). */
export const hasStatusSubresource = (t: ResourceType): boolean => t.group === "runtime.io";

/** A stored object: any JSON with Kubernetes object metadata. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: { name: string; namespace?: string; resourceVersion?: string; uid?: string; creationTimestamp?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export type WatchEventType = "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";

export interface ParsedPath {
  type: ResourceType;
  namespace: string;
  name?: string;
  /** "status" for <collection>/<name>/status. */
  subresource?: string;
}

export const typeKeyOf = (t: ResourceType): string => `${t.group}/${t.version}/${t.plural}`;
export const apiVersionOf = (t: ResourceType): string => (t.group ? `${t.group}/${t.version}` : t.version);

export function parsePath(pathname: string): ParsedPath | undefined {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  let group = "";
  let rest: string[];
  if (parts[0] === "api" && parts[1] === "v1") rest = parts.slice(1);
  else if (parts[0] === "apis" && parts.length >= 3) {
    group = parts[1]!;
    rest = parts.slice(2);
  } else return undefined;
  const [version, nsWord, namespace, plural, name, ...extra] = rest;
  if (nsWord !== "namespaces" || !namespace || !plural || extra.length > 1) return undefined;
  const type = RESOURCE_TYPES.find((t) => t.group === group && t.version === version && t.plural === plural);
  if (!type) return undefined;
  if (extra.length === 0) return { type, namespace, name };
  return extra[0] === "status" && name && hasStatusSubresource(type) ? { type, namespace, name, subresource: "status" } : undefined;
}

export function statusBody(code: number, reason: string, message: string): object {
  return { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
