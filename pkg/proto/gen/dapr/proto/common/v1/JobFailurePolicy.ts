// Original file: proto/dapr/proto/common/v1/common.proto

import type { JobFailurePolicyDrop as _dapr_proto_common_v1_JobFailurePolicyDrop, JobFailurePolicyDrop__Output as _dapr_proto_common_v1_JobFailurePolicyDrop__Output } from '../../../../dapr/proto/common/v1/JobFailurePolicyDrop.js';
import type { JobFailurePolicyConstant as _dapr_proto_common_v1_JobFailurePolicyConstant, JobFailurePolicyConstant__Output as _dapr_proto_common_v1_JobFailurePolicyConstant__Output } from '../../../../dapr/proto/common/v1/JobFailurePolicyConstant.js';

export interface JobFailurePolicy {
  'drop'?: (_dapr_proto_common_v1_JobFailurePolicyDrop | null);
  'constant'?: (_dapr_proto_common_v1_JobFailurePolicyConstant | null);
  'policy'?: "drop"|"constant";
}

export interface JobFailurePolicy__Output {
  'drop'?: (_dapr_proto_common_v1_JobFailurePolicyDrop__Output | null);
  'constant'?: (_dapr_proto_common_v1_JobFailurePolicyConstant__Output | null);
  'policy'?: "drop"|"constant";
}
