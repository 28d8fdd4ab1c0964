import type { ApiContext } from "../context.js";
import type { Endpoint } from "../endpoint.js";
import { healthEndpoints } from "./health.js";
import { metadataEndpoints } from "./metadata.js";

/** The whole API table, one router per building block. */
export function allEndpoints(ctx: ApiContext): Endpoint[] {
  return [...healthEndpoints(ctx), ...metadataEndpoints(ctx)];
}
