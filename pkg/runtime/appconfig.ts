import type { ConfigurationResource } from "../apis/types.js";
import { SecretAccessPolicy } from "./secrets/scoping.js";

/**
 * What the app's Configuration resource (`--config`) sets for the other parts: the enabled
 * features and secret scoping. Allows every secret until a Configuration says otherwise; replaced
 * whole when kubernetes mode sees the resource edited.
 */
export class AppConfiguration {
  resource?: ConfigurationResource;
  /** One array for the process' lifetime: readers may keep a reference to it. */
  readonly enabledFeatures: string[] = [];
  secretAccess = new SecretAccessPolicy();

  apply(configuration: ConfigurationResource): void {
    this.resource = configuration;
    this.enabledFeatures.splice(0, this.enabledFeatures.length, ...(configuration.spec.features ?? []).filter((f) => f.enabled).map((f) => f.name));
    this.secretAccess = new SecretAccessPolicy(configuration.spec.secrets?.scopes);
  }
}
