import { createRequire } from "node:module";
import type * as Grpc from "@grpc/grpc-js";

let library: typeof Grpc | undefined;

/**
 * @grpc/grpc-js, required on first use rather than imported with the module: its 65 modules hold about
 * 3.5 MB of an idle sidecar that no gRPC client has called yet (benchmark 6). A CommonJS package, so the
 * require is synchronous and the instance the same one an `import` would give.
 */
export function grpcJs(): typeof Grpc {
  return (library ??= createRequire(import.meta.url)("@grpc/grpc-js") as typeof Grpc);
}
