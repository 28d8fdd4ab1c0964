// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationResultMessage as _dapr_proto_runtime_v1_ConversationResultMessage, ConversationResultMessage__Output as _dapr_proto_runtime_v1_ConversationResultMessage__Output } from '../../../../dapr/proto/runtime/v1/ConversationResultMessage.js';
import type { Long } from '@grpc/proto-loader';

export interface ConversationResultChoices {
  'finish_reason'?: (string);
  'index'?: (number | string | Long);
  'message'?: (_dapr_proto_runtime_v1_ConversationResultMessage | null);
}

export interface ConversationResultChoices__Output {
  'finish_reason': (string);
  'index': (string);
  'message': (_dapr_proto_runtime_v1_ConversationResultMessage__Output | null);
}
