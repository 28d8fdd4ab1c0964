// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface RegisterActorTimerRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'name'?: (string);
  'due_time'?: (string);
  'period'?: (string);
  'callback'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'ttl'?: (string);
}

export interface RegisterActorTimerRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'name': (string);
  'due_time': (string);
  'period': (string);
  'callback': (string);
  'data': (Buffer);
  'ttl': (string);
}
