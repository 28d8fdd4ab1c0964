// Original file: proto/dapr/proto/runtime/v1/workflow.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../../google/protobuf/Timestamp.js';

export interface GetWorkflowResponse {
  'instance_id'?: (string);
  'workflow_name'?: (string);
  'created_at'?: (_google_protobuf_Timestamp | null);
  'last_updated_at'?: (_google_protobuf_Timestamp | null);
  'runtime_status'?: (string);
  'properties'?: ({[key: string]: string});
}

export interface GetWorkflowResponse__Output {
  'instance_id': (string);
  'workflow_name': (string);
  'created_at': (_google_protobuf_Timestamp__Output | null);
  'last_updated_at': (_google_protobuf_Timestamp__Output | null);
  'runtime_status': (string);
  'properties': ({[key: string]: string});
}
