// Original file: proto/dapr/proto/runtime/v1/workflow.proto


export interface StartWorkflowRequest {
  'instance_id'?: (string);
  'workflow_component'?: (string);
  'workflow_name'?: (string);
  'options'?: ({[key: string]: string});
  'input'?: (Buffer | Uint8Array | string);
}

export interface StartWorkflowRequest__Output {
  'instance_id': (string);
  'workflow_component': (string);
  'workflow_name': (string);
  'options': ({[key: string]: string});
  'input': (Buffer);
}
