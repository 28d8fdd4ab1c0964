// Original file: proto/dapr/proto/runtime/v1/metadata.proto

import type { AppConnectionHealthProperties as _dapr_proto_runtime_v1_AppConnectionHealthProperties, AppConnectionHealthProperties__Output as _dapr_proto_runtime_v1_AppConnectionHealthProperties__Output } from '../../../../dapr/proto/runtime/v1/AppConnectionHealthProperties.js';

export interface AppConnectionProperties {
  'port'?: (number);
  'protocol'?: (string);
  'channel_address'?: (string);
  'max_concurrency'?: (number);
  'health'?: (_dapr_proto_runtime_v1_AppConnectionHealthProperties | null);
}

export interface AppConnectionProperties__Output {
  'port': (number);
  'protocol': (string);
  'channel_address': (string);
  'max_concurrency': (number);
  'health': (_dapr_proto_runtime_v1_AppConnectionHealthProperties__Output | null);
}
