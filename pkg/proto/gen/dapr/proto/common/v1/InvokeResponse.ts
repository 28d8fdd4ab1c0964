// Original file: proto/dapr/proto/common/v1/common.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';

export interface InvokeResponse {
  'data'?: (_google_protobuf_Any | null);
  'content_type'?: (string);
}

export interface InvokeResponse__Output {
  'data': (_google_protobuf_Any__Output | null);
  'content_type': (string);
}
