// Original file: proto/dapr/proto/runtime/v1/metadata.proto

import type { PubsubSubscriptionRules as _dapr_proto_runtime_v1_PubsubSubscriptionRules, PubsubSubscriptionRules__Output as _dapr_proto_runtime_v1_PubsubSubscriptionRules__Output } from '../../../../dapr/proto/runtime/v1/PubsubSubscriptionRules.js';
import type { PubsubSubscriptionType as _dapr_proto_runtime_v1_PubsubSubscriptionType, PubsubSubscriptionType__Output as _dapr_proto_runtime_v1_PubsubSubscriptionType__Output } from '../../../../dapr/proto/runtime/v1/PubsubSubscriptionType.js';

export interface PubsubSubscription {
  'pubsub_name'?: (string);
  'topic'?: (string);
  'metadata'?: ({[key: string]: string});
  'rules'?: (_dapr_proto_runtime_v1_PubsubSubscriptionRules | null);
  'dead_letter_topic'?: (string);
  'type'?: (_dapr_proto_runtime_v1_PubsubSubscriptionType);
}

export interface PubsubSubscription__Output {
  'pubsub_name': (string);
  'topic': (string);
  'metadata': ({[key: string]: string});
  'rules': (_dapr_proto_runtime_v1_PubsubSubscriptionRules__Output | null);
  'dead_letter_topic': (string);
  'type': (_dapr_proto_runtime_v1_PubsubSubscriptionType__Output);
}
