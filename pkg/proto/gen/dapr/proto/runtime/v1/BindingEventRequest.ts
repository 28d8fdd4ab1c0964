// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


export interface BindingEventRequest {
  'name'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
}

export interface BindingEventRequest__Output {
  'name': (string);
  'data': (Buffer);
  'metadata': ({[key: string]: string});
}
