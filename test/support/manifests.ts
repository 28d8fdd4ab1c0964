/** YAML manifests the suites write under --resources-path. */

export type ApiGroup = "runtime.io" | "dapr.io";

/** A Component of `type` with the given metadata values, in either dialect's group. */
export function componentYaml(name: string, type: string, metadata: Record<string, string> = {}, group: ApiGroup = "runtime.io"): string {
  return `apiVersion: ${group}/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: ${type}
  version: v1
  metadata: [${Object.entries(metadata).map(([k, v]) => `{name: ${k}, value: ${JSON.stringify(v)}}`).join(", ")}]
`;
}

/**
 * The pair most API suites serve: `pubsub` (pubsub.in-memory) and `config` (configuration.local.file
 * reading `configFile`, with any more metadata given).
 */
export function pubsubAndConfigYaml(configFile: string, configMetadata: Record<string, string> = {}): string {
  return `${componentYaml("pubsub", "pubsub.in-memory")}---\n${componentYaml("config", "configuration.local.file", { path: configFile, ...configMetadata })}`;
}

/** The streaming suites' pub/subs: `pubsub` (fast redelivery) and `scoped` (only `appId` may subscribe). */
export function streamsPubsubs(appId: string): string {
  return `${componentYaml("pubsub", "pubsub.in-memory", { redeliveryDelay: "10ms" })}---\n${componentYaml("scoped", "pubsub.in-memory", { subscriptionScopes: `${appId}=allowed` })}`;
}
