// Original file: proto/dapr/proto/runtime/v1/state.proto


export interface QueryStateItem {
  'key'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'etag'?: (string);
  'error'?: (string);
}

export interface QueryStateItem__Output {
  'key': (string);
  'data': (Buffer);
  'etag': (string);
  'error': (string);
}
