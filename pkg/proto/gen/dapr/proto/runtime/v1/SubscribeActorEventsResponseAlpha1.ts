// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { SubscribeActorEventsResponseInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1, SubscribeActorEventsResponseInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsResponseInitialAlpha1.js';
import type { SubscribeActorEventsResponseInvokeRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1, SubscribeActorEventsResponseInvokeRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsResponseInvokeRequestAlpha1.js';
import type { SubscribeActorEventsResponseReminderRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1, SubscribeActorEventsResponseReminderRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsResponseReminderRequestAlpha1.js';
import type { SubscribeActorEventsResponseTimerRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1, SubscribeActorEventsResponseTimerRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsResponseTimerRequestAlpha1.js';
import type { SubscribeActorEventsResponseDeactivateRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1, SubscribeActorEventsResponseDeactivateRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsResponseDeactivateRequestAlpha1.js';

export interface SubscribeActorEventsResponseAlpha1 {
  'initial_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1 | null);
  'invoke_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1 | null);
  'reminder_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1 | null);
  'timer_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1 | null);
  'deactivate_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1 | null);
  'response_type'?: "initial_response"|"invoke_request"|"reminder_request"|"timer_request"|"deactivate_request";
}

export interface SubscribeActorEventsResponseAlpha1__Output {
  'initial_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1__Output | null);
  'invoke_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1__Output | null);
  'reminder_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1__Output | null);
  'timer_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1__Output | null);
  'deactivate_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1__Output | null);
  'response_type'?: "initial_response"|"invoke_request"|"reminder_request"|"timer_request"|"deactivate_request";
}
