import type { ApiContext } from "../context.js";
import { bodyOf, type Endpoint } from "../endpoint.js";
import { Errors } from "../errors.js";

/** `GET /v1.0/metadata` in Dapr's shape (the Dapr SDK waits on it), `PUT /v1.0/metadata/<key>`, `POST /v1.0/shutdown`. */
export function metadataEndpoints(ctx: ApiContext): Endpoint[] {
  return [
    {
      method: "get",
      paths: ["/v1.0/metadata"],
      name: "GetMetadata",
      handler: (_req, res) => {
        res.status(200).json({
          id: ctx.appId,
          runtimeVersion: ctx.runtimeVersion,
          enabledFeatures: ctx.enabledFeatures,
          actors: [],
          components: ctx.store.list().map((entry) => ({
            name: entry.name,
            type: entry.resource.spec.type,
            version: entry.resource.spec.version,
            capabilities: entry.instance.features?.() ?? [],
          })),
          componentErrors: ctx.store.failures(),
          subscriptions: ctx.subscriptions(),
          httpEndpoints: [],
          extended: Object.fromEntries(ctx.extended),
          ...(ctx.appConnection ? { appConnectionProperties: ctx.appConnection } : {}),
        });
      },
    },
    {
      method: "put",
      paths: ["/v1.0/metadata/:key"],
      name: "PutMetadata",
      handler: (req, res) => {
        const key = req.params.key as string;
        if (!/^[A-Za-z0-9._-]{1,128}$/.test(key)) throw Errors.metadataKeyInvalid(key);
        ctx.extended.set(key, bodyOf(req).toString("utf8"));
        res.status(204).end();
      },
    },
    {
      method: "post",
      paths: ["/v1.0/shutdown"],
      name: "Shutdown",
      handler: (_req, res) => {
        res.status(204).end();
        // Answer first: the caller should not see its connection cut by the shutdown it asked for.
        setImmediate(() => ctx.requestShutdown());
      },
    },
  ];
}
