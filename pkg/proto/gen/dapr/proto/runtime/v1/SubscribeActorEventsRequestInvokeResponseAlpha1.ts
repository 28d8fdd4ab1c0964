// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsRequestInvokeResponseAlpha1 {
  'id'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
  'error'?: (boolean);
}

export interface SubscribeActorEventsRequestInvokeResponseAlpha1__Output {
  'id': (string);
  'data': (Buffer);
  'metadata': ({[key: string]: string});
  'error': (boolean);
}
