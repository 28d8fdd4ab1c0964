import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as grpc from "@grpc/grpc-js";
import type * as ProtoLoader from "@grpc/proto-loader";
import { DAPR_METHODS, DAPR_SERVICE_NAME } from "./gen/dapr-methods.js";
import { grpcJs } from "./grpc-js.js";
import type { ProtoGrpcType as DaprGrpcType } from "./gen/dapr.js";
import type { ProtoGrpcType as AppCallbackGrpcType } from "./gen/appcallback.js";

export type { DaprGrpcType, AppCallbackGrpcType };

/**
 * Dapr's wire as grpc-js loads it. `keepCase` keeps Dapr's field names (`failedEntries`, `pubsub_name`) as
 * the protos spell them; the other options match scripts/gen-proto.sh, which generates the types in gen/.
 */
export const LOADER_OPTIONS: ProtoLoader.Options = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

/** The vendored `proto/` folder: two levels above this file in the sources, three in dist/. */
function protoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "proto");
    if (existsSync(path.join(candidate, "dapr", "proto", "runtime", "v1", "dapr.proto"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Dapr's vendored protos (proto/dapr/proto) were not found above " + fileURLToPath(import.meta.url));
}

let loaded: { dapr: DaprGrpcType; appCallback: AppCallbackGrpcType } | undefined;

/**
 * Loads both services once per process. Parsing the protos costs tens of milliseconds and about 20 MB (the
 * loader and protobufjs' parser alone 9 MB, the reflection of every message 10 MB), so the loader is required
 * here, on first use, rather than imported with the module.
 */
export function daprProtos(): { dapr: DaprGrpcType; appCallback: AppCallbackGrpcType } {
  if (loaded) return loaded;
  const protoLoader = createRequire(import.meta.url)("@grpc/proto-loader") as typeof ProtoLoader;
  const root = protoRoot();
  const load = (file: string): grpc.GrpcObject => grpcJs().loadPackageDefinition(protoLoader.loadSync(file, { ...LOADER_OPTIONS, includeDirs: [root] }));
  loaded = {
    dapr: load("dapr/proto/runtime/v1/dapr.proto") as unknown as DaprGrpcType,
    appCallback: load("dapr/proto/runtime/v1/appcallback.proto") as unknown as AppCallbackGrpcType,
  };
  return loaded;
}

/**
 * Dapr's runtime service as grpc-js serves it, every method of the proto included, without loading the protos:
 * the paths and stream kinds come from the table generated beside the types (gen/dapr-methods.ts), and each
 * method's (de)serialiser loads the protos on the first message that needs one. A sidecar whose apps speak
 * HTTP only never pays for them; the first gRPC call pays the load once.
 */
export function daprServiceDefinition(): grpc.ServiceDefinition {
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const [name, requestStream, responseStream] of DAPR_METHODS) {
    let loadedMethod: grpc.MethodDefinition<unknown, unknown> | undefined;
    const method = (): grpc.MethodDefinition<unknown, unknown> => (loadedMethod ??= (daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service as grpc.ServiceDefinition)[name]!);
    definition[name] = {
      path: `/${DAPR_SERVICE_NAME}/${name}`,
      requestStream,
      responseStream,
      requestSerialize: (value: unknown) => method().requestSerialize(value),
      requestDeserialize: (bytes: Buffer) => method().requestDeserialize(bytes),
      responseSerialize: (value: unknown) => method().responseSerialize(value),
      responseDeserialize: (bytes: Buffer) => method().responseDeserialize(bytes),
    };
  }
  return definition;
}
