// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsRequestReminderResponseAlpha1 {
  'id'?: (string);
  'cancel'?: (boolean);
}

export interface SubscribeActorEventsRequestReminderResponseAlpha1__Output {
  'id': (string);
  'cancel': (boolean);
}
