// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { ActorReminder as _dapr_proto_runtime_v1_ActorReminder, ActorReminder__Output as _dapr_proto_runtime_v1_ActorReminder__Output } from '../../../../dapr/proto/runtime/v1/ActorReminder.js';

export interface NamedActorReminder {
  'name'?: (string);
  'reminder'?: (_dapr_proto_runtime_v1_ActorReminder | null);
}

export interface NamedActorReminder__Output {
  'name': (string);
  'reminder': (_dapr_proto_runtime_v1_ActorReminder__Output | null);
}
