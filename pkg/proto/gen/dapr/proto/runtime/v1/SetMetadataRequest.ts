// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface SetMetadataRequest {
  'key'?: (string);
  'value'?: (string);
}

export interface SetMetadataRequest__Output {
  'key': (string);
  'value': (string);
}
