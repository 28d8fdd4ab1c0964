// Original file: proto/dapr/proto/runtime/v1/configuration.proto


export interface GetConfigurationRequest {
  'store_name'?: (string);
  'keys'?: (string)[];
  'metadata'?: ({[key: string]: string});
}

export interface GetConfigurationRequest__Output {
  'store_name': (string);
  'keys': (string)[];
  'metadata': ({[key: string]: string});
}
