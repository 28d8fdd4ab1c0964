// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationMessageOfDeveloper as _dapr_proto_runtime_v1_ConversationMessageOfDeveloper, ConversationMessageOfDeveloper__Output as _dapr_proto_runtime_v1_ConversationMessageOfDeveloper__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageOfDeveloper.js';
import type { ConversationMessageOfSystem as _dapr_proto_runtime_v1_ConversationMessageOfSystem, ConversationMessageOfSystem__Output as _dapr_proto_runtime_v1_ConversationMessageOfSystem__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageOfSystem.js';
import type { ConversationMessageOfUser as _dapr_proto_runtime_v1_ConversationMessageOfUser, ConversationMessageOfUser__Output as _dapr_proto_runtime_v1_ConversationMessageOfUser__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageOfUser.js';
import type { ConversationMessageOfAssistant as _dapr_proto_runtime_v1_ConversationMessageOfAssistant, ConversationMessageOfAssistant__Output as _dapr_proto_runtime_v1_ConversationMessageOfAssistant__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageOfAssistant.js';
import type { ConversationMessageOfTool as _dapr_proto_runtime_v1_ConversationMessageOfTool, ConversationMessageOfTool__Output as _dapr_proto_runtime_v1_ConversationMessageOfTool__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessageOfTool.js';

export interface ConversationMessage {
  'of_developer'?: (_dapr_proto_runtime_v1_ConversationMessageOfDeveloper | null);
  'of_system'?: (_dapr_proto_runtime_v1_ConversationMessageOfSystem | null);
  'of_user'?: (_dapr_proto_runtime_v1_ConversationMessageOfUser | null);
  'of_assistant'?: (_dapr_proto_runtime_v1_ConversationMessageOfAssistant | null);
  'of_tool'?: (_dapr_proto_runtime_v1_ConversationMessageOfTool | null);
  'message_types'?: "of_developer"|"of_system"|"of_user"|"of_assistant"|"of_tool";
}

export interface ConversationMessage__Output {
  'of_developer'?: (_dapr_proto_runtime_v1_ConversationMessageOfDeveloper__Output | null);
  'of_system'?: (_dapr_proto_runtime_v1_ConversationMessageOfSystem__Output | null);
  'of_user'?: (_dapr_proto_runtime_v1_ConversationMessageOfUser__Output | null);
  'of_assistant'?: (_dapr_proto_runtime_v1_ConversationMessageOfAssistant__Output | null);
  'of_tool'?: (_dapr_proto_runtime_v1_ConversationMessageOfTool__Output | null);
  'message_types'?: "of_developer"|"of_system"|"of_user"|"of_assistant"|"of_tool";
}
