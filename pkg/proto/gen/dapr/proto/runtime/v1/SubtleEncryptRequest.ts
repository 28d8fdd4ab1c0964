// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleEncryptRequest {
  'component_name'?: (string);
  'plaintext'?: (Buffer | Uint8Array | string);
  'algorithm'?: (string);
  'key_name'?: (string);
  'nonce'?: (Buffer | Uint8Array | string);
  'associated_data'?: (Buffer | Uint8Array | string);
}

export interface SubtleEncryptRequest__Output {
  'component_name': (string);
  'plaintext': (Buffer);
  'algorithm': (string);
  'key_name': (string);
  'nonce': (Buffer);
  'associated_data': (Buffer);
}
