// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleVerifyResponse {
  'valid'?: (boolean);
}

export interface SubtleVerifyResponse__Output {
  'valid': (boolean);
}
