// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface PurgeWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
}

export interface PurgeWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
}
