import { Universal, type ApiContext } from "../../universal/index.js";
import type { Endpoint } from "../endpoint.js";
import { bindingsEndpoints } from "./bindings.js";
import { configurationEndpoints } from "./configuration.js";
import { healthEndpoints } from "./health.js";
import { metadataEndpoints } from "./metadata.js";
import { pubsubEndpoints } from "./pubsub.js";
import { secretsEndpoints } from "./secrets.js";
import { streamEndpoints } from "./streams.js";
import { unsupportedEndpoints } from "./unsupported.js";

/** The whole API table, one router per building block; publish first, since Express tries routes in order and it is the hot path. */
export function allEndpoints(ctx: ApiContext, api: Universal = new Universal(ctx)): Endpoint[] {
  return alsoPut([...pubsubEndpoints(api), ...healthEndpoints(ctx), ...metadataEndpoints(api), ...bindingsEndpoints(api), ...configurationEndpoints(api), ...secretsEndpoints(api), ...streamEndpoints(api), ...unsupportedEndpoints()]);
}

/** daprd's route table takes PUT as well as POST on publish, bulk publish and output bindings (the spec names POST only). */
const POST_OR_PUT = new Set(["PublishEvent", "BulkPublishEvent", "InvokeBinding"]);

function alsoPut(endpoints: Endpoint[]): Endpoint[] {
  return endpoints.flatMap((endpoint) => (endpoint.method === "post" && POST_OR_PUT.has(endpoint.name) ? [endpoint, { ...endpoint, method: "put" as const, direct: undefined }] : [endpoint]));
}
