import type { Registry } from "../registry.js";
import type { ConfigurationStore } from "./types.js";

/** The built-in configuration components: adding a type is adding a line here. */
export function registerConfigurationStores(registry: Registry<ConfigurationStore>): void {
  void registry;
}
