// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationToolsFunction as _dapr_proto_runtime_v1_ConversationToolsFunction, ConversationToolsFunction__Output as _dapr_proto_runtime_v1_ConversationToolsFunction__Output } from '../../../../dapr/proto/runtime/v1/ConversationToolsFunction.js';

export interface ConversationTools {
  'function'?: (_dapr_proto_runtime_v1_ConversationToolsFunction | null);
  'tool_types'?: "function";
}

export interface ConversationTools__Output {
  'function'?: (_dapr_proto_runtime_v1_ConversationToolsFunction__Output | null);
  'tool_types'?: "function";
}
