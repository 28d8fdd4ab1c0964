// Original file: proto/dapr/proto/common/v1/common.proto


export interface ConfigurationItem {
  'value'?: (string);
  'version'?: (string);
  'metadata'?: ({[key: string]: string});
}

export interface ConfigurationItem__Output {
  'value': (string);
  'version': (string);
  'metadata': ({[key: string]: string});
}
