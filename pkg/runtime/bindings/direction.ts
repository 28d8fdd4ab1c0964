import type { ComponentResource } from "../../apis/types.js";
import { isInputBinding, isOutputBinding, type Binding } from "../../components/bindings/types.js";

/**
 * Which sides of a binding the runtime starts: what the component implements, narrowed by the
 * `direction` metadata when the manifest sets it (Dapr's `direction`). The component
 * validates the value itself; here an unreadable value narrows nothing.
 */
export function bindingSides(resource: ComponentResource, binding: Binding): { input: boolean; output: boolean } {
  const item = resource.spec.metadata.find((m) => m.name.toLowerCase() === "direction" && m.value !== undefined);
  const parts = item?.value?.split(",").map((p) => p.trim().toLowerCase()).filter((p) => p === "input" || p === "output") ?? [];
  const declared = parts.length > 0 ? new Set(parts) : undefined;
  return {
    input: isInputBinding(binding) && (!declared || declared.has("input")),
    output: isOutputBinding(binding) && (!declared || declared.has("output")),
  };
}
