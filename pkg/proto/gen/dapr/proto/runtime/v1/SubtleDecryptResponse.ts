// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleDecryptResponse {
  'plaintext'?: (Buffer | Uint8Array | string);
}

export interface SubtleDecryptResponse__Output {
  'plaintext': (Buffer);
}
