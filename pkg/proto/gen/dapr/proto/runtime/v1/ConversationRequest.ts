// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationInput as _dapr_proto_runtime_v1_ConversationInput, ConversationInput__Output as _dapr_proto_runtime_v1_ConversationInput__Output } from '../../../../dapr/proto/runtime/v1/ConversationInput.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';

export interface ConversationRequest {
  'name'?: (string);
  'contextID'?: (string);
  'inputs'?: (_dapr_proto_runtime_v1_ConversationInput)[];
  'parameters'?: ({[key: string]: _google_protobuf_Any});
  'metadata'?: ({[key: string]: string});
  'scrubPII'?: (boolean);
  'temperature'?: (number | string);
  '_contextID'?: "contextID";
  '_scrubPII'?: "scrubPII";
  '_temperature'?: "temperature";
}

export interface ConversationRequest__Output {
  'name': (string);
  'contextID'?: (string);
  'inputs': (_dapr_proto_runtime_v1_ConversationInput__Output)[];
  'parameters': ({[key: string]: _google_protobuf_Any__Output});
  'metadata': ({[key: string]: string});
  'scrubPII'?: (boolean);
  'temperature'?: (number);
  '_contextID'?: "contextID";
  '_scrubPII'?: "scrubPII";
  '_temperature'?: "temperature";
}
