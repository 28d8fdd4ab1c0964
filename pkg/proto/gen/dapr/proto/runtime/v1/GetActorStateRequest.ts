// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface GetActorStateRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'key'?: (string);
}

export interface GetActorStateRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'key': (string);
}
