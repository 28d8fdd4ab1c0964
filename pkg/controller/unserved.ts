import type { ComponentResource, Resource } from "../apis/types.js";
import { kindOfType } from "../components/component.js";

/**
 * Dapr's building blocks runtimed does not serve, by the prefix of a component type. A Dapr resources
 * folder (`dapr init`'s, an SDK's test components) mixes them with the ones runtimed serves; daprd loads
 * the folder whole, so runtimed skips these with a warning instead of refusing to start.
 */
const UNSERVED_BUILDING_BLOCKS: Readonly<Record<string, string>> = {
  state: "state management",
  lock: "distributed locks",
  crypto: "cryptography",
  middleware: "HTTP middleware pipelines",
  nameresolution: "name resolution (service invocation)",
  workflow: "workflows",
  workflowbackend: "workflows",
  conversation: "the conversation API",
};

export interface UnservedComponent {
  component: ComponentResource;
  /** The building block, as a person names it. */
  buildingBlock: string;
}

/**
 * The building block a `dapr.io` Component belongs to when runtimed does not serve it; undefined for
 * everything else, including a `runtime.io` manifest (an unknown type there is a mistake, not a Dapr folder).
 */
export function unservedBuildingBlock(resource: Resource): string | undefined {
  if (resource.kind !== "Component" || !resource.apiVersion.startsWith("dapr.io/")) return undefined;
  if (kindOfType(resource.spec.type)) return undefined;
  return UNSERVED_BUILDING_BLOCKS[resource.spec.type.split(".")[0]!];
}

/** What happens to it and the two ways to quiet it. */
export function unservedMessage(buildingBlock: string): string {
  return `runtimed does not serve ${buildingBlock}; skipped (remove it from the resources folder, or set spec.ignoreErrors: true to skip it quietly)`;
}

/** The one log line a person reads about it: which file, which component. */
export function describeUnserved(file: string, resource: ComponentResource, buildingBlock: string): string {
  return `${file}: Component ${JSON.stringify(resource.metadata.name)} (${resource.spec.type}): ${unservedMessage(buildingBlock)}`;
}
