// Original file: proto/dapr/proto/runtime/v1/lock.proto


export interface TryLockRequest {
  'store_name'?: (string);
  'resource_id'?: (string);
  'lock_owner'?: (string);
  'expiry_in_seconds'?: (number);
}

export interface TryLockRequest__Output {
  'store_name': (string);
  'resource_id': (string);
  'lock_owner': (string);
  'expiry_in_seconds': (number);
}
