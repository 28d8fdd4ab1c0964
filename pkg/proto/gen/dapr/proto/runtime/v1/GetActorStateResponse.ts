// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface GetActorStateResponse {
  'data'?: (Buffer | Uint8Array | string);
  'metadata'?: ({[key: string]: string});
}

export interface GetActorStateResponse__Output {
  'data': (Buffer);
  'metadata': ({[key: string]: string});
}
