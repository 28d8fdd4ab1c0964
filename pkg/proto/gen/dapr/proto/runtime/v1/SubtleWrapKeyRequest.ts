// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleWrapKeyRequest {
  'component_name'?: (string);
  'plaintext_key'?: (Buffer | Uint8Array | string);
  'algorithm'?: (string);
  'key_name'?: (string);
  'nonce'?: (Buffer | Uint8Array | string);
  'associated_data'?: (Buffer | Uint8Array | string);
}

export interface SubtleWrapKeyRequest__Output {
  'component_name': (string);
  'plaintext_key': (Buffer);
  'algorithm': (string);
  'key_name': (string);
  'nonce': (Buffer);
  'associated_data': (Buffer);
}
