// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface MetadataMCPServer {
  'name'?: (string);
}

export interface MetadataMCPServer__Output {
  'name': (string);
}
