// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { StateItem as _dapr_proto_common_v1_StateItem, StateItem__Output as _dapr_proto_common_v1_StateItem__Output } from '../../../../dapr/proto/common/v1/StateItem.js';

export interface TransactionalStateOperation {
  'operationType'?: (string);
  'request'?: (_dapr_proto_common_v1_StateItem | null);
}

export interface TransactionalStateOperation__Output {
  'operationType': (string);
  'request': (_dapr_proto_common_v1_StateItem__Output | null);
}
