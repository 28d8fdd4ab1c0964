// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationResultAlpha2 as _dapr_proto_runtime_v1_ConversationResultAlpha2, ConversationResultAlpha2__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2__Output } from '../../../../dapr/proto/runtime/v1/ConversationResultAlpha2.js';

export interface ConversationResponseAlpha2 {
  'context_id'?: (string);
  'outputs'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2)[];
  '_context_id'?: "context_id";
}

export interface ConversationResponseAlpha2__Output {
  'context_id'?: (string);
  'outputs': (_dapr_proto_runtime_v1_ConversationResultAlpha2__Output)[];
  '_context_id'?: "context_id";
}
