// Original file: proto/dapr/proto/runtime/v1/binding.proto


export interface InvokeBindingRequest {
  'name'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
  'operation'?: (string);
}

export interface InvokeBindingRequest__Output {
  'name': (string);
  'data': (Buffer);
  'metadata': ({[key: string]: string});
  'operation': (string);
}
