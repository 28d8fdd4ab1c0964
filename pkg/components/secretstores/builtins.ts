import type { Registry } from "../registry.js";
import type { SecretStore } from "./types.js";
import { KUBERNETES_SECRET_STORE_FIELDS } from "./kubernetes/fields.js";
import { LOCAL_ENV_SECRET_STORE_FIELDS } from "./localenv/fields.js";
import { LOCAL_FILE_SECRET_STORE_FIELDS } from "./localfile/fields.js";

/**
 * The built-in secretstores components: adding a type is adding a line here. Each implementation is imported
 * when a manifest names its type, so a sidecar holds only the ones it uses; the metadata lists (`fields.ts`)
 * are light and loaded with the registry.
 */
export function registerSecretStores(registry: Registry<SecretStore>): void {
  registry.register("secretstores.local.file", async (ctx) => (await import("./localfile/localfile.js")).createLocalFileSecretStore(ctx), { metadata: LOCAL_FILE_SECRET_STORE_FIELDS });
  registry.register("secretstores.local.env", async (ctx) => (await import("./localenv/localenv.js")).createLocalEnvSecretStore(ctx), { metadata: LOCAL_ENV_SECRET_STORE_FIELDS });
  registry.register("secretstores.kubernetes", async (ctx) => (await import("./kubernetes/kubernetes.js")).createKubernetesSecretStore(ctx), { metadata: KUBERNETES_SECRET_STORE_FIELDS });
}
