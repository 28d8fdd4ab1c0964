// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface UnregisterActorTimerRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'name'?: (string);
}

export interface UnregisterActorTimerRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'name': (string);
}
