// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus, _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus__Output } from '../../../../dapr/proto/runtime/v1/TopicEventResponse.js';

export interface TopicEventBulkResponseEntry {
  'entry_id'?: (string);
  'status'?: (_dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus);
}

export interface TopicEventBulkResponseEntry__Output {
  'entry_id': (string);
  'status': (_dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus__Output);
}
