// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsRequestFailedAlpha1 {
  'id'?: (string);
  'code'?: (number);
  'message'?: (string);
}

export interface SubscribeActorEventsRequestFailedAlpha1__Output {
  'id': (string);
  'code': (number);
  'message': (string);
}
