// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface RaiseEventWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
  'event_name'?: (string);
  'event_data'?: (Buffer | Uint8Array | string);
}

export interface RaiseEventWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
  'event_name': (string);
  'event_data': (Buffer);
}
