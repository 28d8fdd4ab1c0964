// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsResponseInvokeRequestAlpha1 {
  'id'?: (string);
  'actor_type'?: (string);
  'actor_id'?: (string);
  'method'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
}

export interface SubscribeActorEventsResponseInvokeRequestAlpha1__Output {
  'id': (string);
  'actor_type': (string);
  'actor_id': (string);
  'method': (string);
  'data': (Buffer);
  'metadata': ({[key: string]: string});
}
