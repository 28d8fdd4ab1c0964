// Original file: proto/dapr/proto/runtime/v1/secret.proto

import type { SecretResponse as _dapr_proto_runtime_v1_SecretResponse, SecretResponse__Output as _dapr_proto_runtime_v1_SecretResponse__Output } from '../../../../dapr/proto/runtime/v1/SecretResponse.js';

export interface GetBulkSecretResponse {
  'data'?: ({[key: string]: _dapr_proto_runtime_v1_SecretResponse});
}

export interface GetBulkSecretResponse__Output {
  'data': ({[key: string]: _dapr_proto_runtime_v1_SecretResponse__Output});
}
