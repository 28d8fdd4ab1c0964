// Original file: proto/dapr/proto/runtime/v1/lock.proto


export interface UnlockRequest {
  'store_name'?: (string);
  'resource_id'?: (string);
  'lock_owner'?: (string);
}

export interface UnlockRequest__Output {
  'store_name': (string);
  'resource_id': (string);
  'lock_owner': (string);
}
