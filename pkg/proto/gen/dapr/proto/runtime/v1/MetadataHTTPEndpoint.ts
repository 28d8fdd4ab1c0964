// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface MetadataHTTPEndpoint {
  'name'?: (string);
}

export interface MetadataHTTPEndpoint__Output {
  'name': (string);
}
