import type { Registry } from "../registry.js";
import { createKubernetesSecretStore } from "./kubernetes/kubernetes.js";
import { createLocalEnvSecretStore } from "./localenv/localenv.js";
import { createLocalFileSecretStore } from "./localfile/localfile.js";
import type { SecretStore } from "./types.js";
import { KUBERNETES_SECRET_STORE_FIELDS } from "./kubernetes/fields.js";
import { LOCAL_ENV_SECRET_STORE_FIELDS } from "./localenv/fields.js";
import { LOCAL_FILE_SECRET_STORE_FIELDS } from "./localfile/fields.js";

/** The built-in secretstores components: adding a type is adding a line here. */
export function registerSecretStores(registry: Registry<SecretStore>): void {
  registry.register("secretstores.local.file", createLocalFileSecretStore, { metadata: LOCAL_FILE_SECRET_STORE_FIELDS });
  registry.register("secretstores.local.env", createLocalEnvSecretStore, { metadata: LOCAL_ENV_SECRET_STORE_FIELDS });
  registry.register("secretstores.kubernetes", createKubernetesSecretStore, { metadata: KUBERNETES_SECRET_STORE_FIELDS });
}
