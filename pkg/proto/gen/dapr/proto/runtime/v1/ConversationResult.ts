// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';

export interface ConversationResult {
  'result'?: (string);
  'parameters'?: ({[key: string]: _google_protobuf_Any});
}

export interface ConversationResult__Output {
  'result': (string);
  'parameters': ({[key: string]: _google_protobuf_Any__Output});
}
