import type { Registry } from "../registry.js";
import type { SecretStore } from "./types.js";

/** The built-in secretstores components: adding a type is adding a line here. */
export function registerSecretStores(registry: Registry<SecretStore>): void {
  void registry;
}
