// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface MetadataWorkflows {
  'connected_workers'?: (number);
}

export interface MetadataWorkflows__Output {
  'connected_workers': (number);
}
