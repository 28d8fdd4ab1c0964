// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationMessageContent as _dapr_proto_runtime_v1_ConversationMessageContent, ConversationMessageContent__Output as _dapr_proto_runtime_v1_ConversationMessageContent__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageContent.js';

export interface ConversationMessageOfDeveloper {
  'name'?: (string);
  'content'?: (_dapr_proto_runtime_v1_ConversationMessageContent)[];
  '_name'?: "name";
}

export interface ConversationMessageOfDeveloper__Output {
  'name'?: (string);
  'content': (_dapr_proto_runtime_v1_ConversationMessageContent__Output)[];
  '_name'?: "name";
}
