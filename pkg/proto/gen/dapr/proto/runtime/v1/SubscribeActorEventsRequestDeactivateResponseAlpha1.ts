// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsRequestDeactivateResponseAlpha1 {
  'id'?: (string);
}

export interface SubscribeActorEventsRequestDeactivateResponseAlpha1__Output {
  'id': (string);
}
