// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationResultChoices as _dapr_proto_runtime_v1_ConversationResultChoices, ConversationResultChoices__Output as _dapr_proto_runtime_v1_ConversationResultChoices__Output } from '../../../../dapr/proto/runtime/v1/ConversationResultChoices.js';
import type { ConversationResultAlpha2CompletionUsage as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage, ConversationResultAlpha2CompletionUsage__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage__Output } from '../../../../dapr/proto/runtime/v1/ConversationResultAlpha2CompletionUsage.js';

export interface ConversationResultAlpha2 {
  'choices'?: (_dapr_proto_runtime_v1_ConversationResultChoices)[];
  'model'?: (string);
  'usage'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage | null);
  '_model'?: "model";
  '_usage'?: "usage";
}

export interface ConversationResultAlpha2__Output {
  'choices': (_dapr_proto_runtime_v1_ConversationResultChoices__Output)[];
  'model'?: (string);
  'usage'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage__Output | null);
  '_model'?: "model";
  '_usage'?: "usage";
}
