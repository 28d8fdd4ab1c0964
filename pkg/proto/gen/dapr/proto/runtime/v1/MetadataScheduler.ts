// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface MetadataScheduler {
  'connected_addresses'?: (string)[];
}

export interface MetadataScheduler__Output {
  'connected_addresses': (string)[];
}
