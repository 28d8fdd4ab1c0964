import type { SecretStore, SecretValue } from "../../components/secretstores/types.js";
import { observe, operationMetrics, type OperationMetrics } from "../../diagnostics/operations.js";
import { outboundPolicy, type ApiContext } from "./context.js";
import { isDaprComponent } from "./dialect.js";
import { Errors } from "./errors.js";

/** Spec Errors, secrets: no stores at all is 500, an unknown store 400 (the spec's, not Dapr's 401). */
function storeOf(ctx: ApiContext, name: string): SecretStore {
  if (ctx.store.count("secretstores") === 0) throw Errors.secretStoresNotConfigured();
  const store = ctx.store.get("secretstores", name);
  if (!store) throw Errors.secretStoreNotFound(name);
  return store;
}

function allowed(ctx: ApiContext, store: string, name: string): boolean {
  return ctx.secretAccess?.allowed(store, name) ?? true;
}

/** Spec endpoints 6 and 7, with secret scoping (Configuration spec.secrets.scopes). */
export class SecretOperations {
  private readonly ops: OperationMetrics;

  constructor(private readonly ctx: ApiContext) {
    this.ops = operationMetrics(ctx.metrics, "secret");
  }

  /** Undefined: the store has no such secret (spec: 204); a `dapr.io` store answers as daprd's (daprMiss). */
  async get(storeName: string, name: string, metadata: Record<string, string>): Promise<SecretValue | undefined> {
    const store = storeOf(this.ctx, storeName);
    if (!allowed(this.ctx, storeName, name)) throw Errors.secretPermissionDenied(name, storeName);
    let secret: SecretValue | undefined;
    try {
      secret = await observe(this.ops, storeName, "get", () => outboundPolicy(this.ctx, storeName).execute(() => store.getSecret({ name, metadata })));
    } catch (error) {
      throw Errors.secretGet(name, storeName, (error as Error).message);
    }
    return secret !== undefined || !isDaprComponent(this.ctx, storeName) ? secret : daprMiss(this.ctx, storeName, name);
  }

  /** Denied secrets are left out without a word, as Dapr does. */
  async bulkGet(storeName: string, metadata: Record<string, string>): Promise<Record<string, SecretValue>> {
    const store = storeOf(this.ctx, storeName);
    let secrets: Record<string, SecretValue>;
    try {
      secrets = await observe(this.ops, storeName, "bulk_get", () => outboundPolicy(this.ctx, storeName).execute(() => store.bulkGetSecret(metadata)));
    } catch (error) {
      throw Errors.secretBulkGet(storeName, (error as Error).message);
    }
    const out = Object.create(null) as Record<string, SecretValue>;
    for (const [name, value] of Object.entries(secrets)) if (allowed(this.ctx, storeName, name)) out[name] = value;
    return out;
  }
}

/**
 * A missing secret as components-contrib's stores answer it: `secretstores.local.env` reads an unset variable
 * as "" (envstore.go: os.Getenv), so daprd answers 200 `{"NAME": ""}`; the local file store (filestore.go) and
 * Kubernetes' API fail the call, which daprd answers 500 ERR_SECRET_GET.
 */
function daprMiss(ctx: ApiContext, storeName: string, name: string): SecretValue {
  const type = ctx.store.entry(storeName)?.resource.spec.type;
  if (type === "secretstores.local.env") return { [name]: "" };
  throw Errors.secretGet(name, storeName, type === "secretstores.kubernetes" ? `secrets "${name}" not found` : `secret ${name} not found`);
}
