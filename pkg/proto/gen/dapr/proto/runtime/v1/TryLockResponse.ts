// Original file: proto/dapr/proto/runtime/v1/lock.proto


export interface TryLockResponse {
  'success'?: (boolean);
}

export interface TryLockResponse__Output {
  'success': (boolean);
}
