// Original file: proto/dapr/proto/runtime/v1/pubsub.proto

import type { BulkPublishResponseFailedEntry as _dapr_proto_runtime_v1_BulkPublishResponseFailedEntry, BulkPublishResponseFailedEntry__Output as _dapr_proto_runtime_v1_BulkPublishResponseFailedEntry__Output } from '../../../../dapr/proto/runtime/v1/BulkPublishResponseFailedEntry.js';

export interface BulkPublishResponse {
  'failedEntries'?: (_dapr_proto_runtime_v1_BulkPublishResponseFailedEntry)[];
}

export interface BulkPublishResponse__Output {
  'failedEntries': (_dapr_proto_runtime_v1_BulkPublishResponseFailedEntry__Output)[];
}
