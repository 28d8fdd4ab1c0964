import type { FieldError } from "../apis/validate.js";
import type { Registries } from "./builtins.js";
import { kindOfType } from "./component.js";

/**
 * What the registries say of a Component's type and version: a type or version no registry knows
 * fails the sidecar's start-up. One rule for `runtimed validate` and the status controller.
 */
export function componentTypeErrors(type: string, version: string, registries: Registries): FieldError[] {
  const kind = kindOfType(type);
  if (!kind) return [{ field: "spec.type", message: `${JSON.stringify(type)} is not a building block runtimed has (${Object.keys(registries).join(", ")})` }];
  const registry = registries[kind];
  if (!registry.has(type)) return [{ field: "spec.type", message: `unknown ${kind} component type ${JSON.stringify(type)}; known: ${[...new Set(registry.types().map((t) => t.split("/")[0]))].join(", ")}` }];
  const canonical = registry.canonicalType(type);
  const versions = registry.types().filter((t) => t.startsWith(`${canonical}/`)).map((t) => t.slice(canonical.length + 1));
  if (!versions.includes(version)) return [{ field: "spec.version", message: `${type} has no version ${JSON.stringify(version)}; known: ${versions.join(", ")}` }];
  return [];
}
