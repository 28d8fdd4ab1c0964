// Original file: proto/dapr/proto/runtime/v1/state.proto


export interface GetStateResponse {
  'data'?: (Buffer | Uint8Array | string);
  'etag'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface GetStateResponse__Output {
  'data': (Buffer);
  'etag': (string);
  'metadata': ({[key: string]: string});
}
