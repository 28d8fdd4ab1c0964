import { readFile } from "node:fs/promises";
import type { KubeConfig } from "@kubernetes/client-node";
import type { ConfigurationResource } from "../apis/types.js";
import { formatManifestError, parseManifests } from "./files.js";

export interface ConfigurationSource {
  /** `--config`: a file in standalone mode; in kubernetes mode the name of a Configuration resource (as in Dapr). */
  configPath?: string;
  mode: "standalone" | "kubernetes";
  namespace?: string;
  kubeConfig?: KubeConfig;
}

/**
 * Reads the Configuration resource `--config` names, once, before any component loads (so secret
 * scoping is in force from the first request); undefined without `--config`. A resource loader like
 * the others: later edits in kubernetes mode arrive through the controller's informer.
 */
export async function readConfiguration(source: ConfigurationSource): Promise<ConfigurationResource | undefined> {
  const name = source.configPath;
  if (!name) return undefined;
  if (source.mode === "kubernetes") {
    if (!source.kubeConfig) throw new Error("--config in kubernetes mode needs a connection to the API server");
    const { fetchConfiguration } = await import("./kubeconfiguration.js");
    return fetchConfiguration(source.kubeConfig, source.namespace ?? "default", name);
  }
  const { resources, errors } = await parseManifests(await readFile(name, "utf8"), name);
  if (errors.length > 0) throw new Error(`invalid --config: ${errors.map(formatManifestError).join("; ")}`);
  const configuration = resources.find((r): r is ConfigurationResource => r.kind === "Configuration");
  if (!configuration) throw new Error(`--config ${name} holds no Configuration resource`);
  return configuration;
}
