import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type { GetSecretRequest, SecretStore, SecretValue } from "../types.js";

/**
 * `secretstores.local.env`: environment variables as name/value secrets, from the environment cmd/
 * read (ComponentContext.env). With `prefix`, only variables starting with it are served and the
 * prefix is not part of a secret's name (Dapr's behaviour). The sidecar's own tokens are never
 * served (ARCHITECTURE.md "Hardening": tokens go only where they belong): to a caller they do not exist.
 */
export class LocalEnvSecretStore implements SecretStore {
  private prefix = "";
  private readonly protectedNames: ReadonlySet<string>;

  constructor(private readonly context: ComponentContext) {
    this.protectedNames = new Set(context.protectedEnv);
  }

  init(metadata: ComponentMetadata): Promise<void> {
    this.prefix = metadata.string("prefix") ?? "";
    return Promise.resolve();
  }

  private lookup(variable: string): string | undefined {
    if (this.protectedNames.has(variable) || !Object.prototype.hasOwnProperty.call(this.context.env, variable)) return undefined;
    const value = this.context.env[variable];
    if (value !== undefined) this.context.redactor.add(value);
    return value;
  }

  getSecret(request: GetSecretRequest): Promise<SecretValue | undefined> {
    const value = this.lookup(this.prefix + request.name);
    return Promise.resolve(value === undefined ? undefined : { [request.name]: value });
  }

  bulkGetSecret(): Promise<Record<string, SecretValue>> {
    const out = Object.create(null) as Record<string, SecretValue>;
    for (const variable of Object.keys(this.context.env)) {
      if (!variable.startsWith(this.prefix) || variable === this.prefix) continue;
      const value = this.lookup(variable);
      const name = variable.slice(this.prefix.length);
      if (value !== undefined) out[name] = { [name]: value };
    }
    return Promise.resolve(out);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export function createLocalEnvSecretStore(context: ComponentContext): SecretStore {
  return new LocalEnvSecretStore(context);
}
