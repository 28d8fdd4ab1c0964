// Original file: proto/dapr/proto/runtime/v1/crypto.proto

import type { DecryptRequestOptions as _dapr_proto_runtime_v1_DecryptRequestOptions, DecryptRequestOptions__Output as _dapr_proto_runtime_v1_DecryptRequestOptions__Output } from '../../../../dapr/proto/runtime/v1/DecryptRequestOptions.js';
import type { StreamPayload as _dapr_proto_common_v1_StreamPayload, StreamPayload__Output as _dapr_proto_common_v1_StreamPayload__Output } from '../../../../dapr/proto/common/v1/StreamPayload.js';

export interface DecryptRequest {
  'options'?: (_dapr_proto_runtime_v1_DecryptRequestOptions | null);
  'payload'?: (_dapr_proto_common_v1_StreamPayload | null);
}

export interface DecryptRequest__Output {
  'options': (_dapr_proto_runtime_v1_DecryptRequestOptions__Output | null);
  'payload': (_dapr_proto_common_v1_StreamPayload__Output | null);
}
