// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { BulkStateItem as _dapr_proto_runtime_v1_BulkStateItem, BulkStateItem__Output as _dapr_proto_runtime_v1_BulkStateItem__Output } from '../../../../dapr/proto/runtime/v1/BulkStateItem.js';

export interface GetBulkStateResponse {
  'items'?: (_dapr_proto_runtime_v1_BulkStateItem)[];
}

export interface GetBulkStateResponse__Output {
  'items': (_dapr_proto_runtime_v1_BulkStateItem__Output)[];
}
