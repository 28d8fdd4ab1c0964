// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface TerminateWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
}

export interface TerminateWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
}
