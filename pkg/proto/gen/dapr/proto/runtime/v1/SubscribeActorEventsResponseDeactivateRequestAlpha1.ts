// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsResponseDeactivateRequestAlpha1 {
  'id'?: (string);
  'actor_type'?: (string);
  'actor_id'?: (string);
}

export interface SubscribeActorEventsResponseDeactivateRequestAlpha1__Output {
  'id': (string);
  'actor_type': (string);
  'actor_id': (string);
}
