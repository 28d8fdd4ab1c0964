// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

export const _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus = {
  SUCCESS: 'SUCCESS',
  RETRY: 'RETRY',
  DROP: 'DROP',
} as const;

export type _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus =
  | 'SUCCESS'
  | 0
  | 'RETRY'
  | 1
  | 'DROP'
  | 2

export type _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus__Output = typeof _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus[keyof typeof _dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus]

export interface TopicEventResponse {
  'status'?: (_dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus);
}

export interface TopicEventResponse__Output {
  'status': (_dapr_proto_runtime_v1_TopicEventResponse_TopicEventResponseStatus__Output);
}
