// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface GetWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
}

export interface GetWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
}
