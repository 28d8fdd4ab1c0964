import type { ComponentResource } from "./types.js";

/**
 * docs/components/README.md "Two dialects on the wire": where daprd's actual behaviour differs from the spec, a
 * component declared in Dapr's API group (`apiVersion: dapr.io/...`) speaks daprd's dialect, any
 * other one the spec's; the component metadata field `wireFormat: dapr | spec` overrides that default.
 */
export type WireDialect = "dapr" | "spec";

export const WIRE_FORMAT_FIELD = "wireFormat";
export const WIRE_DIALECTS: readonly WireDialect[] = ["dapr", "spec"];

const cache = new WeakMap<ComponentResource, WireDialect>();

/** The dialect a component speaks to the app (validated manifests only: validate.ts checks `wireFormat`). */
export function wireDialectOf(resource: ComponentResource): WireDialect {
  let dialect = cache.get(resource);
  if (dialect === undefined) {
    // Component metadata names match in any letter case, as in Dapr.
    const item = resource.spec.metadata?.find((m) => m.name.toLowerCase() === WIRE_FORMAT_FIELD.toLowerCase());
    const chosen = typeof item?.value === "string" ? item.value.trim().toLowerCase() : "";
    dialect = chosen === "dapr" || chosen === "spec" ? chosen : resource.apiVersion.startsWith("dapr.io/") ? "dapr" : "spec";
    cache.set(resource, dialect);
  }
  return dialect;
}
