// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationMessage as _dapr_proto_runtime_v1_ConversationMessage, ConversationMessage__Output as _dapr_proto_runtime_v1_ConversationMessage__Output } from '../../../../dapr/proto/runtime/v1/ConversationMessage.js';

export interface ConversationInputAlpha2 {
  'messages'?: (_dapr_proto_runtime_v1_ConversationMessage)[];
  'scrub_pii'?: (boolean);
  '_scrub_pii'?: "scrub_pii";
}

export interface ConversationInputAlpha2__Output {
  'messages': (_dapr_proto_runtime_v1_ConversationMessage__Output)[];
  'scrub_pii'?: (boolean);
  '_scrub_pii'?: "scrub_pii";
}
