// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface StartWorkflowResponse {
  'instance_id'?: (string);
}

export interface StartWorkflowResponse__Output {
  'instance_id': (string);
}
