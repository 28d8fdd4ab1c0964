// Original file: proto/dapr/proto/runtime/v1/state.proto


export interface QueryStateRequest {
  'store_name'?: (string);
  'query'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface QueryStateRequest__Output {
  'store_name': (string);
  'query': (string);
  'metadata': ({[key: string]: string});
}
