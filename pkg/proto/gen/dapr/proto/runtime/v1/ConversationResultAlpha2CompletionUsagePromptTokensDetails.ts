// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { Long } from '@grpc/proto-loader';

export interface ConversationResultAlpha2CompletionUsagePromptTokensDetails {
  'audio_tokens'?: (number | string | Long);
  'cached_tokens'?: (number | string | Long);
}

export interface ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output {
  'audio_tokens': (string);
  'cached_tokens': (string);
}
