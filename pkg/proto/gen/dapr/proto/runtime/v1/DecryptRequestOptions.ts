// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface DecryptRequestOptions {
  'component_name'?: (string);
  'key_name'?: (string);
}

export interface DecryptRequestOptions__Output {
  'component_name': (string);
  'key_name': (string);
}
