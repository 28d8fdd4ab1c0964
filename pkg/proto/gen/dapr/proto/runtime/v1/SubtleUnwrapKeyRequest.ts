// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleUnwrapKeyRequest {
  'component_name'?: (string);
  'wrapped_key'?: (Buffer | Uint8Array | string);
  'algorithm'?: (string);
  'key_name'?: (string);
  'nonce'?: (Buffer | Uint8Array | string);
  'tag'?: (Buffer | Uint8Array | string);
  'associated_data'?: (Buffer | Uint8Array | string);
}

export interface SubtleUnwrapKeyRequest__Output {
  'component_name': (string);
  'wrapped_key': (Buffer);
  'algorithm': (string);
  'key_name': (string);
  'nonce': (Buffer);
  'tag': (Buffer);
  'associated_data': (Buffer);
}
