// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct.js';

export interface ConversationToolsFunction {
  'name'?: (string);
  'description'?: (string);
  'parameters'?: (_google_protobuf_Struct | null);
  '_description'?: "description";
}

export interface ConversationToolsFunction__Output {
  'name': (string);
  'description'?: (string);
  'parameters': (_google_protobuf_Struct__Output | null);
  '_description'?: "description";
}
