// Original file: proto/dapr/proto/runtime/v1/secret.proto


export interface GetSecretRequest {
  'store_name'?: (string);
  'key'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface GetSecretRequest__Output {
  'store_name': (string);
  'key': (string);
  'metadata': ({[key: string]: string});
}
