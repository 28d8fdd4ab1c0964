// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationToolCalls as _dapr_proto_runtime_v1_ConversationToolCalls, ConversationToolCalls__Output as _dapr_proto_runtime_v1_ConversationToolCalls__Output } from '../../../../dapr/proto/runtime/v1/ConversationToolCalls.js';

export interface ConversationResultMessage {
  'content'?: (string);
  'tool_calls'?: (_dapr_proto_runtime_v1_ConversationToolCalls)[];
}

export interface ConversationResultMessage__Output {
  'content': (string);
  'tool_calls': (_dapr_proto_runtime_v1_ConversationToolCalls__Output)[];
}
