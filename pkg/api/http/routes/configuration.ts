import type { Request } from "express";
import type { ConfigurationItem } from "../../../components/configuration/types.js";
import { ApiError, checkedKeys, itemView, type Universal } from "../../universal/index.js";
import { isDaprComponent } from "../../universal/dialect.js";
import { queryList, queryMetadata, type Endpoint } from "../endpoint.js";
import { Errors } from "../errors.js";

/** Stable and alpha prefixes: the spec lists /v1.0 while its unsubscribe example uses /v1.0-alpha1 (spec: Versioning). */
const PREFIXES = ["/v1.0", "/v1.0-alpha1"];

/** Repeatable `key` (none: all items); an empty key is a malformed request (400). */
function keysOf(req: Request): string[] {
  const values = queryList(req, "key");
  if (values.some((v) => v === "")) throw Errors.malformedRequest("query parameter key must not be empty");
  return checkedKeys(values);
}

/** Spec endpoints 3-5 with the resolutions of ARCHITECTURE.md "Decisions where the spec is silent": get answers 200 with the object; unknown unsubscribe id is `{ok: false}`. */
export function configurationEndpoints(api: Universal): Endpoint[] {
  return [
    {
      method: "get",
      paths: PREFIXES.map((p) => `${p}/configuration/:storeName/subscribe`),
      name: "SubscribeConfiguration",
      handler: async (req, res) => {
        // Express answers HEAD with the GET handler; a HEAD must not open a subscription whose id nobody gets.
        if (req.method === "HEAD") throw Errors.methodNotAllowed(req.method, req.path);
        const storeName = req.params.storeName as string;
        api.configuration.check(storeName);
        const id = await api.configuration.subscribe(storeName, keysOf(req), queryMetadata(req));
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
        if (!isDaprComponent(api.ctx, storeName)) return void res.status(200).json(await api.configuration.unsubscribe(storeName, id));
        // daprd's onUnsubscribeConfiguration: any failure, an unknown id included, is 500 with only a message (`ok` false is left out).
        let failure: string | undefined;
        try {
          const result = await api.configuration.unsubscribe(storeName, id);
          if (!result.ok) failure = result.message ?? "";
        } catch (error) {
          if (!(error instanceof ApiError) || error.errorCode !== "ERR_CONFIGURATION_UNSUBSCRIBE") throw error;
          failure = error.cause instanceof Error ? error.cause.message : error.message;
        }
        if (failure === undefined) return void res.status(200).json({ ok: true });
        res.status(500).json({ message: `failed to unsubscribe to configuration request ${id}: ${failure}` });
      },
    },
    {
      method: "get",
      paths: PREFIXES.map((p) => `${p}/configuration/:storeName`),
      name: "GetConfiguration",
      handler: async (req, res) => {
        const storeName = req.params.storeName as string;
        api.configuration.check(storeName);
        const items = await api.configuration.get(storeName, keysOf(req), queryMetadata(req));
        // daprd's onGetConfiguration answers 204 without a body when no item matched (the spec's 200 `{}` for runtime.io).
        if (items.size === 0 && isDaprComponent(api.ctx, storeName)) return void res.status(204).end();
        const body = Object.create(null) as Record<string, ConfigurationItem>;
        for (const [key, item] of items) body[key] = itemView(item);
        res.status(200).json(body);
      },
    },
  ];
}
