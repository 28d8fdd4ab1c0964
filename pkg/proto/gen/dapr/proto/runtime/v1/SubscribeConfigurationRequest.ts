// Original file: proto/dapr/proto/runtime/v1/configuration.proto


export interface SubscribeConfigurationRequest {
  'store_name'?: (string);
  'keys'?: (string)[];
  'metadata'?: ({[key: string]: string});
}

export interface SubscribeConfigurationRequest__Output {
  'store_name': (string);
  'keys': (string)[];
  'metadata': ({[key: string]: string});
}
