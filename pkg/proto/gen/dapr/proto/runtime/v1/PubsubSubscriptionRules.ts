// Original file: proto/dapr/proto/runtime/v1/metadata.proto

import type { PubsubSubscriptionRule as _dapr_proto_runtime_v1_PubsubSubscriptionRule, PubsubSubscriptionRule__Output as _dapr_proto_runtime_v1_PubsubSubscriptionRule__Output } from '../../../../dapr/proto/runtime/v1/PubsubSubscriptionRule.js';

export interface PubsubSubscriptionRules {
  'rules'?: (_dapr_proto_runtime_v1_PubsubSubscriptionRule)[];
}

export interface PubsubSubscriptionRules__Output {
  'rules': (_dapr_proto_runtime_v1_PubsubSubscriptionRule__Output)[];
}
