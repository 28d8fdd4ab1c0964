// Original file: proto/dapr/proto/runtime/v1/pubsub.proto

import type { TopicEventResponse as _dapr_proto_runtime_v1_TopicEventResponse, TopicEventResponse__Output as _dapr_proto_runtime_v1_TopicEventResponse__Output } from '../../../../dapr/proto/runtime/v1/TopicEventResponse.js';

export interface SubscribeTopicEventsRequestProcessedAlpha1 {
  'id'?: (string);
  'status'?: (_dapr_proto_runtime_v1_TopicEventResponse | null);
}

export interface SubscribeTopicEventsRequestProcessedAlpha1__Output {
  'id': (string);
  'status': (_dapr_proto_runtime_v1_TopicEventResponse__Output | null);
}
