// Original file: proto/dapr/proto/common/v1/common.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';
import type { HTTPExtension as _dapr_proto_common_v1_HTTPExtension, HTTPExtension__Output as _dapr_proto_common_v1_HTTPExtension__Output } from '../../../../dapr/proto/common/v1/HTTPExtension.js';

export interface InvokeRequest {
  'method'?: (string);
  'data'?: (_google_protobuf_Any | null);
  'content_type'?: (string);
  'http_extension'?: (_dapr_proto_common_v1_HTTPExtension | null);
}

export interface InvokeRequest__Output {
  'method': (string);
  'data': (_google_protobuf_Any__Output | null);
  'content_type': (string);
  'http_extension': (_dapr_proto_common_v1_HTTPExtension__Output | null);
}
