// Original file: proto/dapr/proto/runtime/v1/metadata.proto

export const PubsubSubscriptionType = {
  UNKNOWN: 'UNKNOWN',
  DECLARATIVE: 'DECLARATIVE',
  PROGRAMMATIC: 'PROGRAMMATIC',
  STREAMING: 'STREAMING',
} as const;

export type PubsubSubscriptionType =
  | 'UNKNOWN'
  | 0
  | 'DECLARATIVE'
  | 1
  | 'PROGRAMMATIC'
  | 2
  | 'STREAMING'
  | 3

export type PubsubSubscriptionType__Output = typeof PubsubSubscriptionType[keyof typeof PubsubSubscriptionType]
