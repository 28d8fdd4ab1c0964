// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { TopicRoutes as _dapr_proto_runtime_v1_TopicRoutes, TopicRoutes__Output as _dapr_proto_runtime_v1_TopicRoutes__Output } from '../../../../dapr/proto/runtime/v1/TopicRoutes.js';
import type { BulkSubscribeConfig as _dapr_proto_runtime_v1_BulkSubscribeConfig, BulkSubscribeConfig__Output as _dapr_proto_runtime_v1_BulkSubscribeConfig__Output } from '../../../../dapr/proto/runtime/v1/BulkSubscribeConfig.js';

export interface TopicSubscription {
  'pubsub_name'?: (string);
  'topic'?: (string);
  'metadata'?: ({[key: string]: string});
  'routes'?: (_dapr_proto_runtime_v1_TopicRoutes | null);
  'dead_letter_topic'?: (string);
  'bulk_subscribe'?: (_dapr_proto_runtime_v1_BulkSubscribeConfig | null);
}

export interface TopicSubscription__Output {
  'pubsub_name': (string);
  'topic': (string);
  'metadata': ({[key: string]: string});
  'routes': (_dapr_proto_runtime_v1_TopicRoutes__Output | null);
  'dead_letter_topic': (string);
  'bulk_subscribe': (_dapr_proto_runtime_v1_BulkSubscribeConfig__Output | null);
}
