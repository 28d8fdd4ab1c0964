// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleDecryptRequest {
  'component_name'?: (string);
  'ciphertext'?: (Buffer | Uint8Array | string);
  'algorithm'?: (string);
  'key_name'?: (string);
  'nonce'?: (Buffer | Uint8Array | string);
  'tag'?: (Buffer | Uint8Array | string);
  'associated_data'?: (Buffer | Uint8Array | string);
}

export interface SubtleDecryptRequest__Output {
  'component_name': (string);
  'ciphertext': (Buffer);
  'algorithm': (string);
  'key_name': (string);
  'nonce': (Buffer);
  'tag': (Buffer);
  'associated_data': (Buffer);
}
