// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';
import type { HTTPExtension as _dapr_proto_common_v1_HTTPExtension, HTTPExtension__Output as _dapr_proto_common_v1_HTTPExtension__Output } from '../../../../dapr/proto/common/v1/HTTPExtension.js';

export interface JobEventRequest {
  'name'?: (string);
  'data'?: (_google_protobuf_Any | null);
  'method'?: (string);
  'content_type'?: (string);
  'http_extension'?: (_dapr_proto_common_v1_HTTPExtension | null);
}

export interface JobEventRequest__Output {
  'name': (string);
  'data': (_google_protobuf_Any__Output | null);
  'method': (string);
  'content_type': (string);
  'http_extension': (_dapr_proto_common_v1_HTTPExtension__Output | null);
}
