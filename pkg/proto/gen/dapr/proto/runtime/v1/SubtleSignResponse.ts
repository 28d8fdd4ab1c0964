// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleSignResponse {
  'signature'?: (Buffer | Uint8Array | string);
}

export interface SubtleSignResponse__Output {
  'signature': (Buffer);
}
