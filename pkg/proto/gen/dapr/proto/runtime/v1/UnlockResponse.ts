// Original file: proto/dapr/proto/runtime/v1/lock.proto


// Original file: proto/dapr/proto/runtime/v1/lock.proto

export const _dapr_proto_runtime_v1_UnlockResponse_Status = {
  SUCCESS: 'SUCCESS',
  LOCK_DOES_NOT_EXIST: 'LOCK_DOES_NOT_EXIST',
  LOCK_BELONGS_TO_OTHERS: 'LOCK_BELONGS_TO_OTHERS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type _dapr_proto_runtime_v1_UnlockResponse_Status =
  | 'SUCCESS'
  | 0
  | 'LOCK_DOES_NOT_EXIST'
  | 1
  | 'LOCK_BELONGS_TO_OTHERS'
  | 2
  | 'INTERNAL_ERROR'
  | 3

export type _dapr_proto_runtime_v1_UnlockResponse_Status__Output = typeof _dapr_proto_runtime_v1_UnlockResponse_Status[keyof typeof _dapr_proto_runtime_v1_UnlockResponse_Status]

export interface UnlockResponse {
  'status'?: (_dapr_proto_runtime_v1_UnlockResponse_Status);
}

export interface UnlockResponse__Output {
  'status': (_dapr_proto_runtime_v1_UnlockResponse_Status__Output);
}
