// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleEncryptResponse {
  'ciphertext'?: (Buffer | Uint8Array | string);
  'tag'?: (Buffer | Uint8Array | string);
}

export interface SubtleEncryptResponse__Output {
  'ciphertext': (Buffer);
  'tag': (Buffer);
}
