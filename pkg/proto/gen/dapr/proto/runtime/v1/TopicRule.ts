// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


export interface TopicRule {
  'match'?: (string);
  'path'?: (string);
}

export interface TopicRule__Output {
  'match': (string);
  'path': (string);
}
