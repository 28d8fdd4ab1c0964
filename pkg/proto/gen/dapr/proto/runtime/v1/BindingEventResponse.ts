// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type { StateItem as _dapr_proto_common_v1_StateItem, StateItem__Output as _dapr_proto_common_v1_StateItem__Output } from '../../../../dapr/proto/common/v1/StateItem.js';

// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

export const _dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency = {
  SEQUENTIAL: 'SEQUENTIAL',
  PARALLEL: 'PARALLEL',
} as const;

export type _dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency =
  | 'SEQUENTIAL'
  | 0
  | 'PARALLEL'
  | 1

export type _dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency__Output = typeof _dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency[keyof typeof _dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency]

export interface BindingEventResponse {
  'store_name'?: (string);
  'states'?: (_dapr_proto_common_v1_StateItem)[];
  'to'?: (string)[];
  'data'?: (Buffer | Uint8Array | string);
  'concurrency'?: (_dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency);
}

export interface BindingEventResponse__Output {
  'store_name': (string);
  'states': (_dapr_proto_common_v1_StateItem__Output)[];
  'to': (string)[];
  'data': (Buffer);
  'concurrency': (_dapr_proto_runtime_v1_BindingEventResponse_BindingEventConcurrency__Output);
}
