// Original file: proto/dapr/proto/runtime/v1/pubsub.proto

import type { BulkPublishRequestEntry as _dapr_proto_runtime_v1_BulkPublishRequestEntry, BulkPublishRequestEntry__Output as _dapr_proto_runtime_v1_BulkPublishRequestEntry__Output } from '../../../../dapr/proto/runtime/v1/BulkPublishRequestEntry.js';

export interface BulkPublishRequest {
  'pubsub_name'?: (string);
  'topic'?: (string);
  'entries'?: (_dapr_proto_runtime_v1_BulkPublishRequestEntry)[];
  'metadata'?: ({[key: string]: string});
}

export interface BulkPublishRequest__Output {
  'pubsub_name': (string);
  'topic': (string);
  'entries': (_dapr_proto_runtime_v1_BulkPublishRequestEntry__Output)[];
  'metadata': ({[key: string]: string});
}
