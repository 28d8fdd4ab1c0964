// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface InvokeActorResponse {
  'data'?: (Buffer | Uint8Array | string);
}

export interface InvokeActorResponse__Output {
  'data': (Buffer);
}
