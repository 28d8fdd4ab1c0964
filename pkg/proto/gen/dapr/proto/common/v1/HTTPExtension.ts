// Original file: proto/dapr/proto/common/v1/common.proto


// Original file: proto/dapr/proto/common/v1/common.proto

export const _dapr_proto_common_v1_HTTPExtension_Verb = {
  NONE: 'NONE',
  GET: 'GET',
  HEAD: 'HEAD',
  POST: 'POST',
  PUT: 'PUT',
  DELETE: 'DELETE',
  CONNECT: 'CONNECT',
  OPTIONS: 'OPTIONS',
  TRACE: 'TRACE',
  PATCH: 'PATCH',
} as const;

export type _dapr_proto_common_v1_HTTPExtension_Verb =
  | 'NONE'
  | 0
  | 'GET'
  | 1
  | 'HEAD'
  | 2
  | 'POST'
  | 3
  | 'PUT'
  | 4
  | 'DELETE'
  | 5
  | 'CONNECT'
  | 6
  | 'OPTIONS'
  | 7
  | 'TRACE'
  | 8
  | 'PATCH'
  | 9

export type _dapr_proto_common_v1_HTTPExtension_Verb__Output = typeof _dapr_proto_common_v1_HTTPExtension_Verb[keyof typeof _dapr_proto_common_v1_HTTPExtension_Verb]

export interface HTTPExtension {
  'verb'?: (_dapr_proto_common_v1_HTTPExtension_Verb);
  'querystring'?: (string);
}

export interface HTTPExtension__Output {
  'verb': (_dapr_proto_common_v1_HTTPExtension_Verb__Output);
  'querystring': (string);
}
