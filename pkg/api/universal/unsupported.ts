import { Errors, type ApiError } from "./errors.js";

/**
 * The building blocks of Dapr's API runtimed does not serve, once for both transports: the HTTP routes
 * answer 501 ERR_NOT_SUPPORTED and the gRPC methods UNIMPLEMENTED, each naming the building block, so a
 * Dapr app moved onto runtimed learns what is missing on its first call rather than from a generic 404.
 */
export interface UnsupportedBlock {
  name: string;
  /** Express 5 paths (every version prefix daprd serves the block under). */
  httpPaths: string[];
  /** Which methods of `dapr.proto.runtime.v1.Dapr` belong to the block. */
  grpcMethod: RegExp;
}

export const UNSUPPORTED_BLOCKS: readonly UnsupportedBlock[] = [
  { name: "state management", httpPaths: ["/v1.0/state", "/v1.0/state/*rest", "/v1.0-alpha1/state/*rest"], grpcMethod: /^(GetState|GetBulkState|SaveState|QueryStateAlpha1|DeleteState|DeleteBulkState|ExecuteStateTransaction)$/ },
  { name: "service invocation", httpPaths: ["/v1.0/invoke", "/v1.0/invoke/*rest"], grpcMethod: /^InvokeService$/ },
  { name: "actors", httpPaths: ["/v1.0/actors", "/v1.0/actors/*rest"], grpcMethod: /Actor/ },
  { name: "workflows", httpPaths: ["/v1.0/workflows", "/v1.0/workflows/*rest", "/v1.0-beta1/workflows/*rest", "/v1.0-alpha1/workflows/*rest"], grpcMethod: /Workflow/ },
  { name: "jobs", httpPaths: ["/v1.0/jobs", "/v1.0/jobs/*rest", "/v1.0-alpha1/jobs/*rest"], grpcMethod: /Job/ },
  { name: "cryptography", httpPaths: ["/v1.0-alpha1/crypto/*rest"], grpcMethod: /^(EncryptAlpha1|DecryptAlpha1|Subtle\w+)$/ },
  { name: "distributed lock", httpPaths: ["/v1.0-alpha1/lock/*rest", "/v1.0-alpha1/unlock/*rest"], grpcMethod: /^(TryLockAlpha1|UnlockAlpha1)$/ },
  { name: "conversation", httpPaths: ["/v1.0-alpha1/conversation/*rest", "/v1.0-alpha2/conversation/*rest"], grpcMethod: /^Converse/ },
];

export function notSupported(block: string): ApiError {
  return Errors.notSupported(`the ${block} API is not served by runtimed (it serves pub/sub, bindings, secrets, configuration and metadata)`);
}

/** The error a method of the Dapr service runtimed does not implement answers with, naming its building block. */
export function unsupportedMethod(method: string): ApiError {
  const block = UNSUPPORTED_BLOCKS.find((b) => b.grpcMethod.test(method));
  return block ? notSupported(block.name) : Errors.notSupported(`${method} is not served by runtimed`);
}
