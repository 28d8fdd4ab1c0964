import type { Registry } from "../registry.js";
import { createKubernetesSecretStore } from "./kubernetes/kubernetes.js";
import { createLocalEnvSecretStore } from "./localenv/localenv.js";
import { createLocalFileSecretStore } from "./localfile/localfile.js";
import type { SecretStore } from "./types.js";

/** The built-in secretstores components: adding a type is adding a line here. */
export function registerSecretStores(registry: Registry<SecretStore>): void {
  registry.register("secretstores.local.file", createLocalFileSecretStore);
  registry.register("secretstores.local.env", createLocalEnvSecretStore);
  registry.register("secretstores.kubernetes", createKubernetesSecretStore);
}
