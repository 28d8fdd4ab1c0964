// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface ListActorRemindersRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  '_actor_id'?: "actor_id";
}

export interface ListActorRemindersRequest__Output {
  'actor_type': (string);
  'actor_id'?: (string);
  '_actor_id'?: "actor_id";
}
