// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { TransactionalActorStateOperation as _dapr_proto_runtime_v1_TransactionalActorStateOperation, TransactionalActorStateOperation__Output as _dapr_proto_runtime_v1_TransactionalActorStateOperation__Output } from '../../../../dapr/proto/runtime/v1/TransactionalActorStateOperation.js';

export interface ExecuteActorStateTransactionRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'operations'?: (_dapr_proto_runtime_v1_TransactionalActorStateOperation)[];
}

export interface ExecuteActorStateTransactionRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'operations': (_dapr_proto_runtime_v1_TransactionalActorStateOperation__Output)[];
}
