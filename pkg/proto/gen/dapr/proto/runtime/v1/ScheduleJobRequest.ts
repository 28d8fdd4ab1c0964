// Original file: proto/dapr/proto/runtime/v1/jobs.proto

import type { Job as _dapr_proto_runtime_v1_Job, Job__Output as _dapr_proto_runtime_v1_Job__Output } from '../../../../dapr/proto/runtime/v1/Job.js';

export interface ScheduleJobRequest {
  'job'?: (_dapr_proto_runtime_v1_Job | null);
  'overwrite'?: (boolean);
}

export interface ScheduleJobRequest__Output {
  'job': (_dapr_proto_runtime_v1_Job__Output | null);
  'overwrite': (boolean);
}
