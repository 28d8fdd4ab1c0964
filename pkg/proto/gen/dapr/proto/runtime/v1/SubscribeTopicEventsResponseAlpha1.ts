// Original file: proto/dapr/proto/runtime/v1/pubsub.proto

import type { SubscribeTopicEventsResponseInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1, SubscribeTopicEventsResponseInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeTopicEventsResponseInitialAlpha1.js';
import type { TopicEventRequest as _dapr_proto_runtime_v1_TopicEventRequest, TopicEventRequest__Output as _dapr_proto_runtime_v1_TopicEventRequest__Output } from '../../../../dapr/proto/runtime/v1/TopicEventRequest.js';

export interface SubscribeTopicEventsResponseAlpha1 {
  'initial_response'?: (_dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1 | null);
  'event_message'?: (_dapr_proto_runtime_v1_TopicEventRequest | null);
  'subscribe_topic_events_response_type'?: "initial_response"|"event_message";
}

export interface SubscribeTopicEventsResponseAlpha1__Output {
  'initial_response'?: (_dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1__Output | null);
  'event_message'?: (_dapr_proto_runtime_v1_TopicEventRequest__Output | null);
  'subscribe_topic_events_response_type'?: "initial_response"|"event_message";
}
