// Original file: proto/dapr/proto/runtime/v1/crypto.proto


export interface SubtleGetKeyResponse {
  'name'?: (string);
  'public_key'?: (string);
}

export interface SubtleGetKeyResponse__Output {
  'name': (string);
  'public_key': (string);
}
