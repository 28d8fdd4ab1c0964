// Original file: proto/dapr/proto/runtime/v1/secret.proto


export interface GetBulkSecretRequest {
  'store_name'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface GetBulkSecretRequest__Output {
  'store_name': (string);
  'metadata': ({[key: string]: string});
}
