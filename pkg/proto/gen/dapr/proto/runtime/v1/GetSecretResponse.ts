// Original file: proto/dapr/proto/runtime/v1/secret.proto


export interface GetSecretResponse {
  'data'?: ({[key: string]: string});
}

export interface GetSecretResponse__Output {
  'data': ({[key: string]: string});
}
