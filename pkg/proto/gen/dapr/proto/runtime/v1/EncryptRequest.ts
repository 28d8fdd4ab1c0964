// Original file: proto/dapr/proto/runtime/v1/crypto.proto

import type { EncryptRequestOptions as _dapr_proto_runtime_v1_EncryptRequestOptions, EncryptRequestOptions__Output as _dapr_proto_runtime_v1_EncryptRequestOptions__Output } from '../../../../dapr/proto/runtime/v1/EncryptRequestOptions.js';
import type { StreamPayload as _dapr_proto_common_v1_StreamPayload, StreamPayload__Output as _dapr_proto_common_v1_StreamPayload__Output } from '../../../../dapr/proto/common/v1/StreamPayload.js';

export interface EncryptRequest {
  'options'?: (_dapr_proto_runtime_v1_EncryptRequestOptions | null);
  'payload'?: (_dapr_proto_common_v1_StreamPayload | null);
}

export interface EncryptRequest__Output {
  'options': (_dapr_proto_runtime_v1_EncryptRequestOptions__Output | null);
  'payload': (_dapr_proto_common_v1_StreamPayload__Output | null);
}
