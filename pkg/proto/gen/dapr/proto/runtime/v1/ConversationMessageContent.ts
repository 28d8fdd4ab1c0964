// Original file: proto/dapr/proto/runtime/v1/ai.proto


export interface ConversationMessageContent {
  'text'?: (string);
}

export interface ConversationMessageContent__Output {
  'text': (string);
}
