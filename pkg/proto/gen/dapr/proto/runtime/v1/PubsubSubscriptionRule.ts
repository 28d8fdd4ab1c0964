// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface PubsubSubscriptionRule {
  'match'?: (string);
  'path'?: (string);
}

export interface PubsubSubscriptionRule__Output {
  'match': (string);
  'path': (string);
}
