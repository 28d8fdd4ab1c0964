// Original file: proto/dapr/proto/runtime/v1/state.proto


export interface GetBulkStateRequest {
  'store_name'?: (string);
  'keys'?: (string)[];
  'parallelism'?: (number);
  'metadata'?: ({[key: string]: string});
}

export interface GetBulkStateRequest__Output {
  'store_name': (string);
  'keys': (string)[];
  'parallelism': (number);
  'metadata': ({[key: string]: string});
}
