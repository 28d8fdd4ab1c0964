// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface GetActorReminderRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'name'?: (string);
}

export interface GetActorReminderRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'name': (string);
}
