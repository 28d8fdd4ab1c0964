import type { ApiContext } from "../context.js";
import type { Endpoint } from "../endpoint.js";
import { bindingsEndpoints } from "./bindings.js";
import { configurationEndpoints } from "./configuration.js";
import { healthEndpoints } from "./health.js";
import { metadataEndpoints } from "./metadata.js";
import { pubsubEndpoints } from "./pubsub.js";
import { secretsEndpoints } from "./secrets.js";

/** The whole API table, one router per building block; publish first, since Express tries routes in order and it is the hot path. */
export function allEndpoints(ctx: ApiContext): Endpoint[] {
  return [...pubsubEndpoints(ctx), ...healthEndpoints(ctx), ...metadataEndpoints(ctx), ...bindingsEndpoints(ctx), ...configurationEndpoints(ctx), ...secretsEndpoints(ctx)];
}
