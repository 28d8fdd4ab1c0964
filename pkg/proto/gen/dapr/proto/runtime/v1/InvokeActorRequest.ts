// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface InvokeActorRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'method'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
}

export interface InvokeActorRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'method': (string);
  'data': (Buffer);
  'metadata': ({[key: string]: string});
}
