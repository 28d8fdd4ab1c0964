// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleUnwrapKeyResponse {
  'plaintext_key'?: (Buffer | Uint8Array | string);
}

export interface SubtleUnwrapKeyResponse__Output {
  'plaintext_key': (Buffer);
}
