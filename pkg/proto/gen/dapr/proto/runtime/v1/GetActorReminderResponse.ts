// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';

export interface GetActorReminderResponse {
  'actor_type'?: (string);
  'actor_id'?: (string);
  'due_time'?: (string);
  'period'?: (string);
  'data'?: (_google_protobuf_Any | null);
  'ttl'?: (string);
  '_due_time'?: "due_time";
  '_period'?: "period";
  '_ttl'?: "ttl";
}

export interface GetActorReminderResponse__Output {
  'actor_type': (string);
  'actor_id': (string);
  'due_time'?: (string);
  'period'?: (string);
  'data': (_google_protobuf_Any__Output | null);
  'ttl'?: (string);
  '_due_time'?: "due_time";
  '_period'?: "period";
  '_ttl'?: "ttl";
}
