// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface MetadataResiliency {
  'name'?: (string);
}

export interface MetadataResiliency__Output {
  'name': (string);
}
