// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface ResumeWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
}

export interface ResumeWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
}
