// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface UnregisterActorRemindersByTypeRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  '_actor_id'?: "actor_id";
}

export interface UnregisterActorRemindersByTypeRequest__Output {
  'actor_type': (string);
  'actor_id'?: (string);
  '_actor_id'?: "actor_id";
}
