// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { SubscribeActorEventsRequestInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1, SubscribeActorEventsRequestInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsRequestInitialAlpha1.js';
import type { SubscribeActorEventsRequestInvokeResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1, SubscribeActorEventsRequestInvokeResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsRequestInvokeResponseAlpha1.js';
import type { SubscribeActorEventsRequestReminderResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1, SubscribeActorEventsRequestReminderResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsRequestReminderResponseAlpha1.js';
import type { SubscribeActorEventsRequestDeactivateResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1, SubscribeActorEventsRequestDeactivateResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsRequestDeactivateResponseAlpha1.js';
import type { SubscribeActorEventsRequestFailedAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1, SubscribeActorEventsRequestFailedAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsRequestFailedAlpha1.js';

export interface SubscribeActorEventsRequestAlpha1 {
  'initial_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1 | null);
  'invoke_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1 | null);
  'reminder_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1 | null);
  'timer_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1 | null);
  'deactivate_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1 | null);
  'request_failed'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1 | null);
  'request_type'?: "initial_request"|"invoke_response"|"reminder_response"|"timer_response"|"deactivate_response"|"request_failed";
}

export interface SubscribeActorEventsRequestAlpha1__Output {
  'initial_request'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1__Output | null);
  'invoke_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1__Output | null);
  'reminder_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1__Output | null);
  'timer_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1__Output | null);
  'deactivate_response'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1__Output | null);
  'request_failed'?: (_dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1__Output | null);
  'request_type'?: "initial_request"|"invoke_response"|"reminder_response"|"timer_response"|"deactivate_response"|"request_failed";
}
