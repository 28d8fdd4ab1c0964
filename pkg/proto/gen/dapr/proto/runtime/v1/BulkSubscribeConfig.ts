// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


export interface BulkSubscribeConfig {
  'enabled'?: (boolean);
  'max_messages_count'?: (number);
  'max_await_duration_ms'?: (number);
}

export interface BulkSubscribeConfig__Output {
  'enabled': (boolean);
  'max_messages_count': (number);
  'max_await_duration_ms': (number);
}
