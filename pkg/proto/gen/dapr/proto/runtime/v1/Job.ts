// Original file: proto/dapr/proto/runtime/v1/jobs.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';
import type { JobFailurePolicy as _dapr_proto_common_v1_JobFailurePolicy, JobFailurePolicy__Output as _dapr_proto_common_v1_JobFailurePolicy__Output } from '../../../../dapr/proto/common/v1/JobFailurePolicy.js';

export interface Job {
  'name'?: (string);
  'schedule'?: (string);
  'repeats'?: (number);
  'due_time'?: (string);
  'ttl'?: (string);
  'data'?: (_google_protobuf_Any | null);
  'failure_policy'?: (_dapr_proto_common_v1_JobFailurePolicy | null);
  '_schedule'?: "schedule";
  '_repeats'?: "repeats";
  '_due_time'?: "due_time";
  '_ttl'?: "ttl";
  '_data'?: "data";
  '_failure_policy'?: "failure_policy";
}

export interface Job__Output {
  'name': (string);
  'schedule'?: (string);
  'repeats'?: (number);
  'due_time'?: (string);
  'ttl'?: (string);
  'data'?: (_google_protobuf_Any__Output | null);
  'failure_policy'?: (_dapr_proto_common_v1_JobFailurePolicy__Output | null);
  '_schedule'?: "schedule";
  '_repeats'?: "repeats";
  '_due_time'?: "due_time";
  '_ttl'?: "ttl";
  '_data'?: "data";
  '_failure_policy'?: "failure_policy";
}
