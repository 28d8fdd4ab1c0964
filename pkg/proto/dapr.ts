import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import type { ProtoGrpcType as DaprGrpcType } from "./gen/dapr.js";
import type { ProtoGrpcType as AppCallbackGrpcType } from "./gen/appcallback.js";

export type { DaprGrpcType, AppCallbackGrpcType };

/**
 * Dapr's wire as grpc-js loads it. `keepCase` keeps Dapr's field names (`failedEntries`, `pubsub_name`) as
 * the protos spell them; the other options match scripts/gen-proto.sh, which generates the types in gen/.
 */
export const LOADER_OPTIONS: protoLoader.Options = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

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

/** Loads both services once per process (parsing the protos costs tens of milliseconds). */
export function daprProtos(): { dapr: DaprGrpcType; appCallback: AppCallbackGrpcType } {
  if (loaded) return loaded;
  const root = protoRoot();
  const load = (file: string): grpc.GrpcObject => grpc.loadPackageDefinition(protoLoader.loadSync(file, { ...LOADER_OPTIONS, includeDirs: [root] }));
  loaded = {
    dapr: load("dapr/proto/runtime/v1/dapr.proto") as unknown as DaprGrpcType,
    appCallback: load("dapr/proto/runtime/v1/appcallback.proto") as unknown as AppCallbackGrpcType,
  };
  return loaded;
}
