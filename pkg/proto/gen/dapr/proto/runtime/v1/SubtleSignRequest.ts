// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleSignRequest {
  'component_name'?: (string);
  'digest'?: (Buffer | Uint8Array | string);
  'algorithm'?: (string);
  'key_name'?: (string);
}

export interface SubtleSignRequest__Output {
  'component_name': (string);
  'digest': (Buffer);
  'algorithm': (string);
  'key_name': (string);
}
