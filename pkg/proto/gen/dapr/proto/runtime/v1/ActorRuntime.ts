// Original file: proto/dapr/proto/runtime/v1/metadata.proto

import type { ActiveActorsCount as _dapr_proto_runtime_v1_ActiveActorsCount, ActiveActorsCount__Output as _dapr_proto_runtime_v1_ActiveActorsCount__Output } from '../../../../dapr/proto/runtime/v1/ActiveActorsCount.js';

// Original file: proto/dapr/proto/runtime/v1/metadata.proto

export const _dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus = {
  INITIALIZING: 'INITIALIZING',
  DISABLED: 'DISABLED',
  RUNNING: 'RUNNING',
} as const;

export type _dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus =
  | 'INITIALIZING'
  | 0
  | 'DISABLED'
  | 1
  | 'RUNNING'
  | 2

export type _dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus__Output = typeof _dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus[keyof typeof _dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus]

export interface ActorRuntime {
  'runtime_status'?: (_dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus);
  'active_actors'?: (_dapr_proto_runtime_v1_ActiveActorsCount)[];
  'host_ready'?: (boolean);
  'placement'?: (string);
}

export interface ActorRuntime__Output {
  'runtime_status': (_dapr_proto_runtime_v1_ActorRuntime_ActorRuntimeStatus__Output);
  'active_actors': (_dapr_proto_runtime_v1_ActiveActorsCount__Output)[];
  'host_ready': (boolean);
  'placement': (string);
}
