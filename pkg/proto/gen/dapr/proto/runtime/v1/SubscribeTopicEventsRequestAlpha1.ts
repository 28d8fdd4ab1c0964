// Original file: proto/dapr/proto/runtime/v1/pubsub.proto

import type { SubscribeTopicEventsRequestInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1, SubscribeTopicEventsRequestInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeTopicEventsRequestInitialAlpha1.js';
import type { SubscribeTopicEventsRequestProcessedAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1, SubscribeTopicEventsRequestProcessedAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeTopicEventsRequestProcessedAlpha1.js';

export interface SubscribeTopicEventsRequestAlpha1 {
  'initial_request'?: (_dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1 | null);
  'event_processed'?: (_dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1 | null);
  'subscribe_topic_events_request_type'?: "initial_request"|"event_processed";
}

export interface SubscribeTopicEventsRequestAlpha1__Output {
  'initial_request'?: (_dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1__Output | null);
  'event_processed'?: (_dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1__Output | null);
  'subscribe_topic_events_request_type'?: "initial_request"|"event_processed";
}
