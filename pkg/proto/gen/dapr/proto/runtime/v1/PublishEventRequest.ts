// Original file: proto/dapr/proto/runtime/v1/pubsub.proto


export interface PublishEventRequest {
  'pubsub_name'?: (string);
  'topic'?: (string);
  'data'?: (Buffer | Uint8Array | string);
  'data_content_type'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface PublishEventRequest__Output {
  'pubsub_name': (string);
  'topic': (string);
  'data': (Buffer);
  'data_content_type': (string);
  'metadata': ({[key: string]: string});
}
