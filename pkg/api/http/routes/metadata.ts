import type { MetadataView, Universal } from "../../universal/index.js";
import { bodyOf, type Endpoint } from "../endpoint.js";

/** `GET /v1.0/metadata` in Dapr's shape (the Dapr SDK waits on it), `PUT /v1.0/metadata/<key>`, `POST /v1.0/shutdown`. */
export function metadataEndpoints(api: Universal): Endpoint[] {
  return [
    {
      method: "get",
      paths: ["/v1.0/metadata"],
      name: "GetMetadata",
      handler: (_req, res) => {
        res.status(200).json(daprMetadataBody(api.getMetadata()));
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

/**
 * daprd's HTTP body (pkg/api/http/metadata.go): its field order, every empty list and map left out (Go's
 * `omitempty`), a component's or subscription's empty fields too; `appConnectionProperties` and `actorRuntime`
 * always there. `componentErrors`, runtimed's own, comes last and only when a component failed.
 */
function daprMetadataBody(view: MetadataView): Record<string, unknown> {
  const app = view.appConnectionProperties;
  return omitEmpty({
    id: view.id,
    runtimeVersion: view.runtimeVersion,
    enabledFeatures: view.enabledFeatures,
    components: view.components.map((c) => omitEmpty({ name: c.name, type: c.type, version: c.version, capabilities: c.capabilities })),
    extended: view.extended,
    subscriptions: view.subscriptions.map((s) => ({ pubsubname: s.pubsubname, topic: s.topic, ...omitEmpty({ metadata: s.metadata, rules: s.rules.map((r) => omitEmpty({ match: r.match, path: r.path })) }), deadLetterTopic: s.deadLetterTopic, type: s.type })),
    appConnectionProperties: omitEmpty({ port: app.port, protocol: app.protocol, channelAddress: app.channelAddress, maxConcurrency: app.maxConcurrency, health: app.health ? omitEmpty({ ...app.health }) : undefined }),
    actorRuntime: view.actorRuntime,
    componentErrors: view.componentErrors,
  });
}

/** Go's `omitempty`: "", 0, false, undefined, and empty lists and maps are left out. */
function omitEmpty(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === "" || value === 0 || value === false) continue;
    if (Array.isArray(value) ? value.length === 0 : typeof value === "object" && value !== null && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return out;
}
