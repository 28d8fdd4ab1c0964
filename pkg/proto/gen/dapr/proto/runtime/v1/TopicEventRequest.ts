// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct.js';

export interface TopicEventRequest {
  'id'?: (string);
  'source'?: (string);
  'type'?: (string);
  'spec_version'?: (string);
  'data_content_type'?: (string);
  'topic'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'pubsub_name'?: (string);
  'path'?: (string);
  'extensions'?: (_google_protobuf_Struct | null);
}

export interface TopicEventRequest__Output {
  'id': (string);
  'source': (string);
  'type': (string);
  'spec_version': (string);
  'data_content_type': (string);
  'topic': (string);
  'data': (Buffer);
  'pubsub_name': (string);
  'path': (string);
  'extensions': (_google_protobuf_Struct__Output | null);
}
