// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';

export interface SubscribeActorEventsResponseReminderRequestAlpha1 {
  'id'?: (string);
  'actor_type'?: (string);
  'actor_id'?: (string);
  'name'?: (string);
  'due_time'?: (string);
  'period'?: (string);
  'data'?: (_google_protobuf_Any | null);
}

export interface SubscribeActorEventsResponseReminderRequestAlpha1__Output {
  'id': (string);
  'actor_type': (string);
  'actor_id': (string);
  'name': (string);
  'due_time': (string);
  'period': (string);
  'data': (_google_protobuf_Any__Output | null);
}
