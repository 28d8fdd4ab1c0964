// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { _dapr_proto_common_v1_StateOptions_StateConsistency, _dapr_proto_common_v1_StateOptions_StateConsistency__Output } from '../../../../dapr/proto/common/v1/StateOptions.js';

export interface GetStateRequest {
  'store_name'?: (string);
  'key'?: (string);
  'consistency'?: (_dapr_proto_common_v1_StateOptions_StateConsistency);
  'metadata'?: ({[key: string]: string});
}

export interface GetStateRequest__Output {
  'store_name': (string);
  'key': (string);
  'consistency': (_dapr_proto_common_v1_StateOptions_StateConsistency__Output);
  'metadata': ({[key: string]: string});
}
