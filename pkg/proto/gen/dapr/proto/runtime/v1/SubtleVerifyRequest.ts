// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleVerifyRequest {
  'component_name'?: (string);
  'digest'?: (Buffer | Uint8Array | string);
  'algorithm'?: (string);
  'key_name'?: (string);
  'signature'?: (Buffer | Uint8Array | string);
}

export interface SubtleVerifyRequest__Output {
  'component_name': (string);
  'digest': (Buffer);
  'algorithm': (string);
  'key_name': (string);
  'signature': (Buffer);
}
