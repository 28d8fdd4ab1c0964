import { CustomObjectsApi, type KubeConfig } from "@kubernetes/client-node";
import type { ConfigurationResource } from "../apis/types.js";
import { validateResource } from "../apis/validate.js";
import { formatManifestError } from "./files.js";
import { WATCHED_RESOURCES } from "./kubeloader.js";

const CONFIGURATIONS = WATCHED_RESOURCES.find((r) => r.kind === "Configuration")!;

/**
 * Kubernetes mode: `--config <name>` names a Configuration resource in the pod's namespace, as in
 * Dapr (the injector passes the `runtime.io/config` annotation). It is read once before any
 * component loads, so secret scoping is in force from the first secret request; later edits arrive
 * through the controller's informer.
 */
export async function fetchConfiguration(kubeConfig: KubeConfig, namespace: string, name: string): Promise<ConfigurationResource> {
  const api = kubeConfig.makeApiClient(CustomObjectsApi);
  let object: unknown;
  try {
    object = await api.getNamespacedCustomObject({ group: CONFIGURATIONS.group, version: CONFIGURATIONS.version, namespace, plural: CONFIGURATIONS.plural, name });
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === 404) throw new Error(`--config: Configuration ${JSON.stringify(name)} not found in namespace ${namespace}`);
    throw new Error(`--config: reading Configuration ${JSON.stringify(name)} in namespace ${namespace}: ${(error as Error).message}`);
  }
  const validated = validateResource(object);
  if (!validated.ok) {
    throw new Error(`--config: ${validated.errors.map((e) => formatManifestError({ file: `configurations/${name}`, kind: validated.kind, name: validated.name, ...e })).join("; ")}`);
  }
  if (validated.resource.kind !== "Configuration") throw new Error(`--config: ${name} is not a Configuration`);
  return validated.resource;
}
