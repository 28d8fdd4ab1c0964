// Original file: proto/dapr/proto/runtime/v1/ai.proto


export interface ConversationToolCallsOfFunction {
  'name'?: (string);
  'arguments'?: (string);
}

export interface ConversationToolCallsOfFunction__Output {
  'name': (string);
  'arguments': (string);
}
