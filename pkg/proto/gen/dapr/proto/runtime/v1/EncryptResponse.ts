// Original file: proto/dapr/proto/runtime/v1/crypto.proto

import type { StreamPayload as _dapr_proto_common_v1_StreamPayload, StreamPayload__Output as _dapr_proto_common_v1_StreamPayload__Output } from '../../../../dapr/proto/common/v1/StreamPayload.js';

export interface EncryptResponse {
  'payload'?: (_dapr_proto_common_v1_StreamPayload | null);
}

export interface EncryptResponse__Output {
  'payload': (_dapr_proto_common_v1_StreamPayload__Output | null);
}
