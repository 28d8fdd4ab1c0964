// Original file: proto/dapr/proto/common/v1/common.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../google/protobuf/Duration.js';

export interface JobFailurePolicyConstant {
  'interval'?: (_google_protobuf_Duration | null);
  'max_retries'?: (number);
  '_max_retries'?: "max_retries";
}

export interface JobFailurePolicyConstant__Output {
  'interval': (_google_protobuf_Duration__Output | null);
  'max_retries'?: (number);
  '_max_retries'?: "max_retries";
}
