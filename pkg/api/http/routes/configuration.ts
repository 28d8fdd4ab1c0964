import type { Request } from "express";
import type { ConfigurationItem, ConfigurationStore } from "../../../components/configuration/types.js";
import { observe, operationMetrics } from "../../../diagnostics/operations.js";
import { outboundPolicy, type ApiContext } from "../context.js";
import { queryList, queryMetadata, type Endpoint } from "../endpoint.js";
import { ApiError, Errors } from "../errors.js";

/** Stable and alpha prefixes: the spec lists /v1.0 while its unsubscribe example uses /v1.0-alpha1 (spec: Versioning). */
const PREFIXES = ["/v1.0", "/v1.0-alpha1"];

/** Spec Errors, configuration: no stores, or an unknown one, is 400 on all three endpoints. */
function storeOf(ctx: ApiContext, name: string): ConfigurationStore {
  if (ctx.store.count("configuration") === 0) throw Errors.configurationStoresNotConfigured();
  const store = ctx.store.get("configuration", name);
  if (!store) throw Errors.configurationStoreNotFound(name);
  return store;
}

/** Repeatable `key` (none: all items); an empty key is a malformed request (400). */
function keysOf(req: Request): string[] {
  const values = queryList(req, "key");
  if (values.some((v) => v === "")) throw Errors.malformedRequest("query parameter key must not be empty");
  return [...new Set(values)];
}

function describeKeys(keys: string[]): string {
  return keys.length > 0 ? `keys ${keys.join(", ")}` : "all keys";
}

/** Spec endpoints 3-5 with the resolutions of ARCHITECTURE.md "Decisions where the spec is silent": get answers 200 with the object; unknown unsubscribe id is `{ok: false}`. */
export function configurationEndpoints(ctx: ApiContext): Endpoint[] {
  const ops = operationMetrics(ctx.metrics, "configuration");
  return [
    {
      method: "get",
      paths: PREFIXES.map((p) => `${p}/configuration/:storeName/subscribe`),
      name: "SubscribeConfiguration",
      handler: async (req, res) => {
        // Express answers HEAD with the GET handler; a HEAD must not open a subscription whose id nobody gets.
        if (req.method === "HEAD") throw Errors.methodNotAllowed(req.method, req.path);
        const storeName = req.params.storeName as string;
        storeOf(ctx, storeName);
        const keys = keysOf(req);
        const subscriptions = ctx.configurationSubscriptions;
        let id: string;
        try {
          if (!subscriptions) throw new Error("configuration subscriptions are not available");
          id = await subscriptions.subscribe(storeName, keys, queryMetadata(req));
        } catch (error) {
          throw Errors.configurationSubscribe(describeKeys(keys), storeName, (error as Error).message);
        }
        res.status(200).json({ id });
      },
    },
    {
      method: "get",
      paths: PREFIXES.map((p) => `${p}/configuration/:storeName/:subscriptionId/unsubscribe`),
      name: "UnsubscribeConfiguration",
      handler: async (req, res) => {
        const storeName = req.params.storeName as string;
        const id = req.params.subscriptionId as string;
        storeOf(ctx, storeName);
        const subscriptions = ctx.configurationSubscriptions;
        if (!subscriptions) {
          res.status(200).json({ ok: false, message: `subscription ${id} is not found in configuration store ${storeName}` });
          return;
        }
        let result;
        try {
          result = await subscriptions.unsubscribe(storeName, id);
        } catch (error) {
          throw Errors.configurationUnsubscribe(id, storeName, (error as Error).message);
        }
        res.status(200).json(result);
      },
    },
    {
      method: "get",
      paths: PREFIXES.map((p) => `${p}/configuration/:storeName`),
      name: "GetConfiguration",
      handler: async (req, res) => {
        const storeName = req.params.storeName as string;
        const store = storeOf(ctx, storeName);
        const keys = keysOf(req);
        let items: Map<string, ConfigurationItem>;
        try {
          const policy = outboundPolicy(ctx, storeName);
          items = await observe(ops, storeName, "get", () => policy.execute(() => store.get(keys, queryMetadata(req))));
        } catch (error) {
          if (error instanceof ApiError) throw error;
          throw Errors.configurationGet(describeKeys(keys), storeName, (error as Error).message);
        }
        const body = Object.create(null) as Record<string, ConfigurationItem>;
        for (const [key, item] of items) {
          body[key] = { value: item.value, ...(item.version !== undefined ? { version: item.version } : {}), ...(item.metadata ? { metadata: item.metadata } : {}) };
        }
        res.status(200).json(body);
      },
    },
  ];
}
