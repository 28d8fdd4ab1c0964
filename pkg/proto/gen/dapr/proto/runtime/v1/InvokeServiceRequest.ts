// Original file: proto/dapr/proto/runtime/v1/invoke.proto

import type { InvokeRequest as _dapr_proto_common_v1_InvokeRequest, InvokeRequest__Output as _dapr_proto_common_v1_InvokeRequest__Output } from '../../../../dapr/proto/common/v1/InvokeRequest.js';

export interface InvokeServiceRequest {
  'id'?: (string);
  'message'?: (_dapr_proto_common_v1_InvokeRequest | null);
}

export interface InvokeServiceRequest__Output {
  'id': (string);
  'message': (_dapr_proto_common_v1_InvokeRequest__Output | null);
}
