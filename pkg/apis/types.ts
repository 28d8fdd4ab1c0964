/**
 * The resource types read from YAML files or the Kubernetes API (docs/components/README.md; the CRDs
 * under crds/ carry the same shapes). Manifests in `dapr.io` are accepted unchanged.
 */

export const API_GROUPS = ["runtime.io", "dapr.io"] as const;

export interface ObjectMeta {
  name: string;
  namespace?: string;
  resourceVersion?: string;
  generation?: number;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface SecretKeyRef {
  name: string;
  /** Defaults to the secret's name, as in Dapr. */
  key?: string;
}

export interface MetadataItem {
  name: string;
  value?: string;
  secretKeyRef?: SecretKeyRef;
}

export interface ComponentSpec {
  type: string;
  version: string;
  metadata: MetadataItem[];
  initTimeout?: string;
  ignoreErrors?: boolean;
}

export interface ComponentResource {
  apiVersion: string;
  kind: "Component";
  metadata: ObjectMeta;
  spec: ComponentSpec;
  auth?: { secretStore?: string };
  scopes?: string[];
}

export interface RouteRule {
  match: string;
  path: string;
}

export interface Routes {
  rules?: RouteRule[];
  default?: string;
}

export interface BulkSubscribe {
  enabled: boolean;
  maxMessagesCount?: number;
  maxAwaitDurationMs?: number;
}

export interface SubscriptionSpec {
  pubsubname: string;
  topic: string;
  routes: Routes;
  metadata?: Record<string, string>;
  deadLetterTopic?: string;
  bulkSubscribe?: BulkSubscribe;
}

export interface SubscriptionResource {
  apiVersion: string;
  kind: "Subscription";
  metadata: ObjectMeta;
  spec: SubscriptionSpec;
  scopes?: string[];
}

export interface SecretScope {
  storeName: string;
  defaultAccess?: "allow" | "deny";
  allowedSecrets?: string[];
  deniedSecrets?: string[];
}

export interface ConfigurationSpec {
  secrets?: { scopes?: SecretScope[] };
  features?: Array<{ name: string; enabled: boolean }>;
  metric?: { enabled?: boolean };
  /** Read by pkg/apis/tracing.ts (parseTracingSpec). */
  tracing?: unknown;
  [key: string]: unknown;
}

export interface ConfigurationResource {
  apiVersion: string;
  kind: "Configuration";
  metadata: ObjectMeta;
  spec: ConfigurationSpec;
}

/**
 * Dapr's Resiliency (pkg/apis/resiliency.ts parses and checks `spec`; the runtime's resiliency
 * registry compiles it). The spec is kept as written, so an edit is seen by the differ.
 */
export interface ResiliencyResource {
  apiVersion: string;
  kind: "Resiliency";
  metadata: ObjectMeta;
  spec: Record<string, unknown>;
  scopes?: string[];
}

export type Resource = ComponentResource | SubscriptionResource | ConfigurationResource | ResiliencyResource;

/** A resource applies to this app when it has no scopes or its scopes name the app-id (Dapr's rule). */
export function inScope(resource: { scopes?: string[] }, appId: string): boolean {
  return !resource.scopes || resource.scopes.length === 0 || resource.scopes.includes(appId);
}
