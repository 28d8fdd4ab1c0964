// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationMessageContent as _dapr_proto_runtime_v1_ConversationMessageContent, ConversationMessageContent__Output as _dapr_proto_runtime_v1_ConversationMessageContent__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageContent.js';
import type { ConversationToolCalls as _dapr_proto_runtime_v1_ConversationToolCalls, ConversationToolCalls__Output as _dapr_proto_runtime_v1_ConversationToolCalls__Output } from '../../../../dapr/proto/runtime/v1/ConversationToolCalls.js';

export interface ConversationMessageOfAssistant {
  'name'?: (string);
  'content'?: (_dapr_proto_runtime_v1_ConversationMessageContent)[];
  'tool_calls'?: (_dapr_proto_runtime_v1_ConversationToolCalls)[];
  '_name'?: "name";
}

export interface ConversationMessageOfAssistant__Output {
  'name'?: (string);
  'content': (_dapr_proto_runtime_v1_ConversationMessageContent__Output)[];
  'tool_calls': (_dapr_proto_runtime_v1_ConversationToolCalls__Output)[];
  '_name'?: "name";
}
