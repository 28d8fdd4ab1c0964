// Original file: proto/dapr/proto/runtime/v1/ai.proto


export interface ConversationInput {
  'content'?: (string);
  'role'?: (string);
  'scrubPII'?: (boolean);
  '_role'?: "role";
  '_scrubPII'?: "scrubPII";
}

export interface ConversationInput__Output {
  'content': (string);
  'role'?: (string);
  'scrubPII'?: (boolean);
  '_role'?: "role";
  '_scrubPII'?: "scrubPII";
}
