// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { NamedActorReminder as _dapr_proto_runtime_v1_NamedActorReminder, NamedActorReminder__Output as _dapr_proto_runtime_v1_NamedActorReminder__Output } from '../../../../dapr/proto/runtime/v1/NamedActorReminder.js';

export interface ListActorRemindersResponse {
  'reminders'?: (_dapr_proto_runtime_v1_NamedActorReminder)[];
}

export interface ListActorRemindersResponse__Output {
  'reminders': (_dapr_proto_runtime_v1_NamedActorReminder__Output)[];
}
