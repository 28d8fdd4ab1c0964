// Original file: proto/dapr/proto/common/v1/common.proto


// Original file: proto/dapr/proto/common/v1/common.proto

export const _dapr_proto_common_v1_StateOptions_StateConcurrency = {
  CONCURRENCY_UNSPECIFIED: 'CONCURRENCY_UNSPECIFIED',
  CONCURRENCY_FIRST_WRITE: 'CONCURRENCY_FIRST_WRITE',
  CONCURRENCY_LAST_WRITE: 'CONCURRENCY_LAST_WRITE',
} as const;

export type _dapr_proto_common_v1_StateOptions_StateConcurrency =
  | 'CONCURRENCY_UNSPECIFIED'
  | 0
  | 'CONCURRENCY_FIRST_WRITE'
  | 1
  | 'CONCURRENCY_LAST_WRITE'
  | 2

export type _dapr_proto_common_v1_StateOptions_StateConcurrency__Output = typeof _dapr_proto_common_v1_StateOptions_StateConcurrency[keyof typeof _dapr_proto_common_v1_StateOptions_StateConcurrency]

// Original file: proto/dapr/proto/common/v1/common.proto

export const _dapr_proto_common_v1_StateOptions_StateConsistency = {
  CONSISTENCY_UNSPECIFIED: 'CONSISTENCY_UNSPECIFIED',
  CONSISTENCY_EVENTUAL: 'CONSISTENCY_EVENTUAL',
  CONSISTENCY_STRONG: 'CONSISTENCY_STRONG',
} as const;

export type _dapr_proto_common_v1_StateOptions_StateConsistency =
  | 'CONSISTENCY_UNSPECIFIED'
  | 0
  | 'CONSISTENCY_EVENTUAL'
  | 1
  | 'CONSISTENCY_STRONG'
  | 2

export type _dapr_proto_common_v1_StateOptions_StateConsistency__Output = typeof _dapr_proto_common_v1_StateOptions_StateConsistency[keyof typeof _dapr_proto_common_v1_StateOptions_StateConsistency]

export interface StateOptions {
  'concurrency'?: (_dapr_proto_common_v1_StateOptions_StateConcurrency);
  'consistency'?: (_dapr_proto_common_v1_StateOptions_StateConsistency);
}

export interface StateOptions__Output {
  'concurrency': (_dapr_proto_common_v1_StateOptions_StateConcurrency__Output);
  'consistency': (_dapr_proto_common_v1_StateOptions_StateConsistency__Output);
}
