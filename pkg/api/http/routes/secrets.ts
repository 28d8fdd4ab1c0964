import type { Universal } from "../../universal/index.js";
import { queryMetadata, type Endpoint } from "../endpoint.js";

/** Spec endpoints 6 and 7: the universal operations (scoping, store checks) rendered as JSON. */
export function secretsEndpoints(api: Universal): Endpoint[] {
  return [
    {
      // Before /:name, which would otherwise take "bulk" as a secret name.
      method: "get",
      paths: ["/v1.0/secrets/:storeName/bulk"],
      name: "GetBulkSecret",
      handler: async (req, res) => {
        res.status(200).json(await api.secrets.bulkGet(req.params.storeName as string, queryMetadata(req)));
      },
    },
    {
      method: "get",
      paths: ["/v1.0/secrets/:storeName/:name"],
      name: "GetSecret",
      handler: async (req, res) => {
        const secret = await api.secrets.get(req.params.storeName as string, req.params.name as string, queryMetadata(req));
        if (secret === undefined) {
          res.status(204).end();
          return;
        }
        res.status(200).json(secret);
      },
    },
  ];
}
