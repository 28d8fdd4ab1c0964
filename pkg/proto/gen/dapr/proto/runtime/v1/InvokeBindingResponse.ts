// Original file: proto/dapr/proto/runtime/v1/binding.proto


export interface InvokeBindingResponse {
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
}

export interface InvokeBindingResponse__Output {
  'data': (Buffer);
  'metadata': ({[key: string]: string});
}
