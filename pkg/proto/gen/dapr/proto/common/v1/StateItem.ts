// Original file: proto/dapr/proto/common/v1/common.proto

import type { Etag as _dapr_proto_common_v1_Etag, Etag__Output as _dapr_proto_common_v1_Etag__Output } from '../../../../dapr/proto/common/v1/Etag.js';
import type { StateOptions as _dapr_proto_common_v1_StateOptions, StateOptions__Output as _dapr_proto_common_v1_StateOptions__Output } from '../../../../dapr/proto/common/v1/StateOptions.js';

export interface StateItem {
  'key'?: (string);
  'value'?: (Buffer | Uint8Array | string);
  'etag'?: (_dapr_proto_common_v1_Etag | null);
  'metadata'?: ({[key: string]: string});
  'options'?: (_dapr_proto_common_v1_StateOptions | null);
}

export interface StateItem__Output {
  'key': (string);
  'value': (Buffer);
  'etag': (_dapr_proto_common_v1_Etag__Output | null);
  'metadata': ({[key: string]: string});
  'options': (_dapr_proto_common_v1_StateOptions__Output | null);
}
