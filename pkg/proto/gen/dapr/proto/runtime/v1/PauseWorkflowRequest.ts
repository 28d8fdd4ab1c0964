// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface PauseWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
}

export interface PauseWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
}
