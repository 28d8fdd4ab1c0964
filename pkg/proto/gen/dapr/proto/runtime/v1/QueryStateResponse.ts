// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { QueryStateItem as _dapr_proto_runtime_v1_QueryStateItem, QueryStateItem__Output as _dapr_proto_runtime_v1_QueryStateItem__Output } from '../../../../dapr/proto/runtime/v1/QueryStateItem.js';

export interface QueryStateResponse {
  'results'?: (_dapr_proto_runtime_v1_QueryStateItem)[];
  'token'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface QueryStateResponse__Output {
  'results': (_dapr_proto_runtime_v1_QueryStateItem__Output)[];
  'token': (string);
  'metadata': ({[key: string]: string});
}
