// Original file: proto/dapr/proto/runtime/v1/actors.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';

export interface TransactionalActorStateOperation {
  'operationType'?: (string);
  'key'?: (string);
  'value'?: (_google_protobuf_Any | null);
  'metadata'?: ({[key: string]: string});
}

export interface TransactionalActorStateOperation__Output {
  'operationType': (string);
  'key': (string);
  'value': (_google_protobuf_Any__Output | null);
  'metadata': ({[key: string]: string});
}
