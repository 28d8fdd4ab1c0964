// Original file: proto/dapr/proto/runtime/v1/jobs.proto

import type { Job as _dapr_proto_runtime_v1_Job, Job__Output as _dapr_proto_runtime_v1_Job__Output } from '../../../../dapr/proto/runtime/v1/Job.js';

export interface ListJobsResponse {
  'jobs'?: (_dapr_proto_runtime_v1_Job)[];
}

export interface ListJobsResponse__Output {
  'jobs': (_dapr_proto_runtime_v1_Job__Output)[];
}
