// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleWrapKeyResponse {
  'wrapped_key'?: (Buffer | Uint8Array | string);
  'tag'?: (Buffer | Uint8Array | string);
}

export interface SubtleWrapKeyResponse__Output {
  'wrapped_key': (Buffer);
  'tag': (Buffer);
}
