// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { StateItem as _dapr_proto_common_v1_StateItem, StateItem__Output as _dapr_proto_common_v1_StateItem__Output } from '../../../../dapr/proto/common/v1/StateItem.js';

export interface SaveStateRequest {
  'store_name'?: (string);
  'states'?: (_dapr_proto_common_v1_StateItem)[];
}

export interface SaveStateRequest__Output {
  'store_name': (string);
  'states': (_dapr_proto_common_v1_StateItem__Output)[];
}
