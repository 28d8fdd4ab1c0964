// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationMessageContent as _dapr_proto_runtime_v1_ConversationMessageContent, ConversationMessageContent__Output as _dapr_proto_runtime_v1_ConversationMessageContent__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageContent.js';

export interface ConversationMessageOfTool {
  'tool_id'?: (string);
  'name'?: (string);
  'content'?: (_dapr_proto_runtime_v1_ConversationMessageContent)[];
  '_tool_id'?: "tool_id";
}

export interface ConversationMessageOfTool__Output {
  'tool_id'?: (string);
  'name': (string);
  'content': (_dapr_proto_runtime_v1_ConversationMessageContent__Output)[];
  '_tool_id'?: "tool_id";
}
