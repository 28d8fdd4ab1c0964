import type { SecretScope } from "../../apis/types.js";

/**
 * Secret scoping from the Configuration resource's `spec.secrets.scopes` (Dapr's rules, same
 * precedence): a store without a scope allows everything; a non-empty `allowedSecrets` decides
 * alone; otherwise a name in `deniedSecrets` is denied; otherwise `defaultAccess` (allow unless "deny").
 */
export class SecretAccessPolicy {
  private readonly scopes = new Map<string, SecretScope>();

  constructor(scopes: readonly SecretScope[] = []) {
    for (const scope of scopes) this.scopes.set(scope.storeName, scope);
  }

  allowed(storeName: string, secretName: string): boolean {
    const scope = this.scopes.get(storeName);
    if (!scope) return true;
    if (scope.allowedSecrets && scope.allowedSecrets.length > 0) return scope.allowedSecrets.includes(secretName);
    if (scope.deniedSecrets?.includes(secretName)) return false;
    return (scope.defaultAccess ?? "allow").toLowerCase() !== "deny";
  }
}
