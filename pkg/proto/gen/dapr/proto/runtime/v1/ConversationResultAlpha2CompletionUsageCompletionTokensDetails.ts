// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { Long } from '@grpc/proto-loader';

export interface ConversationResultAlpha2CompletionUsageCompletionTokensDetails {
  'accepted_prediction_tokens'?: (number | string | Long);
  'audio_tokens'?: (number | string | Long);
  'reasoning_tokens'?: (number | string | Long);
  'rejected_prediction_tokens'?: (number | string | Long);
}

export interface ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output {
  'accepted_prediction_tokens': (string);
  'audio_tokens': (string);
  'reasoning_tokens': (string);
  'rejected_prediction_tokens': (string);
}
