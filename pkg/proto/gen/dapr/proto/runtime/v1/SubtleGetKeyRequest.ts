// Original file: proto/dapr/proto/runtime/v1/crypto.proto


// Original file: proto/dapr/proto/runtime/v1/crypto.proto

export const _dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat = {
  PEM: 'PEM',
  JSON: 'JSON',
} as const;

export type _dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat =
  | 'PEM'
  | 0
  | 'JSON'
  | 1

export type _dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat__Output = typeof _dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat[keyof typeof _dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat]

export interface SubtleGetKeyRequest {
  'component_name'?: (string);
  'name'?: (string);
  'format'?: (_dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat);
}

export interface SubtleGetKeyRequest__Output {
  'component_name': (string);
  'name': (string);
  'format': (_dapr_proto_runtime_v1_SubtleGetKeyRequest_KeyFormat__Output);
}
