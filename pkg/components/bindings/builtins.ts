import type { Registry } from "../registry.js";
import type { Binding } from "./types.js";

/** The built-in bindings components: adding a type is adding a line here. */
export function registerBindings(registry: Registry<Binding>): void {
  void registry;
}
