// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { TopicEventBulkResponseEntry as _dapr_proto_runtime_v1_TopicEventBulkResponseEntry, TopicEventBulkResponseEntry__Output as _dapr_proto_runtime_v1_TopicEventBulkResponseEntry__Output } from '../../../../dapr/proto/runtime/v1/TopicEventBulkResponseEntry.js';

export interface TopicEventBulkResponse {
  'statuses'?: (_dapr_proto_runtime_v1_TopicEventBulkResponseEntry)[];
}

export interface TopicEventBulkResponse__Output {
  'statuses': (_dapr_proto_runtime_v1_TopicEventBulkResponseEntry__Output)[];
}
