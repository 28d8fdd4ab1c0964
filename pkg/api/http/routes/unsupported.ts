import { notSupported, UNSUPPORTED_BLOCKS } from "../../universal/index.js";
import type { Endpoint } from "../endpoint.js";

/** Routes of Dapr's building blocks runtimed does not serve: 501 ERR_NOT_SUPPORTED naming the block, on any method. */
export function unsupportedEndpoints(): Endpoint[] {
  return UNSUPPORTED_BLOCKS.filter((block) => block.httpPaths.length > 0).flatMap((block) =>
    (["get", "post", "put", "delete"] as const).map((method): Endpoint => ({
      method,
      paths: block.httpPaths,
      name: `Unsupported ${block.name}`,
      handler: () => {
        throw notSupported(block.name);
      },
    })),
  );
}
