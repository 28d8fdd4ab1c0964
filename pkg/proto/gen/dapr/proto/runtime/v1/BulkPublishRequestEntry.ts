// Original file: proto/dapr/proto/runtime/v1/pubsub.proto


export interface BulkPublishRequestEntry {
  'entry_id'?: (string);
  'event'?: (Buffer | Uint8Array | string);
  'content_type'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface BulkPublishRequestEntry__Output {
  'entry_id': (string);
  'event': (Buffer);
  'content_type': (string);
  'metadata': ({[key: string]: string});
}
