// Original file: proto/dapr/proto/runtime/v1/ai.proto

import type { ConversationInputAlpha2 as _dapr_proto_runtime_v1_ConversationInputAlpha2, ConversationInputAlpha2__Output as _dapr_proto_runtime_v1_ConversationInputAlpha2__Output } from '../../../../dapr/proto/runtime/v1/ConversationInputAlpha2.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any.js';
import type { ConversationTools as _dapr_proto_runtime_v1_ConversationTools, ConversationTools__Output as _dapr_proto_runtime_v1_ConversationTools__Output } from '../../../../dapr/proto/runtime/v1/ConversationTools.js';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../google/protobuf/Duration.js';

export interface ConversationRequestAlpha2 {
  'name'?: (string);
  'context_id'?: (string);
  'inputs'?: (_dapr_proto_runtime_v1_ConversationInputAlpha2)[];
  'parameters'?: ({[key: string]: _google_protobuf_Any});
  'metadata'?: ({[key: string]: string});
  'scrub_pii'?: (boolean);
  'temperature'?: (number | string);
  'tools'?: (_dapr_proto_runtime_v1_ConversationTools)[];
  'tool_choice'?: (string);
  'response_format'?: (_google_protobuf_Struct | null);
  'prompt_cache_retention'?: (_google_protobuf_Duration | null);
  '_context_id'?: "context_id";
  '_scrub_pii'?: "scrub_pii";
  '_temperature'?: "temperature";
  '_tool_choice'?: "tool_choice";
  '_response_format'?: "response_format";
  '_prompt_cache_retention'?: "prompt_cache_retention";
}

export interface ConversationRequestAlpha2__Output {
  'name': (string);
  'context_id'?: (string);
  'inputs': (_dapr_proto_runtime_v1_ConversationInputAlpha2__Output)[];
  'parameters': ({[key: string]: _google_protobuf_Any__Output});
  'metadata': ({[key: string]: string});
  'scrub_pii'?: (boolean);
  'temperature'?: (number);
  'tools': (_dapr_proto_runtime_v1_ConversationTools__Output)[];
  'tool_choice'?: (string);
  'response_format'?: (_google_protobuf_Struct__Output | null);
  'prompt_cache_retention'?: (_google_protobuf_Duration__Output | null);
  '_context_id'?: "context_id";
  '_scrub_pii'?: "scrub_pii";
  '_temperature'?: "temperature";
  '_tool_choice'?: "tool_choice";
  '_response_format'?: "response_format";
  '_prompt_cache_retention'?: "prompt_cache_retention";
}
