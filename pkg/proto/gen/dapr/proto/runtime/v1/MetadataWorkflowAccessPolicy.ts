// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface MetadataWorkflowAccessPolicy {
  'name'?: (string);
}

export interface MetadataWorkflowAccessPolicy__Output {
  'name': (string);
}
