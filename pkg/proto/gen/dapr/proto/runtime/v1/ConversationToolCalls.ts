// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationToolCallsOfFunction as _dapr_proto_runtime_v1_ConversationToolCallsOfFunction, ConversationToolCallsOfFunction__Output as _dapr_proto_runtime_v1_ConversationToolCallsOfFunction__Output } from '../../../../dapr/proto/runtime/v1/ConversationToolCallsOfFunction.js';

export interface ConversationToolCalls {
  'id'?: (string);
  'function'?: (_dapr_proto_runtime_v1_ConversationToolCallsOfFunction | null);
  '_id'?: "id";
  'tool_types'?: "function";
}

export interface ConversationToolCalls__Output {
  'id'?: (string);
  'function'?: (_dapr_proto_runtime_v1_ConversationToolCallsOfFunction__Output | null);
  '_id'?: "id";
  'tool_types'?: "function";
}
