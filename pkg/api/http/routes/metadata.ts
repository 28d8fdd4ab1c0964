import type { Universal } from "../../universal/index.js";
import { bodyOf, type Endpoint } from "../endpoint.js";

/** `GET /v1.0/metadata` in Dapr's shape (the Dapr SDK waits on it), `PUT /v1.0/metadata/<key>`, `POST /v1.0/shutdown`. */
export function metadataEndpoints(api: Universal): Endpoint[] {
  return [
    {
      method: "get",
      paths: ["/v1.0/metadata"],
      name: "GetMetadata",
      handler: (_req, res) => {
        const view = api.getMetadata();
        // Dapr's HTTP shape: actors and httpEndpoints are always there, empty (runtimed has neither).
        res.status(200).json({
          id: view.id,
          runtimeVersion: view.runtimeVersion,
          enabledFeatures: view.enabledFeatures,
          actors: [],
          components: view.components,
          componentErrors: view.componentErrors,
          subscriptions: view.subscriptions,
          httpEndpoints: [],
          extended: view.extended,
          ...(view.appConnectionProperties ? { appConnectionProperties: view.appConnectionProperties } : {}),
        });
      },
    },
    {
      method: "put",
      paths: ["/v1.0/metadata/:key"],
      name: "PutMetadata",
      handler: (req, res) => {
        api.setMetadata(req.params.key as string, bodyOf(req).toString("utf8"));
        res.status(204).end();
      },
    },
    {
      method: "post",
      paths: ["/v1.0/shutdown"],
      name: "Shutdown",
      handler: (_req, res) => {
        // Answer first: the caller should not see its connection cut by the shutdown it asked for.
        res.status(204).end();
        api.shutdown();
      },
    },
  ];
}
