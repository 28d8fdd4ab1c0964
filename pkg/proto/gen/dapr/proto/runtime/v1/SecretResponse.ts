// Original file: proto/dapr/proto/runtime/v1/secret.proto


export interface SecretResponse {
  'secrets'?: ({[key: string]: string});
}

export interface SecretResponse__Output {
  'secrets': ({[key: string]: string});
}
