// Original file: proto/dapr/proto/runtime/v1/state.proto

import type { TransactionalStateOperation as _dapr_proto_runtime_v1_TransactionalStateOperation, TransactionalStateOperation__Output as _dapr_proto_runtime_v1_TransactionalStateOperation__Output } from '../../../../dapr/proto/runtime/v1/TransactionalStateOperation.js';

export interface ExecuteStateTransactionRequest {
  'storeName'?: (string);
  'operations'?: (_dapr_proto_runtime_v1_TransactionalStateOperation)[];
  'metadata'?: ({[key: string]: string});
}

export interface ExecuteStateTransactionRequest__Output {
  'storeName': (string);
  'operations': (_dapr_proto_runtime_v1_TransactionalStateOperation__Output)[];
  'metadata': ({[key: string]: string});
}
