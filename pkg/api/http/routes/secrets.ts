import type { SecretStore, SecretValue } from "../../../components/secretstores/types.js";
import { observe, operationMetrics } from "../../../diagnostics/operations.js";
import { outboundPolicy, type ApiContext } from "../context.js";
import { queryMetadata, type Endpoint } from "../endpoint.js";
import { Errors } from "../errors.js";

/** Spec Errors, secrets: no stores at all is 500, an unknown store 400 (the spec, not Dapr's 401). */
function storeOf(ctx: ApiContext, name: string): SecretStore {
  if (ctx.store.count("secretstores") === 0) throw Errors.secretStoresNotConfigured();
  const store = ctx.store.get("secretstores", name);
  if (!store) throw Errors.secretStoreNotFound(name);
  return store;
}

/** Spec endpoints 6 and 7, with secret scoping (Configuration spec.secrets.scopes). */
export function secretsEndpoints(ctx: ApiContext): Endpoint[] {
  const ops = operationMetrics(ctx.metrics, "secret");
  const allowed = (store: string, name: string): boolean => ctx.secretAccess?.allowed(store, name) ?? true;
  return [
    {
      // Before /:name, which would otherwise take "bulk" as a secret name.
      method: "get",
      paths: ["/v1.0/secrets/:storeName/bulk"],
      name: "GetBulkSecret",
      handler: async (req, res) => {
        const storeName = req.params.storeName as string;
        const store = storeOf(ctx, storeName);
        let secrets: Record<string, SecretValue>;
        try {
          secrets = await observe(ops, storeName, "bulk_get", () => outboundPolicy(ctx, storeName).execute(() => store.bulkGetSecret(queryMetadata(req))));
        } catch (error) {
          throw Errors.secretBulkGet(storeName, (error as Error).message);
        }
        // Denied secrets are left out without a word (issue 4), as Dapr does.
        const body = Object.create(null) as Record<string, SecretValue>;
        for (const [name, value] of Object.entries(secrets)) if (allowed(storeName, name)) body[name] = value;
        res.status(200).json(body);
      },
    },
    {
      method: "get",
      paths: ["/v1.0/secrets/:storeName/:name"],
      name: "GetSecret",
      handler: async (req, res) => {
        const storeName = req.params.storeName as string;
        const name = req.params.name as string;
        const store = storeOf(ctx, storeName);
        if (!allowed(storeName, name)) throw Errors.secretPermissionDenied(name, storeName);
        let secret: SecretValue | undefined;
        try {
          secret = await observe(ops, storeName, "get", () => outboundPolicy(ctx, storeName).execute(() => store.getSecret({ name, metadata: queryMetadata(req) })));
        } catch (error) {
          throw Errors.secretGet(name, storeName, (error as Error).message);
        }
        if (secret === undefined) {
          res.status(204).end();
          return;
        }
        res.status(200).json(secret);
      },
    },
  ];
}
