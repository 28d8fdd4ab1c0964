// Original file: proto/dapr/proto/runtime/v1/state.proto


export interface BulkStateItem {
  'key'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'etag'?: (string);
  'error'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface BulkStateItem__Output {
  'key': (string);
  'data': (Buffer);
  'etag': (string);
  'error': (string);
  'metadata': ({[key: string]: string});
}
