// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct.js';

export interface TopicEventCERequest {
  'id'?: (string);
  'source'?: (string);
  'type'?: (string);
  'spec_version'?: (string);
  'data_content_type'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'extensions'?: (_google_protobuf_Struct | null);
}

export interface TopicEventCERequest__Output {
  'id': (string);
  'source': (string);
  'type': (string);
  'spec_version': (string);
  'data_content_type': (string);
  'data': (Buffer);
  'extensions': (_google_protobuf_Struct__Output | null);
}
