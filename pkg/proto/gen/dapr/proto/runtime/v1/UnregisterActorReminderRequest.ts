// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface UnregisterActorReminderRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'name'?: (string);
}

export interface UnregisterActorReminderRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'name': (string);
}
