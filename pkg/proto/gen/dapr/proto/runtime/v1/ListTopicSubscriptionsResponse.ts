// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { TopicSubscription as _dapr_proto_runtime_v1_TopicSubscription, TopicSubscription__Output as _dapr_proto_runtime_v1_TopicSubscription__Output } from '../../../../dapr/proto/runtime/v1/TopicSubscription.js';

export interface ListTopicSubscriptionsResponse {
  'subscriptions'?: (_dapr_proto_runtime_v1_TopicSubscription)[];
}

export interface ListTopicSubscriptionsResponse__Output {
  'subscriptions': (_dapr_proto_runtime_v1_TopicSubscription__Output)[];
}
