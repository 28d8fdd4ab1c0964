import type { Registries } from "../../pkg/components/builtins.js";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import type { ComponentContext } from "../../pkg/components/component.js";
import type { ComponentMetadata } from "../../pkg/components/metadata.js";
import type { GetSecretRequest, SecretStore, SecretValue } from "../../pkg/components/secretstores/types.js";

/**
 * Components for foundation tests: real implementations of the contracts whose behaviour a test
 * steers through their metadata (fail, hang, record), registered beside the built-ins.
 */

/** `secretstores.test.map`: metadata entries become secrets `{name: {name: value}}`. */
export class MapSecretStore implements SecretStore {
  private secrets = new Map<string, SecretValue>();
  async init(metadata: ComponentMetadata): Promise<void> {
    for (const [name, value] of metadata.entries()) this.secrets.set(name, { [name]: value });
  }
  async getSecret(request: GetSecretRequest): Promise<SecretValue | undefined> {
    return this.secrets.get(request.name.toLowerCase());
  }
  async bulkGetSecret(): Promise<Record<string, SecretValue>> {
    return Object.fromEntries(this.secrets);
  }
  async close(): Promise<void> {}
}

/** Every instance ever created by `bindings.test.probe`, so a test can see init metadata and closes. */
export const probes: ProbeComponent[] = [];

/**
 * `bindings.test.probe`: metadata `fail` (an error message), `hangMs`, `generation` steer init;
 * records the metadata it was given and whether it was closed.
 */
export class ProbeComponent {
  metadata: Record<string, string> = {};
  closed = false;
  constructor(readonly context: ComponentContext) {
    probes.push(this);
  }
  async init(metadata: ComponentMetadata): Promise<void> {
    this.metadata = Object.fromEntries(metadata.entries());
    const hangMs = metadata.int("hangMs", 0);
    if (hangMs > 0) await new Promise((r) => setTimeout(r, hangMs));
    const fail = metadata.string("fail");
    if (fail) throw new Error(fail);
  }
  features(): string[] {
    return ["PROBE"];
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

export function testRegistries(): Registries {
  const registries = builtinRegistries();
  registries.secretstores.register("secretstores.test.map", () => new MapSecretStore());
  registries.bindings.register("bindings.test.probe", (ctx) => new ProbeComponent(ctx), { versions: ["v1", "v2"] });
  return registries;
}
