// Original file: proto/dapr/proto/runtime/v1/configuration.proto

import type { ConfigurationItem as _dapr_proto_common_v1_ConfigurationItem, ConfigurationItem__Output as _dapr_proto_common_v1_ConfigurationItem__Output } from '../../../../dapr/proto/common/v1/ConfigurationItem.js';

export interface GetConfigurationResponse {
  'items'?: ({[key: string]: _dapr_proto_common_v1_ConfigurationItem});
}

export interface GetConfigurationResponse__Output {
  'items': ({[key: string]: _dapr_proto_common_v1_ConfigurationItem__Output});
}
