// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { TopicEventBulkRequestEntry as _dapr_proto_runtime_v1_TopicEventBulkRequestEntry, TopicEventBulkRequestEntry__Output as _dapr_proto_runtime_v1_TopicEventBulkRequestEntry__Output } from '../../../../dapr/proto/runtime/v1/TopicEventBulkRequestEntry.js';

export interface TopicEventBulkRequest {
  'id'?: (string);
  'entries'?: (_dapr_proto_runtime_v1_TopicEventBulkRequestEntry)[];
  'metadata'?: ({[key: string]: string});
  'topic'?: (string);
  'pubsub_name'?: (string);
  'type'?: (string);
  'path'?: (string);
}

export interface TopicEventBulkRequest__Output {
  'id': (string);
  'entries': (_dapr_proto_runtime_v1_TopicEventBulkRequestEntry__Output)[];
  'metadata': ({[key: string]: string});
  'topic': (string);
  'pubsub_name': (string);
  'type': (string);
  'path': (string);
}
