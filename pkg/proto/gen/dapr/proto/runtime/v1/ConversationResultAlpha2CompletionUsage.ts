// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationResultAlpha2CompletionUsageCompletionTokensDetails as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails, ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output } from '../../../../dapr/proto/runtime/v1/ConversationResultAlpha2CompletionUsageCompletionTokensDetails.js';
import type { ConversationResultAlpha2CompletionUsagePromptTokensDetails as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails, ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output } from '../../../../dapr/proto/runtime/v1/ConversationResultAlpha2CompletionUsagePromptTokensDetails.js';
import type { Long } from '@grpc/proto-loader';

export interface ConversationResultAlpha2CompletionUsage {
  'completion_tokens'?: (number | string | Long);
  'prompt_tokens'?: (number | string | Long);
  'total_tokens'?: (number | string | Long);
  'completion_tokens_details'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails | null);
  'prompt_tokens_details'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails | null);
  '_completion_tokens_details'?: "completion_tokens_details";
  '_prompt_tokens_details'?: "prompt_tokens_details";
}

export interface ConversationResultAlpha2CompletionUsage__Output {
  'completion_tokens': (string);
  'prompt_tokens': (string);
  'total_tokens': (string);
  'completion_tokens_details'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output | null);
  'prompt_tokens_details'?: (_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output | null);
  '_completion_tokens_details'?: "completion_tokens_details";
  '_prompt_tokens_details'?: "prompt_tokens_details";
}
