// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { JobFailurePolicy as _dapr_proto_common_v1_JobFailurePolicy, JobFailurePolicy__Output as _dapr_proto_common_v1_JobFailurePolicy__Output } from '../../../../dapr/proto/common/v1/JobFailurePolicy.js';

export interface RegisterActorReminderRequest {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'name'?: (string);
  'due_time'?: (string);
  'period'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'ttl'?: (string);
  'overwrite'?: (boolean);
  'failure_policy'?: (_dapr_proto_common_v1_JobFailurePolicy | null);
  '_overwrite'?: "overwrite";
  '_failure_policy'?: "failure_policy";
}

export interface RegisterActorReminderRequest__Output {
  'actor_type': (string);
  'actor_id': (string);
  'name': (string);
  'due_time': (string);
  'period': (string);
  'data': (Buffer);
  'ttl': (string);
  'overwrite'?: (boolean);
  'failure_policy'?: (_dapr_proto_common_v1_JobFailurePolicy__Output | null);
  '_overwrite'?: "overwrite";
  '_failure_policy'?: "failure_policy";
}
