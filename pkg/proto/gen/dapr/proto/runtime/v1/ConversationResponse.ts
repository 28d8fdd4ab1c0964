// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationResult as _dapr_proto_runtime_v1_ConversationResult, ConversationResult__Output as _dapr_proto_runtime_v1_ConversationResult__Output } from '../../../../dapr/proto/runtime/v1/ConversationResult.js';

export interface ConversationResponse {
  'contextID'?: (string);
  'outputs'?: (_dapr_proto_runtime_v1_ConversationResult)[];
  '_contextID'?: "contextID";
}

export interface ConversationResponse__Output {
  'contextID'?: (string);
  'outputs': (_dapr_proto_runtime_v1_ConversationResult__Output)[];
  '_contextID'?: "contextID";
}
