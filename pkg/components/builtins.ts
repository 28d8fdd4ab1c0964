import type { ComponentKind } from "./component.js";
import { registerBindings } from "./bindings/builtins.js";
import type { Binding } from "./bindings/types.js";
import { registerConfigurationStores } from "./configuration/builtins.js";
import type { ConfigurationStore } from "./configuration/types.js";
import { registerPubSubs } from "./pubsub/builtins.js";
import type { PubSub } from "./pubsub/types.js";
import { Registry } from "./registry.js";
import { registerSecretStores } from "./secretstores/builtins.js";
import type { SecretStore } from "./secretstores/types.js";

/** The live instance type of each kind. */
export interface KindInstances {
  pubsub: PubSub;
  configuration: ConfigurationStore;
  secretstores: SecretStore;
  bindings: Binding;
}

export type Registries = { [K in ComponentKind]: Registry<KindInstances[K]> };

/** Every registry filled with the built-in components. */
export function builtinRegistries(): Registries {
  const registries: Registries = {
    pubsub: new Registry<PubSub>("pubsub"),
    configuration: new Registry<ConfigurationStore>("configuration"),
    secretstores: new Registry<SecretStore>("secretstores"),
    bindings: new Registry<Binding>("bindings"),
  };
  registerPubSubs(registries.pubsub);
  registerConfigurationStores(registries.configuration);
  registerSecretStores(registries.secretstores);
  registerBindings(registries.bindings);
  return registries;
}
