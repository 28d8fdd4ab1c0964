// Original file: proto/dapr/proto/runtime/v1/pubsub.proto


export interface BulkPublishResponseFailedEntry {
  'entry_id'?: (string);
  'error'?: (string);
}

export interface BulkPublishResponseFailedEntry__Output {
  'entry_id': (string);
  'error': (string);
}
