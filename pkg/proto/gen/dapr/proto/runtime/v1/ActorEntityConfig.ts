// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../google/protobuf/Duration.js';
import type { ActorReentrancyConfig as _dapr_proto_runtime_v1_ActorReentrancyConfig, ActorReentrancyConfig__Output as _dapr_proto_runtime_v1_ActorReentrancyConfig__Output } from '../../../../dapr/proto/runtime/v1/ActorReentrancyConfig.js';

export interface ActorEntityConfig {
  'entities'?: (string)[];
  'actor_idle_timeout'?: (_google_protobuf_Duration | null);
  'drain_ongoing_call_timeout'?: (_google_protobuf_Duration | null);
  'drain_rebalanced_actors'?: (boolean);
  'reentrancy'?: (_dapr_proto_runtime_v1_ActorReentrancyConfig | null);
  '_actor_idle_timeout'?: "actor_idle_timeout";
  '_drain_ongoing_call_timeout'?: "drain_ongoing_call_timeout";
  '_drain_rebalanced_actors'?: "drain_rebalanced_actors";
  '_reentrancy'?: "reentrancy";
}

export interface ActorEntityConfig__Output {
  'entities': (string)[];
  'actor_idle_timeout'?: (_google_protobuf_Duration__Output | null);
  'drain_ongoing_call_timeout'?: (_google_protobuf_Duration__Output | null);
  'drain_rebalanced_actors'?: (boolean);
  'reentrancy'?: (_dapr_proto_runtime_v1_ActorReentrancyConfig__Output | null);
  '_actor_idle_timeout'?: "actor_idle_timeout";
  '_drain_ongoing_call_timeout'?: "drain_ongoing_call_timeout";
  '_drain_rebalanced_actors'?: "drain_rebalanced_actors";
  '_reentrancy'?: "reentrancy";
}
