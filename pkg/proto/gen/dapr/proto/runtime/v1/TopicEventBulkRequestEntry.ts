// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { TopicEventCERequest as _dapr_proto_runtime_v1_TopicEventCERequest, TopicEventCERequest__Output as _dapr_proto_runtime_v1_TopicEventCERequest__Output } from '../../../../dapr/proto/runtime/v1/TopicEventCERequest.js';

export interface TopicEventBulkRequestEntry {
  'entry_id'?: (string);
  'bytes'?: (Buffer | Uint8Array | string);
  'cloud_event'?: (_dapr_proto_runtime_v1_TopicEventCERequest | null);
  'content_type'?: (string);
  'metadata'?: ({[key: string]: string});
  'event'?: "bytes"|"cloud_event";
}

export interface TopicEventBulkRequestEntry__Output {
  'entry_id': (string);
  'bytes'?: (Buffer);
  'cloud_event'?: (_dapr_proto_runtime_v1_TopicEventCERequest__Output | null);
  'content_type': (string);
  'metadata': ({[key: string]: string});
  'event'?: "bytes"|"cloud_event";
}
