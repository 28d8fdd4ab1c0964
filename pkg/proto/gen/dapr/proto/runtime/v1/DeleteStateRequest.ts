// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { Etag as _dapr_proto_common_v1_Etag, Etag__Output as _dapr_proto_common_v1_Etag__Output } from '../../../../dapr/proto/common/v1/Etag.js';
import type { StateOptions as _dapr_proto_common_v1_StateOptions, StateOptions__Output as _dapr_proto_common_v1_StateOptions__Output } from '../../../../dapr/proto/common/v1/StateOptions.js';

export interface DeleteStateRequest {
  'store_name'?: (string);
  'key'?: (string);
  'etag'?: (_dapr_proto_common_v1_Etag | null);
  'options'?: (_dapr_proto_common_v1_StateOptions | null);
  'metadata'?: ({[key: string]: string});
}

export interface DeleteStateRequest__Output {
  'store_name': (string);
  'key': (string);
  'etag': (_dapr_proto_common_v1_Etag__Output | null);
  'options': (_dapr_proto_common_v1_StateOptions__Output | null);
  'metadata': ({[key: string]: string});
}
