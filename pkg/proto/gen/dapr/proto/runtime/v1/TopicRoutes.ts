// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { TopicRule as _dapr_proto_runtime_v1_TopicRule, TopicRule__Output as _dapr_proto_runtime_v1_TopicRule__Output } from '../../../../dapr/proto/runtime/v1/TopicRule.js';

export interface TopicRoutes {
  'rules'?: (_dapr_proto_runtime_v1_TopicRule)[];
  'default'?: (string);
}

export interface TopicRoutes__Output {
  'rules': (_dapr_proto_runtime_v1_TopicRule__Output)[];
  'default': (string);
}
